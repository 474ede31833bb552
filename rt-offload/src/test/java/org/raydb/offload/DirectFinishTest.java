package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.result.DirectResultSet;

/**
 * The direct finish ({@code finish=direct}) against DuckDB running the same rewritten statement: statements
 * that only project, order and limit the groups are answered without DuckDB, row for row in DuckDB's order,
 * with DuckDB's labels, types, value classes and texts; every other statement, and a result with a NULL in a
 * sort key, is still finished by DuckDB, and {@code finish=duckdb} always lets DuckDB finish.
 */
class DirectFinishTest {

    /** Keys of several types (k32 with NULLs), strings whose UTF-8 order differs from Java's UTF-16 order. */
    private static final String TABLE = "CREATE TABLE h AS SELECT i::INTEGER AS id,"
            + " (i % 3 - 1)::TINYINT AS k8, (i % 5 - 2)::SMALLINT AS k16, CASE WHEN i % 11 = 0 THEN NULL"
            + " ELSE (i % 4)::INTEGER END AS k32, (i % 6 - 3)::BIGINT * 10000000000 AS k64,"
            + " ((i % 7) * 1.5 - 4)::DECIMAL(9,2) AS kdec, DATE '1969-12-25' + (i % 9)::INTEGER AS kdate,"
            + " i % 2 = 0 AS kbool, CASE i % 6 WHEN 0 THEN 'a' WHEN 1 THEN 'é' WHEN 2 THEN '😀' WHEN 3 THEN ''"
            + " WHEN 4 THEN chr(65533) ELSE 'A' END AS kstr,"
            + " (i * 7 - 3000)::INTEGER AS m, (i * 2.25)::DECIMAL(12,2) AS md FROM range(6000) r(i)";

    /** Statements of the direct shape; each ORDER BY orders every row, so DuckDB's order is the only one. */
    private static final List<String> DIRECT = List.of(
            "SELECT kstr, k16, sum(m) AS s FROM h GROUP BY kstr, k16 ORDER BY kstr DESC, k16",
            "SELECT kstr, count(*) FROM h GROUP BY kstr ORDER BY kstr",
            "SELECT k8, kdate, count(*) AS c, sum(md) FROM h GROUP BY k8, kdate ORDER BY c DESC, k8, kdate",
            "SELECT k64, kdec, sum(m) AS s FROM h GROUP BY k64, kdec ORDER BY s DESC, k64, kdec LIMIT 5 OFFSET 3",
            "SELECT k64, kdec, sum(m) AS s FROM h GROUP BY k64, kdec ORDER BY k64, kdec LIMIT 2 OFFSET 1000",
            "SELECT k16, sum(m) AS s FROM h GROUP BY k16 ORDER BY k16 LIMIT 9223372036854775807 OFFSET 2",
            "SELECT K16 AS Key, sum(m) AS Total, avg(md), min(md), max(m) FROM h GROUP BY k16 ORDER BY key DESC",
            "SELECT sum(m) AS s FROM h GROUP BY k16 ORDER BY k16 DESC",
            "SELECT kbool, k8, sum(m) FROM h GROUP BY kbool, k8 ORDER BY kbool DESC, k8 ASC",
            "SELECT k32, sum(m) AS s FROM h GROUP BY k32 ORDER BY s",
            "SELECT sum(m), count(*), sum(md) FROM h WHERE k16 = 1",
            "SELECT sum(m) FROM h WHERE m = 1004",
            "SELECT k16, sum(m) FROM h WHERE m = 1004 GROUP BY k16 ORDER BY k16");

    /** Statements DuckDB must still finish: more than a projection, or a NULL (k32) in a sort key. */
    private static final List<String> DUCKDB = List.of(
            "SELECT k16, sum(m) FROM h GROUP BY k16 HAVING sum(m) > 0 ORDER BY k16",
            "SELECT k32, sum(m) FROM h GROUP BY k32 ORDER BY k32",
            "SELECT k16, avg(m) AS a FROM h GROUP BY k16 ORDER BY a",
            "SELECT k16 + 1 AS k, sum(m) FROM h GROUP BY k16 ORDER BY k",
            "SELECT k16, sum(m) FROM h GROUP BY k16 ORDER BY 1",
            "SELECT DISTINCT count(*) AS c FROM h GROUP BY k8 ORDER BY c");

    private static OffloadHarness harness(OffloadSettings.Finish finish) throws SQLException {
        OffloadHarness h = new OffloadHarness(OffloadSettings.Mode.FORCE, OffloadSettings.Engine.CPU, false, finish);
        h.exec(TABLE);
        return h;
    }

    /** Every row in order, each value as its class and text, with the columns' labels and type names. */
    private static List<String> read(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        ResultSetMetaData meta = rs.getMetaData();
        for (int c = 1; c <= meta.getColumnCount(); c++) {
            out.add(meta.getColumnLabel(c) + " " + meta.getColumnTypeName(c) + " " + meta.getColumnClassName(c));
        }
        while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int c = 1; c <= meta.getColumnCount(); c++) {
                Object v = rs.getObject(c);
                row.append(v == null ? "NULL" : v.getClass().getSimpleName() + ":" + rs.getString(c))
                        .append(" | ");
            }
            out.add(row.toString());
        }
        return out;
    }

    /** Asserts the offloaded answer equals DuckDB's in order, and returns whether it was finished directly. */
    private static boolean assertSameInOrder(OffloadHarness h, String sql) throws SQLException {
        List<String> expected;
        try (Statement st = h.duckdb.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            expected = read(rs);
        }
        try (Statement st = h.duckdb.createStatement();
                ResultSet rs = h.offloader.tryQuery(st, sql, List.of(), new QueryCancel())) {
            assertEquals(expected, read(rs), sql);
            return rs instanceof DirectResultSet;
        }
    }

    @Test
    void projectionsOrdersAndLimitsAreFinishedDirectlyInDuckDbsOrder() throws SQLException {
        try (OffloadHarness h = harness(OffloadSettings.Finish.DIRECT)) {
            for (String sql : DIRECT) {
                // Twice: the second run reuses the plan's prepared shape.
                assertTrue(assertSameInOrder(h, sql), "finished directly: " + sql);
                assertTrue(assertSameInOrder(h, sql), "finished directly again: " + sql);
            }
        }
    }

    @Test
    void everythingElseIsStillFinishedByDuckDb() throws SQLException {
        try (OffloadHarness h = harness(OffloadSettings.Finish.DIRECT)) {
            for (String sql : DUCKDB) {
                assertFalse(assertSameInOrder(h, sql), "finished by DuckDB: " + sql);
            }
        }
    }

    @Test
    void finishDuckdbAlwaysLetsDuckDbFinish() throws SQLException {
        try (OffloadHarness h = harness(OffloadSettings.Finish.DUCKDB)) {
            for (String sql : DIRECT) {
                assertFalse(assertSameInOrder(h, sql), "finished by DuckDB: " + sql);
            }
        }
    }

    /** DuckDB's own connection answers beside the driver's, so the table is in a file (see the README's Sessions). */
    @Test
    void aDefaultOrderSetThroughTheDriverIsHonoured(@TempDir Path dir) throws SQLException {
        String sql = "SELECT k16, sum(m) AS s FROM h GROUP BY k16 ORDER BY k16";
        try (Connection raydb = DriverManager.getConnection(
                        "jdbc:raydb:" + dir.resolve("order.duckdb") + "?engine=cpu&offload=force");
                Statement st = raydb.createStatement()) {
            Connection duckdb = raydb.unwrap(DuckDBConnection.class);
            st.execute(TABLE);
            for (String setting : List.of(
                    "SET default_order = 'DESCENDING'", "RESET default_order", "PRAGMA default_order = 'DESC'")) {
                List<String> expected;
                try (Statement own = duckdb.createStatement();
                        ResultSet rs = own.executeQuery(sql)) {
                    expected = read(rs);
                }
                try (ResultSet rs = st.executeQuery(sql)) {
                    assertEquals(expected, read(rs), "before " + setting);
                }
                st.execute(setting);
            }
            List<String> expected;
            try (Statement own = duckdb.createStatement();
                    ResultSet rs = own.executeQuery(sql)) {
                expected = read(rs);
            }
            try (ResultSet rs = st.executeQuery(sql)) {
                assertEquals(expected, read(rs), "after the last setting");
            }
        }
    }
}
