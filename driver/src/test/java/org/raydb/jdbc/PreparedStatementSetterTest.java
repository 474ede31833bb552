package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.Arrays;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every setter of {@link PreparedStatement} behaves through the raydb driver exactly as through DuckDB's: the
 * same value comes back, or the same kind of failure (with a state added). The case list must name every
 * setter JDBC declares, so a new one cannot slip by untested.
 */
class PreparedStatementSetterTest {

    @FunctionalInterface
    interface Setter {
        void bind(PreparedStatement ps) throws Exception;
    }

    record Case(String sql, Setter setter) {}

    private static final Calendar UTC = Calendar.getInstance(TimeZone.getTimeZone("UTC"));

    private static Map<String, Case> cases() throws Exception {
        byte[] bytes = "bytes".getBytes(StandardCharsets.UTF_8);
        Map<String, Case> c = new LinkedHashMap<>();
        c.put(
                "setArray(int,Array)",
                new Case(
                        "SELECT ?",
                        ps -> ps.setArray(1, ps.getConnection().createArrayOf("INTEGER", new Object[] {1, 2}))));
        c.put(
                "setAsciiStream(int,InputStream)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setAsciiStream(1, new ByteArrayInputStream(bytes))));
        c.put(
                "setAsciiStream(int,InputStream,int)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setAsciiStream(1, new ByteArrayInputStream(bytes), 5)));
        c.put(
                "setAsciiStream(int,InputStream,long)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setAsciiStream(1, new ByteArrayInputStream(bytes), 5L)));
        c.put(
                "setBigDecimal(int,BigDecimal)",
                new Case("SELECT ?::DECIMAL(18,3)", ps -> ps.setBigDecimal(1, new BigDecimal("12345.678"))));
        c.put(
                "setBinaryStream(int,InputStream)",
                new Case("SELECT ?::BLOB", ps -> ps.setBinaryStream(1, new ByteArrayInputStream(bytes))));
        c.put(
                "setBinaryStream(int,InputStream,int)",
                new Case("SELECT ?::BLOB", ps -> ps.setBinaryStream(1, new ByteArrayInputStream(bytes), 5)));
        c.put(
                "setBinaryStream(int,InputStream,long)",
                new Case("SELECT ?::BLOB", ps -> ps.setBinaryStream(1, new ByteArrayInputStream(bytes), 5L)));
        c.put("setBlob(int,Blob)", new Case("SELECT ?::BLOB", ps -> ps.setBlob(1, (java.sql.Blob) null)));
        c.put(
                "setBlob(int,InputStream)",
                new Case("SELECT ?::BLOB", ps -> ps.setBlob(1, new ByteArrayInputStream(bytes))));
        c.put(
                "setBlob(int,InputStream,long)",
                new Case("SELECT ?::BLOB", ps -> ps.setBlob(1, new ByteArrayInputStream(bytes), 5L)));
        c.put("setBoolean(int,boolean)", new Case("SELECT ?", ps -> ps.setBoolean(1, true)));
        c.put("setByte(int,byte)", new Case("SELECT ?", ps -> ps.setByte(1, (byte) -7)));
        c.put("setBytes(int,byte[])", new Case("SELECT ?", ps -> ps.setBytes(1, bytes)));
        c.put(
                "setCharacterStream(int,Reader)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setCharacterStream(1, new StringReader("chars ü"))));
        c.put(
                "setCharacterStream(int,Reader,int)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setCharacterStream(1, new StringReader("chars ü"), 7)));
        c.put(
                "setCharacterStream(int,Reader,long)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setCharacterStream(1, new StringReader("chars ü"), 7L)));
        c.put("setClob(int,Clob)", new Case("SELECT ?::VARCHAR", ps -> ps.setClob(1, (java.sql.Clob) null)));
        c.put("setClob(int,Reader)", new Case("SELECT ?::VARCHAR", ps -> ps.setClob(1, new StringReader("clob"))));
        c.put(
                "setClob(int,Reader,long)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setClob(1, new StringReader("clob"), 4L)));
        c.put("setDate(int,Date)", new Case("SELECT ?", ps -> ps.setDate(1, Date.valueOf("2024-02-29"))));
        c.put("setDate(int,Date,Calendar)", new Case("SELECT ?", ps -> ps.setDate(1, Date.valueOf("2024-02-29"), UTC)));
        c.put("setDouble(int,double)", new Case("SELECT ?", ps -> ps.setDouble(1, -2.5e300)));
        c.put("setFloat(int,float)", new Case("SELECT ?", ps -> ps.setFloat(1, 1.25f)));
        c.put("setInt(int,int)", new Case("SELECT ?", ps -> ps.setInt(1, Integer.MIN_VALUE)));
        c.put("setLong(int,long)", new Case("SELECT ?", ps -> ps.setLong(1, Long.MAX_VALUE)));
        c.put(
                "setNCharacterStream(int,Reader)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setNCharacterStream(1, new StringReader("nchars"))));
        c.put(
                "setNCharacterStream(int,Reader,long)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setNCharacterStream(1, new StringReader("nchars"), 6L)));
        c.put("setNClob(int,NClob)", new Case("SELECT ?::VARCHAR", ps -> ps.setNClob(1, (java.sql.NClob) null)));
        c.put("setNClob(int,Reader)", new Case("SELECT ?::VARCHAR", ps -> ps.setNClob(1, new StringReader("nclob"))));
        c.put(
                "setNClob(int,Reader,long)",
                new Case("SELECT ?::VARCHAR", ps -> ps.setNClob(1, new StringReader("nclob"), 5L)));
        c.put("setNString(int,String)", new Case("SELECT ?", ps -> ps.setNString(1, "nstring ñ")));
        c.put("setNull(int,int)", new Case("SELECT ?::INTEGER", ps -> ps.setNull(1, Types.INTEGER)));
        c.put("setNull(int,int,String)", new Case("SELECT ?::INTEGER", ps -> ps.setNull(1, Types.INTEGER, "INTEGER")));
        c.put("setObject(int,Object)", new Case("SELECT ?", ps -> ps.setObject(1, 99L)));
        c.put("setObject(int,Object,SQLType)", new Case("SELECT ?", ps -> ps.setObject(1, "12", JDBCType.INTEGER)));
        c.put(
                "setObject(int,Object,SQLType,int)",
                new Case("SELECT ?", ps -> ps.setObject(1, new BigDecimal("1.2345"), JDBCType.DECIMAL, 2)));
        c.put("setObject(int,Object,int)", new Case("SELECT ?", ps -> ps.setObject(1, "34", Types.BIGINT)));
        c.put(
                "setObject(int,Object,int,int)",
                new Case("SELECT ?", ps -> ps.setObject(1, new BigDecimal("5.678"), Types.DECIMAL, 1)));
        c.put("setRef(int,Ref)", new Case("SELECT ?", ps -> ps.setRef(1, null)));
        c.put("setRowId(int,RowId)", new Case("SELECT ?", ps -> ps.setRowId(1, null)));
        c.put("setSQLXML(int,SQLXML)", new Case("SELECT ?", ps -> ps.setSQLXML(1, null)));
        c.put("setShort(int,short)", new Case("SELECT ?", ps -> ps.setShort(1, (short) -300)));
        c.put("setString(int,String)", new Case("SELECT ?", ps -> ps.setString(1, "Grüße 世界")));
        c.put("setTime(int,Time)", new Case("SELECT ?", ps -> ps.setTime(1, Time.valueOf("12:34:56"))));
        c.put("setTime(int,Time,Calendar)", new Case("SELECT ?", ps -> ps.setTime(1, Time.valueOf("12:34:56"), UTC)));
        c.put(
                "setTimestamp(int,Timestamp)",
                new Case("SELECT ?", ps -> ps.setTimestamp(1, Timestamp.valueOf("2024-02-29 12:34:56.789"))));
        c.put(
                "setTimestamp(int,Timestamp,Calendar)",
                new Case("SELECT ?", ps -> ps.setTimestamp(1, Timestamp.valueOf("2024-02-29 12:34:56.789"), UTC)));
        c.put("setURL(int,URL)", new Case("SELECT ?", ps -> ps.setURL(1, new URL("https://duckdb.org/"))));
        c.put(
                "setUnicodeStream(int,InputStream,int)",
                new Case("SELECT ?::VARCHAR", PreparedStatementSetterTest::setUnicodeStream));
        return c;
    }

    /** Outcomes checked against the bound value itself, not only against DuckDB's driver. */
    private static final Map<String, String> EXPECTED = Map.of(
            "setInt(int,int)", "Integer:-2147483648",
            "setLong(int,long)", "Long:9223372036854775807",
            "setString(int,String)", "String:Grüße 世界",
            "setNull(int,int)", "null:null",
            "setBigDecimal(int,BigDecimal)", "BigDecimal:12345.678",
            "setBoolean(int,boolean)", "Boolean:true",
            "setCharacterStream(int,Reader)", "String:chars ü",
            "setDate(int,Date)", "LocalDate:2024-02-29",
            "setTimestamp(int,Timestamp)", "Timestamp:2024-02-29 12:34:56.789",
            "setObject(int,Object,int,int)", "BigDecimal:5.678");

    @SuppressWarnings("deprecation")
    private static void setUnicodeStream(PreparedStatement ps) throws SQLException {
        ps.setUnicodeStream(1, new ByteArrayInputStream(new byte[] {0, 65}), 2);
    }

    @Test
    void casesCoverEverySetter() throws Exception {
        TreeSet<String> declared = Arrays.stream(PreparedStatement.class.getDeclaredMethods())
                .filter(m -> m.getName().startsWith("set"))
                .map(PreparedStatementSetterTest::signature)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(declared, new TreeSet<>(cases().keySet()));
    }

    private static String signature(Method m) {
        return m.getName()
                + Arrays.stream(m.getParameterTypes())
                        .map(Class::getSimpleName)
                        .collect(Collectors.joining(",", "(", ")"));
    }

    @Test
    void everySetterBehavesLikeDuckDbs() throws Exception {
        int supported = 0;
        try (Connection ray = Databases.raydb();
                Connection duck = Databases.duckdb()) {
            for (Map.Entry<String, Case> entry : cases().entrySet()) {
                String viaDuck = outcome(duck, entry.getValue());
                String viaRay = outcome(ray, entry.getValue());
                assertEquals(viaDuck, viaRay, entry.getKey());
                String expected = EXPECTED.get(entry.getKey());
                if (expected != null) {
                    assertEquals(expected, viaRay, entry.getKey());
                }
                if (!viaDuck.startsWith("!")) {
                    supported++;
                }
            }
        }
        assertTrue(supported >= 30, "most setters work: " + supported);
    }

    /** The value read back as "class:string", or "!ExceptionClass" when the setter or execution failed. */
    private static String outcome(Connection connection, Case c) throws Exception {
        try (PreparedStatement ps = connection.prepareStatement(c.sql())) {
            try {
                c.setter().bind(ps);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    Object value = rs.getObject(1);
                    return (value == null ? "null" : value.getClass().getSimpleName()) + ":" + rs.getString(1);
                }
            } catch (SQLFeatureNotSupportedException e) {
                if (!connection.getClass().getName().startsWith("org.duckdb")) {
                    assertEquals("0A000", e.getSQLState());
                }
                return "!" + SQLFeatureNotSupportedException.class.getSimpleName();
            } catch (SQLException e) {
                assertNotNull(e.getMessage());
                return "!" + SQLException.class.getSimpleName() + ":" + e.getMessage();
            }
        }
    }
}
