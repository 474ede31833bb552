package org.raydb.offload.engine;

/**
 * What an engine returns: the exact aggregates plus what it did, for EXPLAIN OFFLOAD.
 *
 * @param aggregates   per-group exact state
 * @param rowsHit      rows that passed the filters (each counted once)
 * @param raysCast     rays launched (0 for engines without rays)
 * @param filterMicros time to find the qualifying rows
 * @param aggregateMicros time to aggregate them
 */
public record EngineResult(GroupAggregates aggregates, long rowsHit, long raysCast, long filterMicros,
        long aggregateMicros) {
}
