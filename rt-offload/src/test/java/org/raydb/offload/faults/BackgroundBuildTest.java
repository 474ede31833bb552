package org.raydb.offload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.RayStatement;
import org.raydb.offload.EngineRig;
import org.raydb.offload.ResultComparator;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.faults.FaultyEngine.Step;

/**
 * Under {@code offload=auto} a query never waits for a build: while its shape is built in the background, DuckDB
 * answers it, or a full scan of the columns already loaded does, and the shape runs on its own index once ready.
 * What was built belongs to the database file, not to a connection, and no write, by whatever path, is answered
 * stale.
 */
class BackgroundBuildTest {

    private static final String Q = "SELECT b, sum(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";
    private static final String TABLE = "CREATE TABLE t AS SELECT (i % 97)::INTEGER AS c, 'v' || (i % 13) AS b,"
            + " (i % 1000 * 1.25)::DECIMAL(15,2) AS m FROM range(300000) r(i)";

    @TempDir
    Path dir;

    private String file(String name) throws SQLException {
        String file = dir.resolve(name).toString();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute(TABLE);
        }
        return file;
    }

    private static List<List<Object>> duckdb(String file) throws SQLException {
        return duckdb(file, Q);
    }

    private static List<List<Object>> duckdb(String file, String query) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            return ResultComparator.rows(rs);
        }
    }

    /** The query's rows, whether it was offloaded and its timings. */
    private record Run(List<List<Object>> rows, boolean offloaded, Map<String, Long> timings) {}

    private static Run run(Connection c) throws SQLException {
        return run(c, Q);
    }

    private static Run run(Connection c, String query) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            List<List<Object>> rows = ResultComparator.rows(rs);
            RayStatement ray = st.unwrap(RayStatement.class);
            return new Run(rows, ray.lastQueryOffloaded(), new HashMap<>(ray.lastOffloadTimings()));
        }
    }

    private static Map<String, String> explain(Connection c) throws SQLException {
        return explain(c, Q);
    }

    private static Map<String, String> explain(Connection c, String query) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + query)) {
            while (rs.next()) out.put(rs.getString(1), rs.getString(2));
        }
        return out;
    }

    private static void awaitBuilds(Connection c) throws SQLException {
        assertTrue(c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
    }

    /** Once the builds ended: the query's shape is ready, and its next run offloaded and exact. */
    private static Run readyAndExact(Connection c, List<List<Object>> expected) throws SQLException {
        awaitBuilds(c);
        assertEquals("ready", explain(c).get("build"));
        Run ready = run(c);
        assertEquals(expected, ready.rows());
        assertTrue(ready.offloaded(), "offloaded once built");
        return ready;
    }

    @Test
    void aQueryDoesNotWaitForItsBuildAndRunsOffloadedOnceItIsReady() throws Exception {
        String file = file("wait.duckdb");
        List<List<Object>> expected = duckdb(file);
        FaultyEngine engine = new FaultyEngine();
        engine.blockNextAt(Step.UPLOAD);
        try (EngineRig rig = new EngineRig(engine);
                Connection c = rig.connect("jdbc:raydb:" + file + "?engine=cuda")) {
            Run first = run(c);
            assertEquals(expected, first.rows());
            assertFalse(first.offloaded(), "DuckDB answers the first run: nothing is loaded");
            engine.awaitBlocked(); // the background build is inside the engine now, and stays there
            assertEquals(
                    "building in the background; meanwhile a full scan of the resident columns answers",
                    explain(c).get("build"));
            long t0 = System.nanoTime();
            Run meanwhile = run(c);
            assertEquals(expected, meanwhile.rows());
            assertTrue(meanwhile.offloaded(), "the columns it loaded are scanned while the index builds");
            assertTrue(System.nanoTime() - t0 < 20_000_000_000L, "the query did not wait for the build");
            engine.release();
            Run ready = readyAndExact(c, expected);
            assertEquals(0L, ready.timings().get("load_us"), "nothing loaded by the query itself");
        }
    }

    /**
     * A build runs gently first; once the process has started statements enough since it was queued, it ends at its
     * next check point and runs again at normal priority, and its shape ends ready and exact all the same.
     */
    @Test
    void aGentleBuildThatStatementsKeepComingByRunsAgainAtNormalPriority() throws Exception {
        String file = file("insists.duckdb");
        List<List<Object>> expected = duckdb(file);
        FaultyEngine engine = new FaultyEngine();
        engine.blockNextAt(Step.UPLOAD);
        try (EngineRig rig = new EngineRig(engine);
                Connection c = rig.connect("jdbc:raydb:" + file + "?engine=cuda")) {
            assertFalse(run(c).offloaded(), "DuckDB answers the first run: nothing is loaded");
            engine.awaitBlocked(); // the build's gentle run is inside the engine
            for (int i = 0; i < 40; i++) {
                assertEquals(List.of(List.of(42)), run(c, "SELECT 42").rows());
            }
            engine.release();
            readyAndExact(c, expected);
            List<String> builders = engine.threads().stream()
                    .filter(t -> t.startsWith("raydb-build-worker-"))
                    .toList();
            assertTrue(builders.size() >= 2, builders::toString);
            assertTrue(builders.getFirst().startsWith("raydb-build-worker-gentle-"), builders::toString);
            assertTrue(!builders.getLast().contains("gentle"), "its last run at normal priority: " + builders);
        }
    }

    @Test
    void aNewShapeOverResidentColumnsScansAtOnceWhileItsOwnIndexBuilds() throws Exception {
        String file = file("scan.duckdb");
        String other = "SELECT c, b, max(m), count(*) FROM t WHERE c >= 10 AND c <= 70 GROUP BY c, b ORDER BY c, b";
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file + "?engine=cpu")) {
            assertFalse(run(c).offloaded(), "the table's first shape: DuckDB answers while it builds");
            awaitBuilds(c);
            // Another shape over the same columns, filters and keys: nothing of its own is built yet.
            Map<String, String> before = explain(c, other);
            assertTrue(before.get("build").contains("scans the resident columns"), before::toString);
            assertTrue(before.get("encodings").contains("packed group codes"), before::toString);
            assertTrue(before.get("index").contains("(cached)"), "the first shape's entry serves: " + before);
            Run first = run(c, other);
            assertTrue(first.offloaded(), "its first run scans the resident columns");
            assertEquals(duckdb(file, other), first.rows());
            awaitBuilds(c);
            Map<String, String> after = explain(c, other);
            assertEquals("ready", after.get("build"));
            assertTrue(after.get("encodings").contains("dense group codes"), after::toString);
            Run built = run(c, other);
            assertTrue(built.offloaded());
            assertEquals(duckdb(file, other), built.rows());
            // The first shape still answers from its own index, and a write leaves no shape stale.
            assertTrue(run(c).offloaded());
            try (Statement st = c.createStatement()) {
                st.execute("UPDATE t SET m = m + 2 WHERE c = 20");
            }
            assertEquals(duckdb(file, other), run(c, other).rows());
            assertEquals(duckdb(file), run(c).rows());
        }
    }

    @Test
    void aBuildThatCannotFitTheHostBudgetIsNeverStarted() throws Exception {
        String file = file("budget.duckdb");
        FaultyEngine engine = new FaultyEngine();
        try (EngineRig rig = new EngineRig(engine, new HostMemoryBudget(1 << 20));
                Connection auto = rig.connect("jdbc:raydb:" + file + "?engine=cuda");
                Connection force = rig.connect("jdbc:raydb:" + file + "?engine=cuda&offload=force")) {
            Run first = run(auto);
            assertEquals(duckdb(file), first.rows());
            assertFalse(first.offloaded());
            awaitBuilds(auto);
            assertTrue(explain(auto).get("build").startsWith("not built"), "no build was started");
            SQLException refused = assertThrows(SQLException.class, () -> run(force));
            assertEquals("0A000", refused.getSQLState(), refused::toString);
            assertTrue(refused.getMessage().contains("host.memory"), refused::toString);
            assertEquals(0, engine.runs(), "nothing was loaded or run");
        }
    }

    @Test
    void aShapeWhoseIndexDoesNotFitScansItsColumns() throws Exception {
        String file = file("columns.duckdb");
        FaultyEngine engine = new FaultyEngine();
        // 300,000 rows: the columns and their dictionaries take about 7 MiB, the shape's index 5 MiB more.
        try (EngineRig rig = new EngineRig(engine, new HostMemoryBudget(9L << 20));
                Connection c = rig.connect("jdbc:raydb:" + file + "?engine=cuda")) {
            assertFalse(run(c).offloaded());
            awaitBuilds(c);
            Map<String, String> explained = explain(c);
            assertTrue(explained.get("build").contains("scans the resident columns"), explained::toString);
            Run scanned = run(c);
            assertTrue(scanned.offloaded(), "its columns fitted: a full scan answers");
            assertEquals(duckdb(file), scanned.rows());
            awaitBuilds(c);
            assertFalse(explain(c).get("build").equals("ready"), "its own index still does not fit");
            assertEquals(duckdb(file), run(c).rows());
        }
    }

    @Test
    void aShapeWhoseIndexDoesNotFitAndCannotScanSaysWhyAndIsNotRebuiltEveryRun() throws Exception {
        String file = dir.resolve("refused.duckdb").toString();
        // Two keys of about a thousand values each: more combinations (1,065,023) than the scan tier packs.
        String query = "SELECT a, b, sum(m) FROM w GROUP BY a, b ORDER BY 3 DESC, a, b LIMIT 5";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE w AS SELECT (i % 1031)::INTEGER AS a, (i % 1033)::INTEGER AS b,"
                    + " (i % 1000 * 1.25)::DECIMAL(15,2) AS m FROM range(300000) r(i)");
        }
        FaultyEngine engine = new FaultyEngine();
        try (EngineRig rig = new EngineRig(engine, new HostMemoryBudget(9L << 20));
                Connection c = rig.connect("jdbc:raydb:" + file + "?engine=cuda")) {
            assertFalse(run(c, query).offloaded());
            awaitBuilds(c);
            String build = explain(c, query).get("build");
            assertTrue(build.startsWith("not built: its own index"), build);
            assertTrue(build.contains("host.memory"), build);
            Run again = run(c, query);
            assertFalse(again.offloaded(), "its index still does not fit and nothing scans it");
            assertEquals(duckdb(file, query), again.rows());
            assertTrue(explain(c, query).get("build").startsWith("not built: its own index"), "no build was restarted");
            assertEquals(0, engine.runs(), "nothing ran on the engine");
        }
    }

    @Test
    void forceBuildsFirstAndAnswersOffloaded() throws Exception {
        String file = file("force.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file + "?engine=cpu&offload=force")) {
            Run first = run(c);
            assertTrue(first.offloaded());
            assertEquals(duckdb(file), first.rows());
        }
    }

    @Test
    void whatWasBuiltOutlivesEveryConnectionAndNoWriteIsAnsweredStale() throws Exception {
        String file = file("reconnect.duckdb");
        String url = "jdbc:raydb:" + file + "?engine=cpu";
        try (Connection c = DriverManager.getConnection(url)) {
            assertFalse(run(c).offloaded());
            awaitBuilds(c);
            assertTrue(run(c).offloaded());
        }
        // Every connection closed: the next one finds the shape ready, nothing to load.
        try (Connection c = DriverManager.getConnection(url)) {
            Run again = run(c);
            assertTrue(again.offloaded(), "ready across reconnects");
            assertEquals(0L, again.timings().get("load_us"));
            assertEquals(duckdb(file), again.rows());
        }
        // Written while no driver connection was open (as another process would): not stale.
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = plain.createStatement()) {
            st.execute("UPDATE t SET m = m + 1 WHERE b = 'v3'");
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(duckdb(file), run(c).rows());
            awaitBuilds(c);
            Run rebuilt = run(c);
            assertTrue(rebuilt.offloaded());
            assertEquals(duckdb(file), rebuilt.rows());
            // Written through DuckDB's own connection, unwrapped: not stale either.
            try (Statement raw = c.unwrap(DuckDBConnection.class).createStatement()) {
                raw.execute("DELETE FROM t WHERE b = 'v4'");
            }
            assertEquals(duckdb(file), run(c).rows());
            awaitBuilds(c);
            assertEquals(duckdb(file), run(c).rows());
        }
    }
}
