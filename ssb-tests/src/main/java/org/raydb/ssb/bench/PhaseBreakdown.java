package org.raydb.ssb.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Where an offloaded query's time went, medians over the timed runs in microseconds: planning (the offload
 * layer's plan cache lookup), offload execution (the engine run), handoff (the aggregated groups decoded into
 * rows, made Arrow where DuckDB reads them) and finish (the rest of the statement, finished by the driver
 * directly or by DuckDB, until the application has read the last row: everything the application waited
 * for that the first three do not account for). Inside
 * execution, the engine's own figures: {@code engineUs} from its first launch until the groups are in host
 * memory (the "GPU time" of the targets, {@link Targets}), {@code kernelUs} the device time of its kernels and {@code bytesRead} the
 * device bytes they had to read; {@link #UNKNOWN} where the engine does not measure them (cpu: kernel, bytes).
 */
public record PhaseBreakdown(
        long planningUs,
        long executionUs,
        long handoffUs,
        long finishUs,
        long engineUs,
        long kernelUs,
        long bytesRead) {

    public static final long UNKNOWN = -1;

    private static final List<String> PHASES = List.of("planning_us", "execution_us", "handoff_us");
    private static final List<String> ENGINE = List.of("engine_us", "kernel_us", "bytes_read");

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
        long[][] values = new long[7][n];
        for (int i = 0; i < n; i++) {
            Map<String, Long> t = timings.get(i);
            if (t == null || !t.keySet().containsAll(PHASES)) {
                return null;
            }
            for (int p = 0; p < 3; p++) {
                values[p][i] = t.get(PHASES.get(p));
            }
            values[3][i] = Math.max(0, Math.round(wallMs[i] * 1000) - values[0][i] - values[1][i] - values[2][i]);
            for (int e = 0; e < 3; e++) {
                values[4 + e][i] = t.getOrDefault(ENGINE.get(e), UNKNOWN);
            }
        }
        return new PhaseBreakdown(
                median(values[0]),
                median(values[1]),
                median(values[2]),
                median(values[3]),
                knownMedian(values[4]),
                knownMedian(values[5]),
                knownMedian(values[6]));
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The median, or {@link #UNKNOWN} when some run did not measure it. */
    private static long knownMedian(long[] values) {
        return Arrays.stream(values).anyMatch(v -> v < 0) ? UNKNOWN : median(values);
    }

    /** Host-side overhead: everything but the engine run. */
    public long hostUs() {
        return planningUs + handoffUs + finishUs;
    }
}
