package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every type DuckDB returns through JDBC reads the same through the raydb driver as through DuckDB's own:
 * getString, getObject (value and class), column type and type name, and NULL of each.
 */
class TypeFidelityTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "TINYINT|-128",
                "SMALLINT|-32768",
                "INTEGER|2147483647",
                "BIGINT|-9223372036854775808",
                "HUGEINT|170141183460469231731687303715884105727",
                "UTINYINT|255",
                "USMALLINT|65535",
                "UINTEGER|4294967295",
                "UBIGINT|18446744073709551615",
                "DECIMAL(18,3)|123456789012345.678",
                "DECIMAL(38,10)|-1234567890123456789012345678.0123456789",
                "FLOAT|3.25",
                "DOUBLE|-2.718281828459045",
                "VARCHAR|'Grüße, 世界 🚀 ñ'",
                "DATE|'2024-02-29'",
                "TIME|'23:59:58.123456'",
                "TIMESTAMP|'2024-02-29 12:34:56.789012'",
                "TIMESTAMPTZ|'2024-02-29 12:34:56.789+02'",
                "INTERVAL|'1 year 2 months 3 days 04:05:06.789'",
                "BOOLEAN|true",
                "BLOB|'\\x00\\xFFab'",
                "UUID|'123e4567-e89b-12d3-a456-426614174000'",
                "INTEGER[]|[1, 2, NULL, 4]",
                "VARCHAR[]|['a', 'ü', NULL]",
                "STRUCT(i INTEGER, s VARCHAR)|{'i': 42, 's': 'forty-two'}",
                "UHUGEINT|340282366920938463463374607431768211455",
                "TIMETZ|'12:34:56+02'",
                "INTEGER[3]|[1, 2, 3]",
                "MAP(VARCHAR, INTEGER)|MAP {'a': 1, 'b': 2}",
                "ENUM('small', 'large')|'large'"
            })
    void readsLikeDuckDbsOwnDriver(String type, String literal) throws SQLException {
        String sql = "SELECT CAST(" + literal + " AS " + type + ") AS v UNION ALL SELECT CAST(NULL AS " + type
                + ") ORDER BY v NULLS LAST";
        try (Connection ray = Databases.raydb();
                Connection duck = Databases.duckdb();
                Statement rs1 = ray.createStatement();
                Statement rs2 = duck.createStatement();
                ResultSet viaRay = rs1.executeQuery(sql);
                ResultSet viaDuck = rs2.executeQuery(sql)) {
            ResultSetMetaData rayMeta = viaRay.getMetaData();
            ResultSetMetaData duckMeta = viaDuck.getMetaData();
            assertEquals(duckMeta.getColumnType(1), rayMeta.getColumnType(1), "column type");
            assertEquals(duckMeta.getColumnTypeName(1), rayMeta.getColumnTypeName(1), "column type name");
            assertEquals(duckMeta.getColumnClassName(1), rayMeta.getColumnClassName(1), "column class");
            assertEquals(duckMeta.getPrecision(1), rayMeta.getPrecision(1), "precision");
            assertEquals(duckMeta.getScale(1), rayMeta.getScale(1), "scale");

            assertTrue(viaRay.next() && viaDuck.next());
            String text = viaDuck.getString(1);
            assertEquals(text, viaRay.getString(1), "getString");
            Object rayValue = viaRay.getObject(1);
            Object duckValue = viaDuck.getObject(1);
            assertEquals(duckValue.getClass(), rayValue.getClass(), "getObject class");
            assertEquals(comparable(duckValue), comparable(rayValue), "getObject value");
            assertFalse(viaRay.wasNull());
            assertNotBlankLiteral(type, text, rayValue);

            assertTrue(viaRay.next() && viaDuck.next());
            assertNull(viaRay.getObject(1), "NULL " + type);
            assertTrue(viaRay.wasNull());
            assertEquals(viaDuck.getString(1), viaRay.getString(1), "getString of NULL");
            assertFalse(viaRay.next());
        }
    }

    /** Checks against the literal itself, so a wrapper that read the wrong column could not pass. */
    private static void assertNotBlankLiteral(String type, String text, Object value) {
        switch (type) {
            case "HUGEINT" -> assertEquals(new BigInteger("170141183460469231731687303715884105727"), value);
            case "UBIGINT" -> assertEquals("18446744073709551615", text);
            case "DECIMAL(38,10)" -> assertEquals(new BigDecimal("-1234567890123456789012345678.0123456789"), value);
            case "VARCHAR" -> assertEquals("Grüße, 世界 🚀 ñ", value);
            case "UUID" -> assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), value);
            case "INTEGER" -> assertEquals(Integer.MAX_VALUE, value);
            default -> assertFalse(text.isEmpty());
        }
    }

    /** A value that compares by content: JDBC arrays, structs and blobs compare by identity otherwise. */
    private static Object comparable(Object value) throws SQLException {
        if (value instanceof Array array) {
            List<Object> items = new ArrayList<>();
            for (Object item : (Object[]) array.getArray()) {
                items.add(comparable(item));
            }
            return items;
        }
        if (value instanceof Struct struct) {
            List<Object> items = new ArrayList<>();
            items.add(struct.getSQLTypeName());
            for (Object item : struct.getAttributes()) {
                items.add(comparable(item));
            }
            return items;
        }
        if (value instanceof Blob blob) {
            return new BigInteger(1, blob.getBytes(1, (int) blob.length())).toString(16) + "/" + blob.length();
        }
        return value;
    }

    @Test
    void blobBytesSurvive() throws SQLException {
        try (Connection ray = Databases.raydb();
                Statement s = ray.createStatement();
                ResultSet rs = s.executeQuery("SELECT '\\x00\\xFFab'::BLOB")) {
            assertTrue(rs.next());
            assertArrayEquals(new byte[] {0, (byte) 255, 97, 98}, rs.getBytes(1));
        }
    }
}
