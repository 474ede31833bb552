package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.raydb.offload.engine.GroupCut;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.gpu.GpuTestSupport;
import org.raydb.offload.gpu.runtime.GpuAvailability;
import org.raydb.offload.plan.AggregateFunction;

/**
 * A GPU engine's cut of a job's groups ({@link GroupCut}) over group spaces beyond {@link GroupCut#MIN_GROUPS}:
 * the groups it returns are a subset of the cpu engine's, each with the cpu engine's values; they include every
 * group that can be in the statement's answer (each whose value is at most the k-th in the statement's order, ties
 * included, and each whose value is NULL), and at most a few more. Cases: ties by the thousand, NULL-valued groups,
 * COUNT(x), COUNT(*) over a sparse two-key group space, MIN and MAX in both directions, string codes, a filter, a
 * cut that keeps more groups than a digit's bin holds. Every case runs as a scan job and as a job on its own index.
 */
class GroupCutTest {

    private record Case(String sql, int aggregate, boolean descending, long count) {}

    private static final List<Case> CASES = List.of(
            new Case("SELECT id, sum(m_int) FROM g GROUP BY id", 0, true, 10),
            new Case("SELECT id, sum(m_int) FROM g GROUP BY id", 0, false, 1000),
            new Case("SELECT id % 100000 AS p, sum(m_null) FROM g GROUP BY p", 0, true, 7),
            new Case("SELECT id % 100000 AS p, count(m_null), count(*) FROM g GROUP BY p", 0, true, 5),
            new Case("SELECT g5k, k1000, count(*) FROM g GROUP BY g5k, k1000", 0, true, 5),
            new Case("SELECT id, max(m_dec), min(m_big) FROM g WHERE k10 <> 4 GROUP BY id", 0, false, 9),
            new Case("SELECT id, max(m_dec), min(m_big) FROM g WHERE k10 <> 4 GROUP BY id", 1, true, 20_000),
            new Case("SELECT id, min(s) FROM g GROUP BY id", 0, true, 4),
            new Case("SELECT id, sum(m_big) FROM g WHERE k10 = 3 GROUP BY id", 0, true, 3));

    /** compact.cu's CUT_FEW: a digit's bin of at most this many keys is kept whole. */
    private static final int FEW = 256;

    @Test
    @Tag("gpu")
    void theGroupsTheGpuKeepsAreTheAnswersAndFewMore() throws Exception {
        GpuAvailability gpu = GpuTestSupport.requireCuda("theGroupsTheGpuKeepsAreTheAnswersAndFewMore");
        List<Engine> engines = new ArrayList<>(List.of(new CudaEngine().configured(oneGpu())));
        if (gpu.optix()) engines.add(new OptixEngine().configured(oneGpu()));
        CpuEngine cpu = new CpuEngine();
        Map<String, String> failures = new LinkedHashMap<>();
        try (FixtureSnapshot snapshot = new FixtureSnapshot()) {
            for (Case k : CASES) {
                for (JobPlanner.Index index : List.of(JobPlanner.Index.BUILT, JobPlanner.Index.OWN)) {
                    OffloadJob job = snapshot.prepare(k.sql(), index).job();
                    GroupCut cut = new GroupCut(k.aggregate(), k.descending(), k.count());
                    assertTrue(cut.madeOver(job.groupCount()), k + ": " + job.groupCount() + " groups");
                    Map<Integer, List<Long>> all = byGroup(job, cpu.run(job).aggregates());
                    Map<Integer, List<Long>> answers = answers(job, all, k);
                    for (Engine e : engines) {
                        String where = e.name() + " " + index + ": " + k;
                        Map<Integer, List<Long>> kept =
                                byGroup(job, e.run(job.withCut(cut)).aggregates());
                        String problem = problem(all, answers, kept);
                        if (problem != null) failures.put(where, problem);
                    }
                }
            }
        }
        assertEquals(Map.of(), failures);
    }

    /** What is wrong with the groups an engine kept, or null. */
    private static String problem(
            Map<Integer, List<Long>> all, Map<Integer, List<Long>> answers, Map<Integer, List<Long>> kept) {
        for (Map.Entry<Integer, List<Long>> e : kept.entrySet()) {
            if (!e.getValue().equals(all.get(e.getKey()))) {
                return "group " + e.getKey() + ": " + e.getValue() + " instead of " + all.get(e.getKey());
            }
        }
        for (Integer g : answers.keySet()) {
            if (!kept.containsKey(g)) return "group " + g + " of the answer was cut (" + kept.size() + " kept)";
        }
        if (kept.size() > answers.size() + FEW) {
            return kept.size() + " groups kept, " + answers.size() + " can be in the answer";
        }
        return null;
    }

    /**
     * The groups of {@code all} that can be in the answer: a NULL value, or a value at most the {@code count}-th
     * in the statement's order.
     */
    private static Map<Integer, List<Long>> answers(OffloadJob job, Map<Integer, List<Long>> all, Case k) {
        int value = 1 + 2 * k.aggregate();
        boolean count = switch (job.aggregates().get(k.aggregate()).function()) {
            case COUNT, COUNT_STAR -> true;
            default -> false;
        };
        List<Long> ordered = new ArrayList<>();
        for (List<Long> v : all.values()) {
            if (count || v.get(value + 1) > 0)
                ordered.add(k.descending() ? ~key(v, value, count) : key(v, value, count));
        }
        ordered.sort(null);
        long boundary = ordered.size() <= k.count() ? Long.MAX_VALUE : ordered.get((int) k.count() - 1);
        Map<Integer, List<Long>> out = new LinkedHashMap<>();
        all.forEach((g, v) -> {
            boolean isNull = !count && v.get(value + 1) == 0;
            long o = isNull ? 0 : k.descending() ? ~key(v, value, count) : key(v, value, count);
            if (isNull || o <= boundary) out.put(g, v);
        });
        return out;
    }

    /** The value a cut orders by: the count for COUNT and COUNT(*), else the accumulator. */
    private static long key(List<Long> v, int value, boolean count) {
        return count ? v.get(value + 1) : v.get(value);
    }

    /** Each group with rows: its rows hit, then per aggregate its value and non-NULL count. */
    private static Map<Integer, List<Long>> byGroup(OffloadJob job, GroupAggregates a) {
        Map<Integer, List<Long>> out = new LinkedHashMap<>();
        for (int s = 0; s < a.slots(); s++) {
            if (a.rowsHitAt(s) == 0) continue;
            List<Long> values = new ArrayList<>(List.of(a.rowsHitAt(s)));
            for (int i = 0; i < job.aggregates().size(); i++) {
                boolean counts = job.aggregates().get(i).function().accumulator() == AggregateFunction.Accumulator.NONE;
                values.add(counts ? 0 : a.valueAt(i, s));
                values.add(a.countAt(i, s));
            }
            out.put(a.groupAt(s), values);
        }
        return out;
    }

    /** Forced offload on GPU 0 alone, one partition: a partitioned run makes no cut. */
    private static OffloadSettings oneGpu() {
        return new OffloadSettings(
                OffloadSettings.Mode.FORCE,
                OffloadSettings.Engine.CUDA,
                false,
                OffloadSettings.MemoryBudget.ofPercent(80),
                OffloadSettings.MemoryBudget.ofPercent(50),
                new int[] {0},
                1,
                OffloadSettings.Placement.PARTITIONED,
                OffloadSettings.Finish.DIRECT);
    }
}
