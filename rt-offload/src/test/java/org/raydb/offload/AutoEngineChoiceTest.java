package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.exec.ResidencyCache;

/**
 * engine=auto through the connection's offloader on a real DuckDB, with a stand-in "cuda" engine (the cpu
 * engine's exact answer, reported at a chosen engine time) and fake device constants: the choice happens on
 * the prepared job, DuckDB runs what it is estimated faster at, a measured time overrides the estimate, and
 * EXPLAIN OFFLOAD shows it all.
 */
class AutoEngineChoiceTest {

    private static final String QUERY = "SELECT b, sum(m), count(*) FROM t WHERE a < 1500000 GROUP BY b ORDER BY b";
    private static final DeviceConstants FAST =
            new DeviceConstants("fake GPU", "0.0", 3e6, 1, 1, 0, DeviceConstants.Source.DEFAULTS);

    private static final class Fixture implements AutoCloseable {
        final StandInGpuEngine cuda = new StandInGpuEngine();
        /** The device constants the cost model reads at each choice. */
        volatile DeviceConstants device = FAST;

        final RootAllocator root = new RootAllocator();
        final BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("builds", 0, Long.MAX_VALUE));
        final Connection duckdb;
        final ConnectionOffloader offloader;

        Fixture(OffloadSettings.Mode mode) throws SQLException {
            this(mode, 2_000_000);
        }

        Fixture(OffloadSettings.Mode mode, int rows) throws SQLException {
            duckdb = DriverManager.getConnection("jdbc:duckdb:");
            try (Statement st = duckdb.createStatement()) {
                st.execute("CREATE TABLE t AS SELECT i::INTEGER AS a, 'v' || (i % 7) AS b,"
                        + " (i * 1.25)::DECIMAL(15,2) AS m FROM range(" + rows + ") r(i)");
            }
            offloader = new ConnectionOffloader(
                    duckdb,
                    new OffloadSettings(
                            mode,
                            OffloadSettings.Engine.AUTO,
                            false,
                            OffloadSettings.MemoryBudget.ofPercent(80),
                            new int[0]),
                    root.newChildAllocator("c", 0, Long.MAX_VALUE),
                    new Engines(List.of(cuda), () -> device),
                    new ResidencyCache(),
                    new SharedDecisions(),
                    builds,
                    () -> {});
        }

        /** The offload's answer, null where it declined: then, as in the driver, DuckDB answers in the same span. */
        List<List<Object>> offloaded() throws SQLException {
            try (Offloader.DuckDbWork work = offloader.duckDbWorks();
                    Statement st = duckdb.createStatement()) {
                ResultSet rs = offloader.tryQuery(st, QUERY, List.of(), new QueryCancel());
                if (rs == null) {
                    st.executeQuery(QUERY).close();
                    return null;
                }
                try (rs) {
                    return ResultComparator.rows(rs);
                }
            }
        }

        List<List<Object>> duck() throws SQLException {
            try (Statement st = duckdb.createStatement();
                    ResultSet rs = st.executeQuery(QUERY)) {
                return ResultComparator.rows(rs);
            }
        }

        Map<String, String> explain() throws SQLException {
            Map<String, String> out = new LinkedHashMap<>();
            try (Statement st = duckdb.createStatement();
                    ResultSet rs = offloader.explain(st, QUERY, List.of())) {
                while (rs.next()) out.put(rs.getString(1), rs.getString(2));
            }
            return out;
        }

        @Override
        public void close() throws SQLException {
            offloader.close();
            duckdb.close();
            builds.allocator().close();
            root.close();
        }
    }

    @Test
    void autoRunsTheCheapestAndLearnsFromMeasuredTimes() throws Exception {
        try (Fixture f = new Fixture(OffloadSettings.Mode.AUTO)) {
            f.cuda.reportedMicros = 5; // as fast as a GPU would be
            Map<String, String> before = f.explain();
            assertEquals("not chosen yet", before.get("engine"), "EXPLAIN does not load the table to cost it");
            assertTrue(before.get("engine_reason").startsWith("not loaded yet"), before.get("engine_reason"));
            assertTrue(before.get("build").startsWith("not built"), before.toString());

            assertNull(f.offloaded(), "DuckDB answers while the table is built in the background");
            assertTrue(f.builds.awaitIdle(60_000));
            assertEquals(f.duck(), f.offloaded());
            Map<String, String> after = f.explain();
            assertEquals("ready", after.get("build"), after.toString());
            assertEquals("cuda", after.get("engine"), after.toString());
            assertTrue(after.get("engine_reason").startsWith("cheapest: cuda"), after.get("engine_reason"));
            assertTrue(
                    Long.parseLong(after.get("estimate_cuda_us")) < Long.parseLong(after.get("estimate_duckdb_us")),
                    after.toString());
            assertTrue(after.get("estimate_optix_us").startsWith("unavailable"), after.get("estimate_optix_us"));
            assertTrue(after.get("calibration").startsWith("defaults: fake GPU"), after.get("calibration"));
            assertNotNull(after.get("duckdb_scan"));
            assertEquals("not run yet", after.get("measured_us"), "a job's first run on an engine is not kept");
            assertTrue(after.get("offload_overhead_us").contains("assumed"), "nor does it tell the overhead");

            // The engine turns out slow on this job: the measurement replaces the estimate and DuckDB runs it.
            f.cuda.reportedMicros = 100_000_000;
            assertEquals(f.duck(), f.offloaded(), "still chosen by its estimate");
            assertNull(f.offloaded(), "declined: DuckDB is estimated faster than the measured engine");
            Map<String, String> slow = f.explain();
            assertEquals("duckdb", slow.get("engine"), slow.toString());
            assertTrue(
                    slow.get("engine_reason").contains("cuda")
                            && slow.get("engine_reason").contains("measured"),
                    slow.get("engine_reason"));
            assertTrue(slow.get("offload_overhead_us").contains("least of the last 1 warm run"), slow.toString());
        }
    }

    @Test
    void duckdbIsTimedOnTheQueryWhereItsEstimateIsTooCloseToDecideBy() throws Exception {
        try (Fixture f = new Fixture(OffloadSettings.Mode.AUTO, 3000)) {
            f.cuda.reportedMicros = 5;
            // DuckDB's estimate over a small table is mostly its per-statement cost, measured on this host: a first
            // run on a device far too slow loads the table and gives that estimate, then a device whose launch makes
            // the offload's estimate (with the host's 300 us and the handoff) DuckDB's.
            f.device = new DeviceConstants("slow GPU", "0.0", 3e6, 1e8, 1, 0, DeviceConstants.Source.DEFAULTS);
            assertNull(f.offloaded(), "the offload far slower: DuckDB's answer");
            long duckdb = Long.parseLong(f.explain().get("estimate_duckdb_us"));
            f.device = new DeviceConstants(
                    "near GPU", "0.0", 3e6, Math.max(1, duckdb - 320), 1, 0, DeviceConstants.Source.DEFAULTS);
            assertNull(f.offloaded(), "undecided by the estimates: DuckDB's answer");
            assertTrue(f.builds.awaitIdle(60_000));
            Map<String, String> e = f.explain();
            assertEquals("prepared", e.get("finishing"), "prepared behind the timed answer, for the next run");
            assertTrue(e.get("measured_us").contains("duckdb="), e.toString());
            assertTrue(
                    e.get("engine_reason").contains("duckdb")
                            && e.get("engine_reason").contains("(measured)"),
                    e.get("engine_reason"));
        }
    }

    @Test
    void forceNeverLeavesTheQueryToDuckDbForCost() throws SQLException {
        try (Fixture f = new Fixture(OffloadSettings.Mode.FORCE)) {
            f.cuda.reportedMicros = 100_000_000;
            assertEquals(f.duck(), f.offloaded());
            assertEquals(f.duck(), f.offloaded());
            assertEquals("cuda", f.explain().get("engine"));
        }
    }
}
