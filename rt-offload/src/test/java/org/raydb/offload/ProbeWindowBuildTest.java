package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayConnection;
import org.raydb.offload.exec.HostMemoryBudget;

/**
 * A new process's first statements arrive while the GPU is probed or the offload's code is warmed up: DuckDB
 * answers them, and their builds start then (their engine chosen once the probe is known), so that the statement
 * runs offloaded once they are done rather than only after a later run started them.
 */
class ProbeWindowBuildTest {

    private static final String Q = "SELECT b, sum(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";

    @TempDir
    Path dir;

    private static final String CREATE_T = "CREATE TABLE t AS SELECT (i % 97)::INTEGER AS c, 'v' || (i % 13) AS b,"
            + " (i % 1000 * 1.25)::DECIMAL(15,2) AS m FROM range(3000000) r(i)";

    /** Creates the table {@code t} in a new database file, runs {@code more} there, and returns {@link #Q}'s answer. */
    private static List<List<Object>> tableT(String file, String... more) throws java.sql.SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute(CREATE_T);
            for (String sql : more) {
                st.execute(sql);
            }
            try (ResultSet rs = st.executeQuery(Q)) {
                return ResultComparator.rows(rs);
            }
        }
    }

    /** A probe that is done when the test says so. */
    static final class HeldProbe implements Engines.Probe {
        final CountDownLatch done = new CountDownLatch(1);

        @Override
        public boolean known() {
            return done.getCount() == 0;
        }

        @Override
        public void await() {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A probe done at once, and a warm-up whose first pass runs until the test says so. */
    private static final class WarmingProbe implements Engines.Probe {
        final CountDownLatch warmed = new CountDownLatch(1);

        @Override
        public boolean known() {
            return true;
        }

        @Override
        public void await() {}

        @Override
        public boolean warming() {
            return warmed.getCount() > 0;
        }
    }

    /**
     * A small table is built by the query that reads it, so its first run on a pinned engine is offloaded once the
     * process is warm; while the warm-up's first pass runs, DuckDB answers it at once, as it answers a large
     * table's statement whose build starts behind the answer.
     */
    @Test
    void aStatementWhileTheOffloadWarmsUpIsDuckDbsAndStartsItsBuild() throws Exception {
        String file = dir.resolve("warming.duckdb").toString();
        String small = "SELECT b, sum(m) FROM s WHERE c < 50 GROUP BY b ORDER BY b";
        List<List<Object>> expected;
        List<List<Object>> expectedSmall;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute(CREATE_T);
            st.execute("CREATE TABLE s AS SELECT * FROM t LIMIT 1000");
            try (ResultSet rs = st.executeQuery(Q)) {
                expected = ResultComparator.rows(rs);
            }
            try (ResultSet rs = st.executeQuery(small)) {
                expectedSmall = ResultComparator.rows(rs);
            }
        }
        WarmingProbe probe = new WarmingProbe();
        try (EngineRig rig = new EngineRig(new StandInGpuEngine(), HostMemoryBudget.JVM, probe);
                Connection c = rig.connect("jdbc:raydb:" + file + "?engine=cuda")) {
            StatementRun smallFirst = StatementRun.of(c, small);
            assertEquals(expectedSmall, smallFirst.rows());
            assertFalse(smallFirst.offloaded(), "DuckDB answers a small table's statement while the code warms up");
            assertTrue(
                    secondRunAfter(c, probe.warmed::countDown, "the code warms up", expected)
                            .offloaded(),
                    "the build the first run started is ready");
            StatementRun smallSecond = StatementRun.of(c, small);
            assertEquals(expectedSmall, smallSecond.rows());
            assertTrue(smallSecond.offloaded(), "once warm, the small table is built by its query");
        }
    }

    /**
     * {@link #Q}'s first run while a new process's {@code window} lasts (DuckDB's answer), then the window's end
     * ({@code ends}), the builds that run started, and its second run; both answers {@code expected}.
     */
    private static StatementRun secondRunAfter(Connection c, Runnable ends, String window, List<List<Object>> expected)
            throws Exception {
        StatementRun first = StatementRun.of(c, Q);
        assertEquals(expected, first.rows());
        assertFalse(first.offloaded(), "DuckDB answers while " + window);
        ends.run();
        assertTrue(c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
        StatementRun second = StatementRun.of(c, Q);
        assertEquals(expected, second.rows());
        return second;
    }

    @Test
    void aStatementWhileTheGpuIsProbedStartsItsBuild() throws Exception {
        String file = dir.resolve("probe.duckdb").toString();
        List<List<Object>> expected = tableT(file);
        HeldProbe probe = new HeldProbe();
        try (EngineRig rig = new EngineRig(new StandInGpuEngine(), HostMemoryBudget.JVM, probe);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            assertTrue(
                    secondRunAfter(c, probe.done::countDown, "the GPU is probed", expected)
                            .offloaded(),
                    "the build the first run started is ready");
        }
    }

    /**
     * Where the probe finds no GPU (auto), nothing could read what a build makes: a statement DuckDB answered while
     * the GPU was probed loads none of its columns behind that answer (a build used to load them and then fail).
     */
    @Test
    void withoutAGpuAStatementOfTheProbeWindowLoadsNothing() throws Exception {
        String file = dir.resolve("nogpu.duckdb").toString();
        List<List<Object>> expected = tableT(file);
        HostMemoryBudget budget = new HostMemoryBudget(1L << 40);
        HeldProbe probe = new HeldProbe();
        try (EngineRig rig = new EngineRig(List.of(), budget, probe);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            assertFalse(
                    secondRunAfter(c, probe.done::countDown, "the GPU is probed", expected)
                            .offloaded(),
                    "no engine: DuckDB answers");
            assertEquals(0, budget.enforce(null), "host bytes held for the table");
        }
    }

    /**
     * The statement is planned behind DuckDB's answer on a connection of its own, which does not see the session's
     * temporary tables: a build of the table that connection binds is all that can come of it, never an answer.
     */
    @Test
    void aSessionsTemporaryTableShadowingTheBuiltOneKeepsItsAnswers() throws Exception {
        String file = dir.resolve("shadow.duckdb").toString();
        String temp = "CREATE TEMP TABLE t AS SELECT 7 AS c, 'temp' AS b, 1.50::DECIMAL(15,2) AS m";
        List<List<Object>> expected = tableT(file, temp);
        HeldProbe probe = new HeldProbe();
        try (EngineRig rig = new EngineRig(new StandInGpuEngine(), HostMemoryBudget.JVM, probe);
                Connection c = rig.connect("jdbc:raydb:" + file);
                Statement st = c.createStatement()) {
            st.execute(temp);
            assertEquals(expected, StatementRun.of(c, Q).rows(), "DuckDB's answer from the temporary table");
            probe.done.countDown();
            assertTrue(c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            assertEquals(
                    expected,
                    StatementRun.of(c, Q).rows(),
                    "still the temporary table's, whatever was built behind it");
        }
    }
}
