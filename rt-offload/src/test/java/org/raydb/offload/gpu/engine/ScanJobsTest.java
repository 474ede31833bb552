package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.exec.PreparedJob;
import org.raydb.offload.gpu.GpuTestSupport;
import org.raydb.offload.gpu.runtime.GpuAvailability;

/**
 * Scan jobs (what a query runs while its shape's own index builds: packed group codes folded on the device, a
 * catalog entry built already or a full scan, measures assembled from per-expression blocks) on the GPU engines
 * against the cpu engine's run of the shape's full job, group by group through the keys' codes. Every fixture
 * query is prepared as a scan job first, then in full, on one snapshot, so later scans also meet the entries the
 * earlier full jobs built.
 */
class ScanJobsTest {

    /** Runs everywhere: the scan jobs' packed codes and catalog choices on the reference engine. */
    @Test
    void scanJobsMatchTheFullJobsOnTheCpuEngine() throws Exception {
        CpuEngine cpu = new CpuEngine();
        assertEquals(Map.of(), differences(List.of(cpu, cpu.configured(settings(OffloadSettings.Engine.CPU, 3, 2)))));
    }

    @Test
    @Tag("gpu")
    void scanJobsMatchTheFullJobsOnEveryGpuEngine() throws Exception {
        GpuAvailability gpu = GpuTestSupport.requireCuda("scanJobsMatchTheFullJobsOnEveryGpuEngine");
        List<Engine> installed = new ArrayList<>(List.of(new CudaEngine()));
        if (gpu.optix()) installed.add(new OptixEngine());
        // Each engine on the whole table, and on three partitions of the first GPU at once.
        List<Engine> engines = new ArrayList<>();
        for (Engine e : installed) {
            engines.add(e.configured(settings(OffloadSettings.Engine.CUDA, 0, 1)));
            engines.add(e.configured(settings(OffloadSettings.Engine.CUDA, 1, 3)));
        }
        assertEquals(Map.of(), differences(engines));
    }

    /**
     * A job's per-column inputs (measures evaluated on the host, codes uploaded) are resident once a job over the
     * same snapshot made them so, whichever job it was; before, a scan would have to make them.
     */
    @Test
    @Tag("gpu")
    void inputsAreResidentOnceARunMadeThem() throws Exception {
        GpuTestSupport.requireCuda("inputsAreResidentOnceARunMadeThem");
        Engine cuda = new CudaEngine().configured(settings(OffloadSettings.Engine.CUDA, 1, 1));
        try (FixtureSnapshot snapshot = new FixtureSnapshot()) {
            PreparedJob first = snapshot.prepare(
                    "SELECT k10, s, sum(m_int * m_small), count(*) FROM g WHERE k1000 < 300 GROUP BY k10, s",
                    JobPlanner.Index.BUILT);
            PreparedJob second = snapshot.prepare(
                    "SELECT s, k10, sum(m_int * m_small) FROM g WHERE k1000 < 600 GROUP BY s, k10",
                    JobPlanner.Index.BUILT);
            assertFalse(cuda.inputsResident(first.job()), "nothing resident yet");
            assertFalse(cuda.inputsResident(second.job()));
            cuda.run(first.job());
            assertTrue(cuda.inputsResident(first.job()));
            assertTrue(cuda.inputsResident(second.job()), "same measure, filtered and grouped columns");
        }
    }

    /**
     * A job over an index entry reads copies in the entry's Z order: they are resident only once a run over that
     * entry made them, however resident the columns' own copies are.
     */
    @Test
    @Tag("gpu")
    void copiesInAnEntrysOrderAreResidentOnceARunOverItMadeThem() throws Exception {
        GpuTestSupport.requireCuda("copiesInAnEntrysOrderAreResidentOnceARunOverItMadeThem");
        Engine cuda = new CudaEngine().configured(settings(OffloadSettings.Engine.CUDA, 1, 1));
        String q = "SELECT k10, sum(m_int * m_small), count(*) FROM g WHERE k1000 < 300 GROUP BY k10";
        try (FixtureSnapshot snapshot = new FixtureSnapshot()) {
            PreparedJob scan = snapshot.prepare(q, JobPlanner.Index.NONE);
            cuda.run(scan.job());
            assertTrue(cuda.inputsResident(scan.job()), "the columns' own copies");
            PreparedJob own = snapshot.prepare(q, JobPlanner.Index.OWN);
            assertNotNull(own.job().scene(), "a job over the shape's entry");
            assertFalse(cuda.inputsResident(own.job()), "its projection and sorted copies are not made yet");
            cuda.run(own.job());
            assertTrue(cuda.inputsResident(own.job()));
        }
    }

    /** Forced offload over {@code devices} GPUs (0: all) and {@code partitions} partitions per device. */
    private static OffloadSettings settings(OffloadSettings.Engine engine, int devices, int partitions) {
        return new OffloadSettings(
                OffloadSettings.Mode.FORCE,
                engine,
                false,
                OffloadSettings.MemoryBudget.ofPercent(80),
                OffloadSettings.MemoryBudget.ofPercent(50),
                java.util.stream.IntStream.range(0, devices).toArray(),
                partitions,
                OffloadSettings.Placement.PARTITIONED,
                OffloadSettings.Finish.DIRECT);
    }

    /** Per engine and query where the scan job's groups differ from the cpu engine's run of the full job. */
    private static Map<String, String> differences(List<Engine> engines) throws Exception {
        CpuEngine cpu = new CpuEngine();
        Map<String, String> differences = new LinkedHashMap<>();
        int packed = 0;
        try (FixtureSnapshot snapshot = new FixtureSnapshot()) {
            for (String q : GpuEngineFixture.QUERIES) {
                if (q.equals(GpuEngineFixture.OVERFLOW)) continue;
                PreparedJob scan = snapshot.prepare(q, JobPlanner.Index.BUILT);
                PreparedJob full = snapshot.prepare(q, JobPlanner.Index.OWN);
                if (scan.job().groups().isPacked()) packed++;
                Map<List<Integer>, List<Long>> expected =
                        byKeys(full, cpu.run(full.job()).aggregates());
                for (int i = 0; i < engines.size(); i++) {
                    Engine e = engines.get(i);
                    Map<List<Integer>, List<Long>> got =
                            byKeys(scan, e.run(scan.job()).aggregates());
                    if (!expected.equals(got)) differences.put(e.name() + " #" + i + ": " + q, scan.index());
                }
            }
        }
        assertTrue(packed >= 10, "most grouped queries scan with packed codes: " + packed);
        return differences;
    }

    /** Each present group's key codes and its rows hit, values and counts per aggregate. */
    private static Map<List<Integer>, List<Long>> byKeys(PreparedJob job, GroupAggregates a) {
        Map<List<Integer>, List<Long>> out = new LinkedHashMap<>();
        int aggregates = job.job().aggregates().size();
        for (int s = 0; s < a.slots(); s++) {
            List<Integer> keys = new ArrayList<>();
            for (int k : job.groups().keyCodes(a.groupAt(s))) keys.add(k);
            List<Long> values = new ArrayList<>(List.of(a.rowsHitAt(s)));
            for (int i = 0; i < aggregates; i++) {
                values.add(a.valueAt(i, s));
                values.add(a.countAt(i, s));
            }
            out.put(keys, values);
        }
        return out;
    }
}
