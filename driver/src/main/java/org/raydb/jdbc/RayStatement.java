package org.raydb.jdbc;

import java.sql.Statement;
import java.util.Map;

/**
 * RayDB's extension of {@link Statement}, reached with {@code statement.unwrap(RayStatement.class)}
 * (PreparedStatements implement it too).
 */
public interface RayStatement extends Statement {

    /** Whether the last query this statement executed was answered by the offload layer. */
    boolean lastQueryOffloaded();

    /**
     * Where the time of the last query this statement had offloaded went, in microseconds, as the offload
     * layer measured it: {@code planning_us} (plan cache lookup, or planning on a miss), {@code execution_us}
     * (the engine run with its residency check), {@code handoff_us} (the aggregated groups decoded, and made a
     * relation DuckDB can read where DuckDB finishes) and {@code duckdb_us} (the rest of the statement until its
     * result set is returned: DuckDB running it, or the driver's direct finish where {@code direct_finish} is 1;
     * reading the rows comes after). Inside execution, {@code load_us} (loading the query's columns from DuckDB;
     * 0 when they were resident already) and the engine's own figures:
     * {@code engine_us} (from its first launch until the groups are in host memory), {@code kernel_us} (device
     * time of its kernels) and {@code bytes_read} (device bytes they had to read); -1 where the engine does not
     * measure them (the cpu engine). Empty when the last query was not offloaded.
     */
    default Map<String, Long> lastOffloadTimings() {
        return Map.of();
    }
}
