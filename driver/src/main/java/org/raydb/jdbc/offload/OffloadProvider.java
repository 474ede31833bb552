package org.raydb.jdbc.offload;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The seam between the driver and the GPU offload layer, found through {@link java.util.ServiceLoader}.
 *
 * <p>The driver compiles for Java 17 and knows nothing about engines; {@code rt-offload} (Java 22+, FFM)
 * registers an implementation in {@code META-INF/services/org.raydb.jdbc.offload.OffloadProvider}. When no
 * provider is found, or {@link #unavailableReason()} returns a reason, every connection uses
 * {@link Offloader#NONE} and the driver is pure delegation to DuckDB.
 */
public interface OffloadProvider {

    /** Why offload cannot work in this JVM or on this host, or {@code null} when it can. */
    String unavailableReason();

    /**
     * Attaches the offload layer to one new connection.
     *
     * @param duckdb   the connection's own DuckDB connection (unwrap it to {@code org.duckdb.DuckDBConnection}
     *                 for Arrow); the offloader never closes it
     * @param settings the connection's validated driver settings
     */
    Offloader attach(Connection duckdb, OffloadSettings settings) throws SQLException;
}
