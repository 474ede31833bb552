package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A grouped AVG beside a COUNT or another AVG: DuckDB divides a SUM by a COUNT or keeps its own avg aggregate as
 * the columns' statistics after the filters decide, and the two differ in the last bit. The offload asks DuckDB's
 * plan per table version and answers bit for bit in either form (TPC-H q1's shape among them), or declines where
 * the plan mixes the forms.
 */
class AverageFormsTest {

    /** Values whose averages round differently in the two forms (DECIMAL and integer). */
    private static final String ROWS =
            "SELECT (i % 60)::INTEGER AS g, ((i * 7919) % 20000 / 100.0 - 100)::DECIMAL(15,2) AS x,"
                    + " ((i * 104729) % 9973 / 10.0)::DECIMAL(15,2) AS y, (i * 31 % 1000 - 500)::INTEGER AS n"
                    + " FROM range(6000) r(i)";

    private OffloadHarness h;

    @BeforeEach
    void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
    }

    @AfterEach
    void tearDown() throws SQLException {
        h.close();
    }

    private void assertExactIn(String sql, String form) throws SQLException {
        Map<String, String> explain = h.explain(sql);
        assertEquals("true", explain.get("qualifies"), () -> sql + ": " + explain);
        assertTrue(String.valueOf(explain.get("average")).endsWith(form), () -> sql + ": " + explain);
        assertEquals(h.duckAnswer(sql), h.offloadedAnswer(sql), sql);
    }

    @Test
    void columnsWithoutNullsDivideSumByCount() throws SQLException {
        h.exec("CREATE TABLE t AS " + ROWS);
        // TPC-H q1's shape: every AVG's COUNT becomes the shared COUNT(*).
        assertExactIn(
                "SELECT g, sum(x), sum(y), avg(x), avg(y), avg(n), count(*) FROM t WHERE n <= 400 GROUP BY g ORDER BY g",
                "SUM_OVER_COUNT");
        assertExactIn("SELECT g, avg(x), avg(y) FROM t GROUP BY g ORDER BY g", "SUM_OVER_COUNT");
        assertExactIn("SELECT g, avg(n), count(x) FROM t GROUP BY g ORDER BY 2 DESC LIMIT 20", "SUM_OVER_COUNT");
    }

    @Test
    void columnsWithNullsKeepDuckDbsAggregate() throws SQLException {
        h.exec("CREATE TABLE t AS SELECT g, CASE WHEN n % 17 = 0 THEN NULL ELSE x END AS x,"
                + " CASE WHEN n % 19 = 0 THEN NULL ELSE y END AS y, n FROM (" + ROWS + ")");
        assertExactIn("SELECT g, avg(x), avg(y), count(*) FROM t GROUP BY g ORDER BY g", "AVG_AGGREGATE");
        // Filters on the columns leave no NULL after them: SUM / COUNT again.
        assertExactIn(
                "SELECT g, avg(x), avg(y), count(*) FROM t WHERE x > -50 AND y < 900 GROUP BY g ORDER BY g",
                "SUM_OVER_COUNT");
    }

    @Test
    void aWriteThatAddsANullIsAskedAgain() throws SQLException {
        h.exec("CREATE TABLE t AS " + ROWS);
        String q = "SELECT g, avg(x), avg(y), count(*) FROM t GROUP BY g ORDER BY g";
        assertExactIn(q, "SUM_OVER_COUNT");
        h.exec("INSERT INTO t VALUES (1, NULL, NULL, 0)");
        assertExactIn(q, "AVG_AGGREGATE");
        // Statistics keep the NULL after the row is gone, and so does DuckDB's plan.
        h.exec("DELETE FROM t WHERE x IS NULL");
        assertExactIn(q, "AVG_AGGREGATE");
    }

    @Test
    void theSessionsExplainOutputIsReadAsItIs() throws SQLException {
        h.exec("CREATE TABLE t AS " + ROWS);
        String q = "SELECT g, avg(x), avg(y), count(*) FROM t GROUP BY g ORDER BY g";
        h.exec("SET explain_output = 'all'");
        assertExactIn(q, "SUM_OVER_COUNT");
        h.exec("SET explain_output = 'optimized_only'"); // no physical plan to read: declined, with the reason
        SQLException e = assertThrows(SQLException.class, () -> h.offloaded(q, List.of()));
        assertTrue(e.getMessage().contains("explain_output"), e.getMessage());
    }

    @Test
    void mixedFormsDecline() throws SQLException {
        h.exec("CREATE TABLE t AS SELECT g, CASE WHEN n % 17 = 0 THEN NULL ELSE x END AS x, y FROM (" + ROWS + ")");
        String q = "SELECT g, avg(x), avg(y), count(*) FROM t GROUP BY g ORDER BY g";
        Map<String, String> explain = h.explain(q);
        assertEquals("duckdb", explain.get("engine"), explain::toString);
        assertTrue(explain.get("engine_reason").contains("different forms"), explain::toString);
        SQLException e = assertThrows(SQLException.class, () -> h.offloaded(q, List.of()));
        assertTrue(e.getMessage().contains("different forms"), e.getMessage());
    }
}
