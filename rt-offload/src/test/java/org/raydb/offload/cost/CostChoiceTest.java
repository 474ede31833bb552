package org.raydb.offload.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.exec.LoadedSnapshot;
import org.raydb.offload.exec.PreparedJob;
import org.raydb.offload.exec.ResidentTable;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.QueryPlanner;

/** The choice among GPU engines and DuckDB with fake device constants; DuckDB's side measured on a real DuckDB. */
class CostChoiceTest {

    private static final DeviceConstants FAST =
            new DeviceConstants("fake", "0.0", 3e6, 1, 1, 0, DeviceConstants.Source.DEFAULTS);

    private static HostOverhead overhead(long micros) {
        HostOverhead h = new HostOverhead();
        h.record(micros);
        return h;
    }

    @Test
    void rtCoresLetTheRayJobWinASelectiveScan() {
        // 120M rows, one filtered column passing 0.25%: the cuda scan reads 480 MB of ranks.
        JobShape s = new JobShape(120_000_000, Technique.RTSCAN_CUBES, 300_000, 300_000, 0, 1, 1, 1, 1, 0);
        DeviceConstants h100 = DeviceConstants.defaults("H100", "13.0", 0);
        DeviceConstants rtx = DeviceConstants.defaults("RTX", "13.0", 1);
        List<String> both = List.of("cuda", "optix");
        assertEquals(
                "cuda",
                CostChoice.choose(both, s, h100, Double.NaN, overhead(100), new MeasuredTimes())
                        .engine());
        CostChoice c = CostChoice.choose(both, s, rtx, Double.NaN, overhead(100), new MeasuredTimes());
        assertEquals("optix", c.engine(), c.reason());
    }

    @Test
    void handingMillionsOfGroupsBackCountsAgainstTheOffload() {
        // A fast kernel over 60M rows into 15M groups: DuckDB's 208 ms beats bringing 15M groups into host memory,
        // and handing them back: the engine does not even run to count them.
        JobShape many =
                new JobShape(60_000_000, Technique.RTSCAN_CUBES, 60_000_000, 60_000_000, 0, 0, 1, 15_000_000, 1, 0);
        MeasuredTimes measured = new MeasuredTimes();
        CostChoice first = CostChoice.choose(List.of("cuda"), many, FAST, 208_000, overhead(300), measured);
        assertEquals(CostChoice.DUCKDB, first.engine(), first.reason());
        assertFalse(first.countsGroups(), first.reason());
        // Nor when the statement keeps ten of them and the host cuts: bringing them back costs more than DuckDB.
        CostChoice top = CostChoice.choose(List.of("cuda"), many, FAST, 208_000, overhead(300), measured, 10, false);
        assertEquals(CostChoice.DUCKDB, top.engine(), top.reason());
        // Cut on the GPU, only the ten come back.
        CostChoice cut = CostChoice.choose(List.of("cuda"), many, FAST, 208_000, overhead(300), measured, 10, true);
        assertEquals("cuda", cut.engine(), cut.reason());
        assertTrue(cut.bestOffload() < 208_000 / 5, cut.reason());
        measured.groupsHit(15_000_000);
        CostChoice counted = CostChoice.choose(List.of("cuda"), many, FAST, 208_000, overhead(300), measured);
        assertEquals(CostChoice.DUCKDB, counted.engine(), counted.reason());
        assertFalse(counted.countsGroups());
        JobShape few = new JobShape(60_000_000, Technique.RTSCAN_CUBES, 60_000_000, 60_000_000, 0, 0, 1, 800, 1, 0);
        CostChoice c = CostChoice.choose(List.of("cuda"), few, FAST, 208_000, overhead(300), new MeasuredTimes());
        assertEquals("cuda", c.engine(), c.reason());
        assertFalse(c.countsGroups());
    }

    @Test
    void aStatementThatKeepsTheTopGroupsHandsOnlyThoseBack() {
        // Lineorder at SF 20 by part key (1M groups), its top 10: DuckDB's 675 ms against the engine's ~40 ms.
        JobShape parts =
                new JobShape(120_000_000, Technique.RTSCAN_CUBES, 120_000_000, 120_000_000, 0, 0, 1, 1_000_000, 1, 0);
        CostChoice all = CostChoice.choose(List.of("cuda"), parts, FAST, 675_000, overhead(300), new MeasuredTimes());
        assertTrue(all.reason().contains("handoff of at most 1000000 groups"), all.reason());
        CostChoice top =
                CostChoice.choose(List.of("cuda"), parts, FAST, 675_000, overhead(300), new MeasuredTimes(), 10, false);
        assertEquals("cuda", top.engine(), top.reason());
        assertTrue(top.reason().contains("handoff of at most 10 groups"), top.reason());
        assertTrue(top.bestOffload() < all.bestOffload() - 900_000, top.reason());
    }

    @Test
    void aSelectiveJobHandsBackNoMoreGroupsThanItsRows() {
        // SSB q4.3's shape at SF 20: 1.75M groups in the table, 55,000 qualifying rows, DuckDB 70 ms.
        JobShape q43 =
                new JobShape(120_000_000, Technique.RAYDB_TRIANGLES, 55_000, 55_000, 4, 0, 1000, 1_750_000, 2, 0);
        CostChoice c = CostChoice.choose(List.of("cuda"), q43, FAST, 70_000, overhead(300), new MeasuredTimes());
        assertEquals("cuda", c.engine(), c.reason());
        assertTrue(c.reason().contains("handoff of at most 55000 groups"), c.reason());
    }

    @Test
    void countedGroupsReplaceTheGuess() {
        // SSB q3.2's shape at SF 20: 375,000 groups in the table, 165,000 qualifying rows in 600 of them.
        JobShape q32 =
                new JobShape(120_000_000, Technique.RAYDB_TRIANGLES, 165_000, 165_000, 6, 0, 1000, 375_000, 1, 0);
        MeasuredTimes measured = new MeasuredTimes();
        measured.keep(CostChoice.DUCKDB, 90_000);
        CostChoice guessed = CostChoice.choose(List.of("cuda"), q32, FAST, 90_000, overhead(300), measured);
        assertTrue(guessed.countsGroups(), guessed.reason());
        measured.groupsHit(600);
        CostChoice counted = CostChoice.choose(List.of("cuda"), q32, FAST, 90_000, overhead(300), measured);
        assertEquals("cuda", counted.engine(), counted.reason());
        assertFalse(counted.countsGroups());
        assertTrue(counted.reason().contains("handoff of 600 groups"), counted.reason());
        MeasuredTimes other = new MeasuredTimes();
        other.startFrom(measured);
        assertEquals(600, other.groupsHit(), "a statement of the same template starts from the count");
    }

    @Test
    void aChoiceCloseToDuckDbOnlyByItsGuessedGroupsCountsThemFirst() {
        // An ad-hoc statement at SF 20: 50,000 qualifying rows in at most 4,860 groups of the table; it returned 45.
        JobShape s = new JobShape(120_000_000, Technique.RAYDB_TRIANGLES, 50_000, 50_000, 2, 0, 1000, 4_860, 2, 0);
        MeasuredTimes measured = new MeasuredTimes();
        List<String> cuda = List.of("cuda");
        CostChoice guessed = CostChoice.choose(cuda, s, FAST, 10_000, overhead(300), measured);
        assertTrue(guessed.bestOffload() > 10_000 / CostChoice.UNCERTAIN, "close to DuckDB: " + guessed.reason());
        assertEquals("cuda", guessed.engine(), guessed.reason());
        assertTrue(guessed.countsGroups() && !guessed.uncertain(), guessed.reason());
        measured.groupsHit(45);
        CostChoice counted = CostChoice.choose(cuda, s, FAST, 10_000, overhead(300), measured);
        assertEquals("cuda", counted.engine(), counted.reason());
        assertFalse(counted.countsGroups() || counted.uncertain(), counted.reason());
    }

    @Test
    void measuredTimesReplaceEstimates() {
        JobShape s = new JobShape(1_000_000, Technique.RAYDB_TRIANGLES, 1000, 1000, 1, 0, 1, 1, 1, 0);
        MeasuredTimes measured = new MeasuredTimes();
        List<String> both = List.of("cuda", "optix");
        assertEquals(
                "cuda",
                CostChoice.choose(both, s, FAST, Double.NaN, overhead(0), measured)
                        .engine());
        measured.keep("cuda", 1_000_000);
        CostChoice c = CostChoice.choose(both, s, FAST, Double.NaN, overhead(0), measured);
        assertEquals("optix", c.engine(), c.reason());
        assertTrue(c.reason().contains("(measured 1000000 + host"), c.reason());
        assertEquals(CostModel.cudaMicros(s, FAST), c.estimates().get("cuda"), 1e-9, "estimates stay the model's");
    }

    @Test
    void anEngineNotRunYetIsJudgedWithTheModelsBiasOnTheOneThatRan() {
        JobShape s = new JobShape(1_000_000, Technique.RAYDB_TRIANGLES, 1000, 1000, 1, 0, 1, 1, 1, 0);
        List<String> both = List.of("cuda", "optix");
        double cuda = CostModel.cudaMicros(s, FAST);
        double optix = CostModel.optixMicros(s, FAST);
        MeasuredTimes measured = new MeasuredTimes();
        // cuda ran at twice its estimate, still below optix's estimate but above it once that is scaled alike
        long cudaMeasured = Math.round(Math.min(2 * cuda, (optix + 2 * optix) / 2));
        measured.keep("cuda", cudaMeasured);
        double bias = Math.min(CostChoice.MAX_BIAS, cudaMeasured / cuda);
        CostChoice c = CostChoice.choose(both, s, FAST, Double.NaN, overhead(0), measured);
        assertEquals(cudaMeasured < optix * bias ? "cuda" : "optix", c.engine(), c.reason());
        assertTrue(c.reason().contains("estimated x model bias"), c.reason());
    }

    @Test
    void aJobsFirstRunOnAnEngineIsNotKept() {
        MeasuredTimes measured = new MeasuredTimes();
        assertTrue(!measured.record("cuda", 5_500), "cold");
        assertEquals(-1, measured.of("cuda"));
        assertTrue(measured.record("cuda", 165), "warm");
        assertEquals(165, measured.of("cuda"));
        assertTrue(!measured.record("optix", 900));
        assertEquals(java.util.Map.of("cuda", 165L), measured.all());
    }

    @Test
    void aDuckDbEstimateCloseToTheOffloadIsUncertainUntilMeasured() {
        JobShape s = new JobShape(1_000_000, Technique.RAYDB_TRIANGLES, 1000, 1000, 1, 0, 1, 1, 1, 0);
        MeasuredTimes measured = new MeasuredTimes();
        List<String> cuda = List.of("cuda");
        double offload = CostChoice.choose(cuda, s, FAST, Double.NaN, overhead(100), measured)
                .bestOffload();
        assertTrue(CostChoice.choose(cuda, s, FAST, 2 * offload, overhead(100), measured)
                .uncertain());
        assertTrue(CostChoice.choose(cuda, s, FAST, offload / 2, overhead(100), measured)
                .uncertain());
        assertTrue(!CostChoice.choose(cuda, s, FAST, 5 * offload, overhead(100), measured)
                .uncertain());
        assertTrue(!CostChoice.choose(cuda, s, FAST, offload / 5, overhead(100), measured)
                .uncertain());
        assertTrue(!CostChoice.choose(cuda, s, FAST, Double.NaN, overhead(100), measured)
                .uncertain());
        measured.keep(CostChoice.DUCKDB, Math.round(offload / 2));
        CostChoice c = CostChoice.choose(cuda, s, FAST, 2 * offload, overhead(100), measured);
        assertTrue(!c.uncertain() && c.duckdbMeasured());
        assertEquals(CostChoice.DUCKDB, c.engine(), "the measurement, not the estimate, decides: " + c.reason());
    }

    @Test
    void duckdbWinsWhereTheOffloadOverheadExceedsItsScan() throws SQLException, NotQualified {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator();
                QueryPlanner planner = new QueryPlanner(c.unwrap(org.duckdb.DuckDBConnection.class))) {
            try (Statement st = c.createStatement()) {
                st.execute(
                        "CREATE TABLE t AS SELECT i::INTEGER AS a, 'v' || (i % 7) AS b, (i * 1.25)::DECIMAL(15,2) AS m"
                                + " FROM range(200000) r(i)");
            }
            PlannedQuery pq = planner.plan("SELECT b, sum(m) FROM t WHERE a < 1000 GROUP BY b", List.of());
            OffloadPlan plan = pq.plan();
            LoadedSnapshot snapshot = new LoadedSnapshot(c, allocator);
            PreparedJob job = snapshot.prepare(pq, JobPlanner.Index.OWN);
            ResidentTable table = snapshot.table();
            JobCosts costs = new JobCosts(job.job());
            assertEquals(1000, costs.shape().qualifyingRows(), "exact from the Z order");

            HostScanRates rates = new HostScanRates();
            HostScanRate rate = rates.of(table, c, plan.table(), plan.columnTypes(), table.rows());
            assertTrue(rate.bytesPerMicro() > 0 && rate.fixedMicros() > 0, rate.toString());
            assertEquals(rate, rates.of(table, c, plan.table(), plan.columnTypes(), table.rows()), "once per snapshot");
            long scanned =
                    HostScanRate.scannedBytes(plan, table.rows(), costs.shape().qualifyingRows());
            assertEquals(4L * 200_000 + (16 + 8) * 1000, scanned, "filter column over all rows, the others over 1000");
            double duckdb = CostModel.duckdbMicros(scanned, rate);

            List<String> cuda = List.of("cuda");
            CostChoice cheapGpu = CostChoice.choose(cuda, costs.shape(), FAST, duckdb, overhead(0), costs.measured());
            assertEquals("cuda", cheapGpu.engine(), cheapGpu.reason());
            CostChoice slowHost =
                    CostChoice.choose(cuda, costs.shape(), FAST, duckdb, overhead(10_000_000), costs.measured());
            assertEquals(CostChoice.DUCKDB, slowHost.engine(), slowHost.reason());
            CostChoice forced =
                    CostChoice.choose(cuda, costs.shape(), FAST, Double.NaN, overhead(10_000_000), costs.measured());
            assertEquals("cuda", forced.engine(), "without DuckDB as a candidate (offload=force)");
        }
    }
}
