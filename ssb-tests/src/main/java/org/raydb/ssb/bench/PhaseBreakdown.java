package org.raydb.ssb.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Where an offloaded query's time went, medians over the timed runs in microseconds: planning (the offload
 * layer's plan cache lookup), offload execution (the engine run), handoff (the aggregated groups made a
 * relation DuckDB reads) and finish (DuckDB running the rest of the statement until the application has read
 * the last row: everything the application waited for that the first three do not account for).
 */
public record PhaseBreakdown(long planningUs, long executionUs, long handoffUs, long finishUs) {

    /**
     * Medians of the runs, each given as the offload layer's timings
     * ({@link org.raydb.jdbc.RayStatement#lastOffloadTimings()}) and its wall time; {@code null} when some run
     * carries no timings (it was not offloaded).
     */
    public static PhaseBreakdown of(List<Map<String, Long>> timings, double[] wallMs) {
        int n = timings.size();
        if (n == 0 || n != wallMs.length) {
            return null;
        }
        long[][] phases = new long[4][n];
        for (int i = 0; i < n; i++) {
            Map<String, Long> t = timings.get(i);
            if (t == null || !t.keySet().containsAll(List.of("planning_us", "execution_us", "handoff_us"))) {
                return null;
            }
            phases[0][i] = t.get("planning_us");
            phases[1][i] = t.get("execution_us");
            phases[2][i] = t.get("handoff_us");
            phases[3][i] = Math.max(0, Math.round(wallMs[i] * 1000) - phases[0][i] - phases[1][i] - phases[2][i]);
        }
        return new PhaseBreakdown(median(phases[0]), median(phases[1]), median(phases[2]), median(phases[3]));
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Host-side overhead: everything but the engine run. */
    public long hostUs() {
        return planningUs + handoffUs + finishUs;
    }
}
