package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which statements share a template, and that a templated plan is the plan DuckDB's planning gives. */
class PlanTemplateTest {

    private Connection duckdb;
    private QueryPlanner planner;
    private QueryPlanner fresh;

    @BeforeEach
    void open() throws SQLException {
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duckdb.createStatement()) {
            s.execute("CREATE TABLE t(i INTEGER, ti TINYINT, b BIGINT, p DECIMAL(15,2), d DATE, s VARCHAR, g INTEGER)");
            s.execute("INSERT INTO t VALUES (1, 1, 1, 0.05, DATE '1993-01-01', 'a', 1)");
        }
        planner = new QueryPlanner(duckdb);
        fresh = new QueryPlanner(duckdb);
    }

    @AfterEach
    void close() throws SQLException {
        planner.close();
        fresh.close();
        duckdb.close();
    }

    /**
     * Plans {@code sql} through the templating planner and in full, and checks both agree (where DuckDB's
     * optimizer proves the filters contradictory, planning in full declines and the template's plan selects
     * nothing).
     */
    private PlannedQuery plan(String sql, Object... parameters) throws SQLException {
        PlannedQuery pq = planner.plan(sql, List.of(parameters));
        fresh.clear();
        PlannedQuery full = fresh.plan(sql, List.of(parameters));
        if (full.qualifies()) {
            assertTrue(PlanTemplate.samePlan(full.plan(), pq.plan()), sql + ": " + full.plan() + " / " + pq.plan());
        } else if (pq.qualifies()) {
            assertTrue(full.reason().contains("proved the input empty"), full.reason());
        }
        return pq;
    }

    @Test
    void lexesLiteralsWithTheirTypeClasses() {
        SqlLiterals l = SqlLiterals.of(
                "SELECT sum(\"x1\") FROM t -- 5\n WHERE i >= -5 AND i - 3 > 2 AND p < 0.055 AND s = 'it''s' /* 7 */");
        assertNotNull(l);
        assertEquals(
                List.of("-5", "3", "2", "0.055", "it's"),
                l.literals().stream().map(SqlLiterals.Literal::text).toList());
        assertEquals(
                List.of("i", "i", "i", "d", "s"),
                l.literals().stream().map(SqlLiterals.Literal::typeClass).toList());
        assertNull(SqlLiterals.of("SELECT $$a$$"));
        assertNull(SqlLiterals.of("SELECT 1x"));
    }

    @Test
    void constantsOfTheWhereClauseAreRebound() throws SQLException {
        String q = "SELECT g, sum(i), count(*) FROM t WHERE i BETWEEN %d AND %d AND s IN ('%s', 'z') AND d >= '%s'"
                + " GROUP BY g ORDER BY g LIMIT 5";
        assertFalse(plan(q.formatted(1, 3, "a", "1993-01-01")).templated());
        assertFalse(plan(q.formatted(2, 4, "b", "1994-02-01")).templated(), "the second statement confirms");
        for (int k = 0; k < 20; k++) {
            PlannedQuery pq =
                    plan(q.formatted(k, k * 3 - 7, "c" + k, "199" + (k % 10) + "-0" + (1 + k % 9) + "-1" + k % 10));
            assertTrue(pq.templated(), pq.boundSql());
        }
    }

    @Test
    void parametersAreReboundLikeLiterals() throws SQLException {
        String q = "SELECT s, max(p) FROM t WHERE b < ? AND s <> ? AND d <= ? AND i = ? GROUP BY s";
        for (int k = 0; k < 10; k++) {
            PlannedQuery pq = plan(q, 100L + k, "x" + k, java.sql.Date.valueOf("1995-03-" + (10 + k)), k);
            assertEquals(k >= 2, pq.templated(), pq.boundSql());
        }
    }

    @Test
    void aConstantOutsideTheTemplatesTypeIsPlannedInFull() throws SQLException {
        String q = "SELECT sum(i) FROM t WHERE ti < %d AND p > %s";
        plan(q.formatted(10, "1.25"));
        plan(q.formatted(20, "2.50"));
        assertTrue(plan(q.formatted(30, "3.75")).templated());
        assertFalse(plan(q.formatted(300, "3.75")).templated(), "300 is no TINYINT");
        assertFalse(plan(q.formatted(30, "3.755")).templated(), "a scale DECIMAL(15,2) does not hold");
        assertTrue(plan(q.formatted(-128, "-9.99")).templated());
    }

    @Test
    void literalsOutsideTheWhereClauseAreKeptInTheKey() throws SQLException {
        String q = "SELECT g, sum(i) * %d FROM t WHERE i > %d GROUP BY g HAVING sum(i) > %d LIMIT %d";
        plan(q.formatted(2, 5, 7, 10));
        plan(q.formatted(2, 6, 7, 10));
        assertTrue(plan(q.formatted(2, 8, 7, 10)).templated());
        assertFalse(plan(q.formatted(3, 8, 7, 10)).templated());
        assertFalse(plan(q.formatted(2, 8, 7, 11)).templated());
        assertFalse(plan(q.formatted(2, 8, 9, 10)).templated());
    }

    @Test
    void filtersComeFromTheLiteralsNotFromTheOptimizersRewriteOfEarlierOnes() throws SQLException {
        // DuckDB turns an OR of adjacent values into a range: a template must not carry that over.
        String q = "SELECT g, count(*) FROM t WHERE (i = %d OR i = %d) AND b >= %d GROUP BY g";
        plan(q.formatted(6, 7, 1));
        plan(q.formatted(0, 1, 2));
        for (int k = 0; k < 6; k++) {
            assertTrue(plan(q.formatted(k, 3 * k + 2, k)).templated());
        }
        assertTrue(plan(q.formatted(4, 4, 4)).templated(), "equal constants");
    }

    /** A template's plan has no joins (rebind keeps the model's table, groups and aggregates only). */
    @Test
    void aStarJoinIsPlannedInFullEveryTime() throws SQLException {
        try (Statement s = duckdb.createStatement()) {
            s.execute("CREATE TABLE dim(k INTEGER PRIMARY KEY, name VARCHAR)");
            s.execute("INSERT INTO dim VALUES (1, 'a'), (2, 'b')");
            s.execute("INSERT INTO t SELECT x, 1, x, 0.05, DATE '1993-01-01', 'a', x % 2 + 1 FROM range(10) r(x)");
        }
        // Filters on the fact table's own columns only: its WHERE clause would name every filter.
        String q =
                "SELECT dim.name, sum(t.b) FROM t JOIN dim ON t.g = dim.k WHERE t.i BETWEEN %d AND %d GROUP BY dim.name";
        for (int k = 0; k < 5; k++) {
            PlannedQuery pq = plan(q.formatted(k, 2 * k + 3));
            assertTrue(pq.qualifies(), pq.reason());
            assertFalse(pq.templated(), pq.boundSql());
            assertEquals(1, pq.plan().joins().size(), pq.plan().toString());
        }
    }
}
