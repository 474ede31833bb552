package org.raydb.offload;

import java.util.LinkedHashMap;
import java.util.Map;
import org.raydb.offload.engine.EngineResult;

/**
 * Where one offloaded query's time went, in microseconds, phase by phase as the query flows: planning (the
 * plan cache lookup, or planning on a miss), execution (residency check, job preparation, the engine run),
 * handoff (the aggregated groups decoded, and made Arrow where DuckDB reads them) and duckdb (the rest of the
 * statement until its result set is returned: DuckDB running it, or the direct finish, which
 * {@code directFinish} tells). Inside execution, what loading columns from DuckDB took (0 when they were
 * resident) and the engine's own figures: its time
 * from the first launch until the groups are in host memory, the device time of its kernels, and the device
 * bytes they had to read (-1 where the engine does not measure them).
 */
record OffloadTimings(
        long planningMicros,
        long executionMicros,
        long loadMicros,
        long handoffMicros,
        long duckdbMicros,
        boolean directFinish,
        long engineMicros,
        long kernelMicros,
        long bytesRead) {

    OffloadTimings(
            long planningMicros,
            long executionMicros,
            long loadMicros,
            long handoffMicros,
            long duckdbMicros,
            boolean directFinish,
            EngineResult engine) {
        this(
                planningMicros,
                executionMicros,
                loadMicros,
                handoffMicros,
                duckdbMicros,
                directFinish,
                engine.engineMicros(),
                engine.kernelMicros(),
                engine.bytesRead());
    }

    /** The keys {@link org.raydb.jdbc.RayStatement#lastOffloadTimings()} documents, in phase order. */
    Map<String, Long> asMap() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("planning_us", planningMicros);
        out.put("execution_us", executionMicros);
        out.put("handoff_us", handoffMicros);
        out.put("duckdb_us", duckdbMicros);
        out.put("direct_finish", directFinish ? 1L : 0L);
        out.put("load_us", loadMicros);
        out.put("engine_us", engineMicros);
        out.put("kernel_us", kernelMicros);
        out.put("bytes_read", bytesRead);
        return java.util.Collections.unmodifiableMap(out);
    }

    static long micros(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1000;
    }
}
