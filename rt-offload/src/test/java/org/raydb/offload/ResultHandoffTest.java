package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.QueryCancel;

/**
 * The handoff of offloaded results to DuckDB through a statement over {@code __raydb_result}: every result type
 * arrives exactly with DuckDB's own type, from one group to thousands, a repeated query sees its new result,
 * results of several chunks arrive whole, open result sets of the same query stay readable, and the timings are
 * reported.
 */
class ResultHandoffTest {

    /** Every qualifying key type, NULL keys, negative and pre-1970 values, non-ASCII text. */
    private static final String TABLE = "CREATE TABLE h AS SELECT i::INTEGER AS id,"
            + " (i % 3 - 1)::TINYINT AS k8, (i % 5 - 2)::SMALLINT AS k16, CASE WHEN i % 11 = 0 THEN NULL"
            + " ELSE (i % 4)::INTEGER END AS k32, (i % 6 - 3)::BIGINT * 10000000000 AS k64,"
            + " ((i % 7) * 1.5 - 4)::DECIMAL(9,2) AS kdec, DATE '1969-12-25' + (i % 9)::INTEGER AS kdate,"
            + " TIMESTAMP '1969-12-31 23:59:58.999999' + to_microseconds(i % 4) AS kts, i % 2 = 0 AS kbool,"
            + " CASE WHEN i % 13 = 0 THEN NULL ELSE 'ä€' || (i % 3) END AS kstr,"
            + " (i * 7 - 3000)::INTEGER AS m, (i * 2.25)::DECIMAL(12,2) AS md, (i % 40000)::INTEGER AS g"
            + " FROM range(6000) r(i)";

    private static OffloadHarness harness() throws SQLException {
        OffloadHarness h = OffloadHarness.forceCpu();
        h.exec(TABLE);
        return h;
    }

    private static void assertSameAnswer(OffloadHarness h, String sql) throws SQLException {
        OffloadHarness.Answer expected = h.duckAnswer(sql);
        OffloadHarness.Answer actual = h.offloadedAnswer(sql);
        assertEquals(expected.types(), actual.types(), sql);
        assertEquals(expected.rows(), actual.rows(), sql);
    }

    @Test
    void everyKeyAndAggregateTypeArrivesExactly() throws SQLException {
        try (OffloadHarness h = harness()) {
            for (String key : List.of("k8", "k16", "k32", "k64", "kdec", "kdate", "kts", "kbool", "kstr")) {
                assertSameAnswer(
                        h,
                        "SELECT " + key + ", sum(m), sum(md), avg(m), avg(md), min(md), max(m),"
                                + " count(*), count(k32) FROM h WHERE id < 5000 GROUP BY " + key + " ORDER BY " + key);
                // thousands of groups
                assertSameAnswer(
                        h,
                        "SELECT " + key + ", g, sum(m), sum(md), avg(m), avg(md), min(md), max(m),"
                                + " count(*), count(k32) FROM h WHERE id < 500 GROUP BY " + key + ", g ORDER BY g");
            }
            assertSameAnswer(h, "SELECT sum(m) AS s, count(*) FROM h WHERE id > 10000");
            assertSameAnswer(h, "SELECT k8, kbool, sum(m) FROM h GROUP BY ALL HAVING sum(m) > 0 ORDER BY 1, 2");
        }
    }

    @Test
    void resultsOfSeveralChunksArriveWhole() throws SQLException {
        try (OffloadHarness h = harness()) {
            assertSameAnswer(h, "SELECT g, sum(m) FROM h GROUP BY g ORDER BY g");
            // strings without NULLs go over in one batch per chunk
            assertSameAnswer(h, "SELECT kstr, g, sum(m) FROM h WHERE kstr IS NOT NULL GROUP BY kstr, g ORDER BY g");
            assertSameAnswer(h, "SELECT g, count(*) FROM h WHERE id >= 100 GROUP BY g ORDER BY g DESC LIMIT 3");
        }
    }

    @Test
    void aRepeatedQuerySeesItsNewResult() throws SQLException {
        try (OffloadHarness h = harness()) {
            String sql = "SELECT k8, sum(m) FROM h GROUP BY k8 ORDER BY k8";
            assertSameAnswer(h, sql);
            h.exec("UPDATE h SET m = m + 1 WHERE k8 = 0");
            assertSameAnswer(h, sql);
            assertSameAnswer(h, sql);
        }
    }

    @Test
    void openResultSetsOfTheSameQueryStayReadable() throws SQLException {
        try (OffloadHarness h = harness()) {
            String sql = "SELECT kstr, sum(m) FROM h WHERE id < ? GROUP BY kstr ORDER BY kstr";
            try (Statement s1 = h.duckdb.createStatement();
                    Statement s2 = h.duckdb.createStatement();
                    ResultSet first = h.offloader.tryQuery(s1, sql, List.of(100), new QueryCancel());
                    ResultSet second = h.offloader.tryQuery(s2, sql, List.of(100), new QueryCancel())) {
                List<List<Object>> a = ResultComparator.rows(first);
                List<List<Object>> b = ResultComparator.rows(second);
                assertEquals(h.duck(sql.replace("?", "100")), a);
                assertEquals(a, b);
            }
        }
        // and the memory of every result is free once the connection closed
    }

    @Test
    void aFailedRunDoesNotSpoilTheNextOne() throws SQLException {
        try (OffloadHarness h = harness()) {
            String sql = "SELECT CAST(sum(k8) AS TINYINT) FROM h WHERE id < 10";
            assertSameAnswer(h, sql);
            h.exec("UPDATE h SET k8 = 100 WHERE id < 3");
            // DuckDB's cast fails at run time, and DuckDB closes the prepared statement that failed
            org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> h.offloaded(sql, List.of()));
            h.exec("UPDATE h SET k8 = 1 WHERE id < 3");
            assertSameAnswer(h, sql);
        }
    }

    @Test
    void timingsOfTheLastOffloadedQueryAreReported() throws SQLException {
        try (OffloadHarness h = harness()) {
            h.offloaded("SELECT k8, sum(m) FROM h GROUP BY k8", List.of());
            Map<String, Long> t = h.offloader.lastTimings();
            assertEquals(
                    List.of(
                            "planning_us",
                            "execution_us",
                            "handoff_us",
                            "duckdb_us",
                            "direct_finish",
                            "load_us",
                            "engine_us",
                            "kernel_us",
                            "bytes_read"),
                    List.copyOf(t.keySet()));
            assertEquals(1L, t.get("direct_finish"), "a projection of the groups is finished directly: " + t);
            List.of("planning_us", "execution_us", "handoff_us", "duckdb_us", "engine_us")
                    .forEach(k -> assertTrue(t.get(k) >= 0, t.toString()));
            assertEquals(-1L, t.get("kernel_us"), "the cpu engine has no device clock");
            assertNotNull(h.explain("SELECT k8, sum(m) FROM h GROUP BY k8").get("last_run"));
            assertTrue(h.explain("SELECT k8, sum(m) FROM h GROUP BY k8")
                    .get("last_run")
                    .contains("handoff"));
        }
    }

    @Test
    void resultMemoryIsFreeAfterClose() throws SQLException {
        OffloadHarness h = harness();
        h.offloaded("SELECT g, sum(m) FROM h GROUP BY g", List.of());
        try (Statement s = h.duckdb.createStatement();
                ResultSet open = h.offloader.tryQuery(
                        s, "SELECT g, sum(m) FROM h GROUP BY g LIMIT 1", List.of(), new QueryCancel())) {
            assertTrue(open.next());
            h.close();
        }
        assertEquals(0, h.provider.allocatedBytes());
    }
}
