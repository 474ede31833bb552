package org.raydb.offload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where one offloaded query's time went, in microseconds, phase by phase as the query flows: planning (the
 * plan cache lookup, or planning on a miss), execution (residency check, job preparation, the engine run),
 * handoff (the aggregated groups made a relation DuckDB reads) and duckdb (DuckDB running the rest of the
 * statement over it until its result set is returned).
 */
record OffloadTimings(long planningMicros, long executionMicros, long handoffMicros, long duckdbMicros) {

    /** The keys {@link org.raydb.jdbc.RayStatement#lastOffloadTimings()} documents, in phase order. */
    Map<String, Long> asMap() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("planning_us", planningMicros);
        out.put("execution_us", executionMicros);
        out.put("handoff_us", handoffMicros);
        out.put("duckdb_us", duckdbMicros);
        return java.util.Collections.unmodifiableMap(out);
    }

    static long micros(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1000;
    }
}
