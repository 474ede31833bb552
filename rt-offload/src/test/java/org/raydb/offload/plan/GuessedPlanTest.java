package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A new statement's optimized plan is made beside its bind on the guess that its table binds as last time; the plan
 * that comes out is the one planning on the bind alone makes, also where the guess is wrong (the name now binds
 * another table, unseen by the planner) and where planning changes the parse tree (a view, a computed key).
 */
class GuessedPlanTest {

    private Connection session;
    private QueryPlanner planner;

    @BeforeEach
    void open() throws SQLException {
        session = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TABLE t AS SELECT (i % 50)::INTEGER AS v, (i % 7)::INTEGER AS g FROM range(1000) r(i)");
            s.execute("CREATE VIEW w AS SELECT v, g FROM t WHERE v > 3");
        }
        planner = new QueryPlanner(session);
    }

    @AfterEach
    void close() throws SQLException {
        planner.close();
        session.close();
    }

    /** The decision of a planner that has no guesses: a new one, its first statement planned on the bind alone. */
    private PlannedQuery unguessed(String sql) throws SQLException {
        try (QueryPlanner fresh = new QueryPlanner(session)) {
            return fresh.plan(sql, List.of());
        }
    }

    private void assertSameDecision(String sql) throws SQLException {
        PlannedQuery guessed = planner.plan(sql, List.of());
        PlannedQuery expected = unguessed(sql);
        assertEquals(expected.reason(), guessed.reason(), sql);
        assertEquals(String.valueOf(expected.plan()), String.valueOf(guessed.plan()), sql);
        assertEquals(
                expected.rewrittenSql() == null ? null : expected.rewrittenSql().replace(expected.relationName(), "R"),
                guessed.rewrittenSql() == null ? null : guessed.rewrittenSql().replace(guessed.relationName(), "R"),
                sql);
    }

    @Test
    void plansMadeOnGuessesAreThoseOfTheBind() throws SQLException {
        planner.plan("SELECT g, sum(v) FROM t GROUP BY g", List.of()); // the guess for t is made
        assertSameDecision("SELECT g, count(*) AS n, max(v) FROM t WHERE v < 30 GROUP BY g ORDER BY g");
        assertSameDecision("SELECT sum(v) FROM t WHERE g IN (1, 2)");
        // The columns named aside, over the replica: aliases, quoted names, casts and the text of expressions.
        assertSameDecision("SELECT G AS \"Gee\", SUM(V), count(*), max(t.v) + 1, sum(v)::DOUBLE FROM t GROUP BY G");
        assertSameDecision("SELECT g % 3 AS k, sum(v) FROM t GROUP BY k"); // a computed key rewrites the tree
        assertSameDecision("SELECT g, sum(v) FROM w GROUP BY g"); // so does the view
        assertSameDecision("SELECT g, sum(v) FROM t WHERE v < g GROUP BY g"); // and a comparison of two columns
    }

    @Test
    void columnsNamedBesideThePlanAreNamedAsTheSessionNamesThem() throws SQLException {
        // A session setting that changes the names DuckDB gives a SELECT's columns (lower-cased identifiers).
        try (Statement s = session.createStatement()) {
            s.execute(
                    "CREATE TABLE u AS SELECT (i % 50)::INTEGER AS Lo_Revenue, (i % 7)::INTEGER AS Grp FROM range(100) r(i)");
            s.execute("SET preserve_identifier_case = false");
        }
        planner.plan("SELECT Grp, sum(Lo_Revenue) FROM u GROUP BY Grp", List.of()); // the guess for u is made
        assertSameDecision("SELECT GRP, SUM(LO_REVENUE), max(u.Lo_Revenue) FROM u WHERE LO_REVENUE > 3 GROUP BY GRP");
    }

    @Test
    void aGuessTheBindDoesNotConfirmIsNotTaken() throws SQLException {
        planner.plan("SELECT g, sum(v) FROM t GROUP BY g", List.of());
        // A temporary t with other columns, made where the planner does not see it: the name binds it from now on.
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TEMP TABLE t AS SELECT (i % 5)::BIGINT AS v, (i % 3)::SMALLINT AS g FROM range(30) r(i)");
        }
        String sql = "SELECT g, sum(v), count(*) FROM t WHERE v > 1 GROUP BY g";
        assertSameDecision(sql);
        PlannedQuery planned = planner.plan(sql, List.of());
        assertNotNull(planned.plan(), planned.reason());
        assertEquals("temp", planned.plan().table().catalog());
        try (Statement s = session.createStatement()) {
            s.execute("DROP TABLE temp.t");
        }
        assertSameDecision(sql.replace("v > 1", "v > 2"));
        PlannedQuery again = planner.plan(sql.replace("v > 1", "v > 2"), List.of());
        assertNull(again.reason());
        assertFalse(again.plan().table().catalog().equals("temp"));
    }
}
