package org.raydb.offload.engine;

import java.util.List;

/**
 * What an engine returns: the exact aggregates plus what it did, for EXPLAIN OFFLOAD and the bench.
 *
 * @param aggregates      per-group exact state
 * @param rowsHit         rows that passed the filters (each counted once)
 * @param raysCast        rays launched (0 for engines without rays)
 * @param filterMicros    time to find the qualifying rows
 * @param aggregateMicros time to aggregate them
 * @param kernelMicros    device time of the job's launches (CUDA events), -1 where not measured (cpu engine)
 * @param bytesRead       device bytes the job's kernels had to read (the bandwidth floor's numerator), -1
 *                        where not known
 */
public record EngineResult(
        GroupAggregates aggregates,
        long rowsHit,
        long raysCast,
        long filterMicros,
        long aggregateMicros,
        long kernelMicros,
        long bytesRead) {

    /** A result without device measurements (the cpu engine). */
    public EngineResult(
            GroupAggregates aggregates, long rowsHit, long raysCast, long filterMicros, long aggregateMicros) {
        this(aggregates, rowsHit, raysCast, filterMicros, aggregateMicros, -1, -1);
    }

    /**
     * The result of a job run in parts on several devices at once: the parts' groups merged exactly, rows and
     * rays added, times those of the slowest part (they ran side by side) with the merge counted as
     * aggregation, device bytes added. Throws {@link ArithmeticException} where a merged sum leaves 64 bits.
     */
    public static EngineResult merged(List<EngineResult> parts, long mergeMicros) {
        if (parts.size() == 1) return parts.get(0);
        GroupAggregates groups = GroupAggregates.merged(
                parts.stream().map(EngineResult::aggregates).toList());
        long hit = 0, rays = 0, filter = 0, aggregate = 0, kernel = 0, bytes = 0;
        for (EngineResult p : parts) {
            hit += p.rowsHit;
            rays += p.raysCast;
            filter = Math.max(filter, p.filterMicros);
            aggregate = Math.max(aggregate, p.aggregateMicros);
            kernel = kernel < 0 || p.kernelMicros < 0 ? -1 : Math.max(kernel, p.kernelMicros);
            bytes = bytes < 0 || p.bytesRead < 0 ? -1 : bytes + p.bytesRead;
        }
        return new EngineResult(groups, hit, rays, filter, aggregate + mergeMicros, kernel, bytes);
    }

    /** The engine's own time for the job: from the first launch until the groups are in host memory. */
    public long engineMicros() {
        return filterMicros + aggregateMicros;
    }
}
