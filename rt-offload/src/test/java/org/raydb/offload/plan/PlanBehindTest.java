package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A statement the session leaves to DuckDB is planned behind its answer on another connection of the database;
 * the session takes that decision as its own only where it would have made the same one.
 */
class PlanBehindTest {

    private static final String Q = "SELECT g, sum(v), count(*) FROM t WHERE v BETWEEN 2 AND 40 GROUP BY g";

    @TempDir
    Path dir;

    private Connection session;
    private Connection other;
    private QueryPlanner planner;
    private QueryPlanner behind;

    @BeforeEach
    void open() throws SQLException {
        session = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("behind.duckdb"));
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TABLE t AS SELECT (i % 50)::INTEGER AS v, (i % 7)::INTEGER AS g, i AS w"
                    + " FROM range(1000) r(i)");
            s.execute("CREATE TABLE u AS SELECT i AS k, 'n' || i AS name FROM range(10) r(i)");
        }
        other = session.unwrap(DuckDBConnection.class).duplicate();
        planner = new QueryPlanner(session);
        behind = new QueryPlanner(other);
    }

    @AfterEach
    void close() throws SQLException {
        planner.close();
        behind.close();
        other.close();
        session.close();
    }

    /** Leaves {@code sql} in the session (recording the scans it was asked about), plans it behind, adopts it. */
    private QueryPlanner.Behind leaveAndPlanBehind(String sql, List<QueryPlanner.Scan> asked) throws SQLException {
        QueryPlanner.PlanBehind left = assertThrows(
                QueryPlanner.PlanBehind.class, () -> planner.plan(sql, List.of(), scans -> asked.addAll(scans)));
        QueryPlanner.Behind planned = behind.planBehind(sql, List.of(), left.view());
        planner.adopt(planned);
        return planned;
    }

    /** A pristine session's settings are a new connection's: leaving a statement does not read them. */
    @Test
    void aPristineSessionLeavesAStatementWithoutReadingItsSettings() throws SQLException {
        try (QueryPlanner pristine = new QueryPlanner(session, () -> true)) {
            QueryPlanner.PlanBehind left =
                    assertThrows(QueryPlanner.PlanBehind.class, () -> pristine.plan(Q, List.of(), scans -> true));
            assertNull(left.view().settings());
            assertNull(pristine.settingsRead(), "nothing read on the statement's path");
            QueryPlanner.Behind planned = behind.planBehind(Q, List.of(), left.view());
            assertTrue(pristine.adopt(planned));
            assertSame(planned.query(), pristine.plan(Q, List.of()), "its next run is planned already");
        }
    }

    @Test
    void theSessionTakesTheDecisionMadeBehindAsItsOwn() throws SQLException {
        List<QueryPlanner.Scan> asked = new ArrayList<>();
        QueryPlanner.Behind planned = leaveAndPlanBehind(Q, asked);
        assertEquals(1, asked.size());
        assertEquals("t", asked.get(0).table().name());
        assertEquals(Set.of("v", "g"), asked.get(0).columns(), "the columns the scan reads, not the table's");
        assertTrue(planned.query().qualifies(), planned.query().reason());
        assertSame(planned.query(), planner.plan(Q, List.of()), "its next run is planned already");
    }

    @Test
    void aJoinsScansAreEachAsked() throws SQLException {
        List<QueryPlanner.Scan> asked = new ArrayList<>();
        leaveAndPlanBehind("SELECT u.name, sum(t.v) FROM t JOIN u ON t.g = u.k GROUP BY u.name", asked);
        assertEquals(2, asked.size());
        assertEquals(Set.of("v", "g"), asked.get(0).columns());
        assertEquals(Set.of("k", "name"), asked.get(1).columns());
    }

    @Test
    void aTemporaryTableOfTheSessionIsNotTakenForTheDatabasesOwn() throws SQLException {
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TEMP TABLE t AS SELECT 1::INTEGER AS v, 1::INTEGER AS g");
        }
        QueryPlanner.Behind planned = leaveAndPlanBehind(Q, new ArrayList<>());
        PlannedQuery own = planner.plan(Q, List.of());
        assertNotSame(planned.query(), own);
        assertNotNull(own.plan(), own.reason());
        assertEquals("temp", own.plan().table().catalog());
    }

    @Test
    void aSettingOfTheSessionAloneIsNotTakenForTheDatabasesDefault() throws SQLException {
        try (Statement s = session.createStatement()) {
            s.execute("SET integer_division = true");
        }
        QueryPlanner.Behind planned = leaveAndPlanBehind(Q, new ArrayList<>());
        assertNotSame(planned.query(), planner.plan(Q, List.of()));
    }

    /** Leaves {@code Q} unbound in the session (a new process's first statements), plans it behind, adopts it. */
    private QueryPlanner.Behind leaveUnboundAndPlanBehind() throws SQLException {
        QueryPlanner.Behind planned = behind.planBehind(Q, List.of(), planner.unbound());
        assertTrue(planner.adopt(planned), "held for the session's next plan of the statement");
        return planned;
    }

    @Test
    void aStatementLeftUnboundTakesTheDecisionWhereTheSessionBindsItAlike() throws SQLException {
        QueryPlanner.Behind planned = leaveUnboundAndPlanBehind();
        assertTrue(planned.query().qualifies(), planned.query().reason());
        assertSame(planned.query(), planner.plan(Q, List.of()), "taken at the session's next plan");
    }

    @Test
    void aStatementLeftUnboundOverASessionsTemporaryTableIsPlannedByTheSession() throws SQLException {
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TEMP TABLE t AS SELECT 1::INTEGER AS v, 1::INTEGER AS g");
        }
        QueryPlanner.Behind planned = leaveUnboundAndPlanBehind();
        PlannedQuery own = planner.plan(Q, List.of());
        assertNotSame(planned.query(), own);
        assertNotNull(own.plan(), own.reason());
        assertEquals("temp", own.plan().table().catalog());
    }

    @Test
    void aStatementLeftUnboundUnderASettingOfTheSessionAloneIsPlannedByTheSession() throws SQLException {
        try (Statement s = session.createStatement()) {
            s.execute("SET integer_division = true");
        }
        QueryPlanner.Behind planned = leaveUnboundAndPlanBehind();
        assertNotSame(planned.query(), planner.plan(Q, List.of()));
    }

    @Test
    void aStatementLeftUnboundBeforeThePlansWereForgottenIsPlannedByTheSession() throws SQLException {
        QueryPlanner.SessionView view = planner.unbound();
        planner.clear();
        QueryPlanner.Behind planned = behind.planBehind(Q, List.of(), view);
        assertFalse(planner.adopt(planned));
        assertNotSame(planned.query(), planner.plan(Q, List.of()));
    }

    @Test
    void aStatementLeftUnboundWhosePlansWereForgottenBeforeItsNextPlanIsPlannedByTheSession() throws SQLException {
        QueryPlanner.Behind planned = leaveUnboundAndPlanBehind();
        planner.clear();
        assertNotSame(planned.query(), planner.plan(Q, List.of()));
    }

    @Test
    void aDecisionMadeBehindBeforeThePlansWereForgottenIsNotTaken() throws SQLException {
        QueryPlanner.PlanBehind left =
                assertThrows(QueryPlanner.PlanBehind.class, () -> planner.plan(Q, List.of(), scans -> true));
        planner.clear(); // a write or DDL through the driver, or a setting changed
        QueryPlanner.Behind planned = behind.planBehind(Q, List.of(), left.view());
        planner.adopt(planned);
        assertNotSame(planned.query(), planner.plan(Q, List.of()));
    }
}
