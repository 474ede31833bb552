package org.raydb.offload.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.Utf8Order;

/** Loads every column form from a real DuckDB and checks each row against DuckDB's own values. */
class ColumnLoaderTest {

    private static final TableRef T = new TableRef("memory", "main", "t");

    private static final String TABLE = "CREATE TABLE t AS SELECT"
            + " (i % 100)::TINYINT AS ti, (i * 7 % 30000)::SMALLINT AS si, (i * 13)::INTEGER AS ii,"
            + " (i * 1000003)::BIGINT - 5000000000 AS bi,"
            + " CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 1.25 - 900)::DECIMAL(18,2) END AS dc,"
            + " (i * 3.5)::DECIMAL(38,1) AS wide,"
            + " DATE '1992-01-01' + (i % 2500)::INTEGER AS dt,"
            + " TIMESTAMP '2000-01-01' + to_microseconds(i * 999) AS ts,"
            + " CASE WHEN i % 5 = 0 THEN NULL ELSE i % 3 = 0 END AS bo,"
            // Quotes, non-BMP characters (UTF-8 order differs from Java's there), an empty string, NULLs.
            + " CASE WHEN i % 9 = 0 THEN NULL ELSE ['it''s', '😀', '\uFFFD', '', 'b', 'a'][i % 6 + 1] END AS vs,"
            + " NULL::VARCHAR AS nothing,"
            // More distinct values than a dictionary is listed for: these travel as strings.
            + " 'k' || i AS many"
            + " FROM range(70000) r(i)";

    private static final List<String> NAMES =
            List.of("ti", "si", "ii", "bi", "dc", "wide", "dt", "ts", "bo", "vs", "nothing", "many");

    @Test
    void everyColumnFormLoadsExactlyInScanOrder() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            exec(c, TABLE);
            // Dense rowids: exported in rowid ranges at once (70,000 rows make two parts or more).
            checkAgainstDuckDb(c, allocator);
            // Gaps in rowid: the scan order must still line up with DuckDB's.
            exec(c, "DELETE FROM t WHERE ii % 17 = 5");
            checkAgainstDuckDb(c, allocator);
            exec(c, "SET preserve_insertion_order = false");
            checkAgainstDuckDb(c, allocator);
        }
    }

    /**
     * A background load gives way to the application's statements before each DuckDB statement it starts, not only
     * between the export's batches: an empty table's load reads no batch, and still runs four statements (its row
     * count, a VARCHAR column's distinct values, a setting, the export), each of which would run on DuckDB's threads
     * beside a statement that started meanwhile.
     */
    @Test
    void aBackgroundLoadGivesWayBeforeEachDuckDbStatementItRuns() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            exec(c, "CREATE TABLE e(v VARCHAR, n INTEGER)");
            int[] gaveWay = {0};
            List<ColumnData> loaded = ColumnLoader.load(
                    c,
                    new TableRef("memory", "main", "e"),
                    List.of("v", "n"),
                    List.of(ColumnType.of(ColumnType.Kind.VARCHAR), ColumnType.of(ColumnType.Kind.INTEGER)),
                    allocator,
                    new QueryCancel(() -> gaveWay[0]++));
            assertEquals(0, loaded.get(0).rows());
            assertTrue(gaveWay[0] >= 4, "gave way " + gaveWay[0] + " times");
        }
    }

    /** A background build's load runs in its pool of workers: its export reads no more parts at once than it has. */
    @Test
    void anExportInsideAPoolOfWorkersReadsAsManyPartsAtOnceAsItHasWorkers() throws Exception {
        assertEquals(ColumnLoader.MAX_PARTS, ColumnLoader.maxParts(), "outside any pool: one part per core, up to 16");
        ForkJoinPool workers = new ForkJoinPool(1);
        try {
            assertEquals(1, workers.submit(ColumnLoader::maxParts).get());
        } finally {
            workers.shutdown();
        }
    }

    @Test
    void narrowTypesAreHeldAsIntsThroughTheirExtremes() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            exec(
                    c,
                    "CREATE TABLE t (ti TINYINT, si SMALLINT, ii INTEGER, dt DATE, bo BOOLEAN, bi BIGINT,"
                            + " dc DECIMAL(18,2), wd DECIMAL(38,0))");
            exec(
                    c,
                    "INSERT INTO t VALUES"
                            + " (-128, -32768, -2147483648, DATE '5877642-06-25 (BC)', false, -9223372036854775808,"
                            + " -9999999999999999.99, -9223372036854775808),"
                            + " (127, 32767, 2147483647, DATE '5881580-07-10', true, 9223372036854775807,"
                            + " 9999999999999999.99, 9223372036854775807),"
                            + " (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),"
                            + " (0, -1, 1, DATE '1969-12-31', true, 0, -0.01, -1)");
            List<String> names = List.of("ti", "si", "ii", "dt", "bo", "bi", "dc", "wd");
            List<ColumnData> loaded = checkAgainstDuckDb(
                    c,
                    allocator,
                    names,
                    "SELECT ti, si, ii,"
                            + " dt - DATE '1970-01-01', bo::INTEGER, bi, (dc::DECIMAL(20,2) * 100)::BIGINT, wd::BIGINT"
                            + " FROM t ORDER BY rowid");
            int[] bytesPerRow = {4, 4, 4, 4, 4, 8, 8, 8};
            for (int col = 0; col < names.size(); col++) {
                assertEquals(bytesPerRow[col] * 4L, loaded.get(col).bytes(), names.get(col));
            }
        }
    }

    @Test
    void aWiderArrowTypeThanThePlanStatesIsRefused() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            exec(c, "CREATE TABLE t AS SELECT 5000000000::BIGINT AS b");
            SQLException e = assertThrows(
                    SQLException.class,
                    () -> ColumnLoader.load(
                            c,
                            T,
                            List.of("b"),
                            List.of(ColumnType.of(ColumnType.Kind.INTEGER)),
                            allocator,
                            new QueryCancel()));
            assertEquals("0A000", e.getSQLState());
            assertTrue(e.getMessage().contains("column b (INTEGER) arrived as Arrow Int(64, true)"), e.getMessage());
        }
    }

    @Test
    void decimalsBeyond64BitsAreRefused() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            exec(c, "CREATE TABLE t AS SELECT 1e30::DECIMAL(38,0) AS d");
            SQLException e = assertThrows(
                    SQLException.class,
                    () -> ColumnLoader.load(
                            c, T, List.of("d"), List.of(ColumnType.decimal(38, 0)), allocator, new QueryCancel()));
            assertEquals("22003", e.getSQLState());
        }
    }

    private static void checkAgainstDuckDb(Connection c, BufferAllocator allocator) throws SQLException {
        List<ColumnData> loaded = checkAgainstDuckDb(
                c,
                allocator,
                NAMES,
                "SELECT ti, si, ii, bi,"
                        + " (dc * 100)::BIGINT, (wide * 10)::BIGINT, dt - DATE '1970-01-01', epoch_us(ts), bo::INTEGER, vs,"
                        + " nothing, many FROM t ORDER BY rowid");
        for (int col = 0; col < NAMES.size(); col++) {
            ColumnData data = loaded.get(col);
            if (data.isString()) {
                String[] dictionary = data.stringDictionary();
                for (int i = 1; i < dictionary.length; i++) {
                    assertTrue(Utf8Order.compare(dictionary[i - 1], dictionary[i]) < 0, NAMES.get(col) + " order");
                }
                for (int row = 0; row < data.rows(); row++) {
                    int code = data.stringCodes()[row];
                    assertTrue(
                            data.isNull(row) ? code == dictionary.length : code < dictionary.length,
                            NAMES.get(col) + " code of row " + row);
                }
            }
        }
        assertNull(loaded.get(NAMES.indexOf("nothing")).valueAt(0));
        assertEquals(0, loaded.get(NAMES.indexOf("nothing")).stringDictionary().length);
        assertEquals(
                List.of("", "a", "b", "it's", "\uFFFD", "😀"),
                List.of(loaded.get(NAMES.indexOf("vs")).stringDictionary()));
    }

    /**
     * Loads {@code names} with their DuckDB types and checks every row against {@code expectedSql}, which
     * selects each column's storage form; NULL rows of a number column must hold 0.
     */
    private static List<ColumnData> checkAgainstDuckDb(
            Connection c, BufferAllocator allocator, List<String> names, String expectedSql) throws SQLException {
        List<ColumnType> types = new ArrayList<>();
        for (String name : names) {
            types.add(typeOf(c, name));
        }
        List<ColumnData> loaded = ColumnLoader.load(c, T, names, types, allocator, new QueryCancel());
        List<List<Object>> expected = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(expectedSql)) {
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= names.size(); i++) {
                    Object v = rs.getObject(i);
                    row.add(v == null ? null : v instanceof String s ? s : (Object) ((Number) v).longValue());
                }
                expected.add(row);
            }
        }
        assertEquals(expected.size(), loaded.get(0).rows());
        for (int col = 0; col < names.size(); col++) {
            ColumnData data = loaded.get(col);
            for (int row = 0; row < expected.size(); row++) {
                Object value = expected.get(row).get(col);
                assertEquals(value, data.valueAt(row), names.get(col) + " row " + row);
                if (!data.isString()) {
                    assertEquals(value == null ? 0L : (long) value, data.longAt(row), names.get(col) + " row " + row);
                }
            }
        }
        return loaded;
    }

    private static ColumnType typeOf(Connection c, String column) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT data_type FROM information_schema.columns WHERE table_name = 't' AND column_name = '"
                                + column + "'")) {
            rs.next();
            String type = rs.getString(1);
            if (type.startsWith("DECIMAL")) {
                String[] ws = type.substring(8, type.length() - 1).split(",");
                return ColumnType.decimal(Integer.parseInt(ws[0].trim()), Integer.parseInt(ws[1].trim()));
            }
            return ColumnType.of(ColumnType.Kind.valueOf(type));
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
