package org.raydb.offload.engine;

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

    /** The engine's own time for the job: from the first launch until the groups are in host memory. */
    public long engineMicros() {
        return filterMicros + aggregateMicros;
    }
}
