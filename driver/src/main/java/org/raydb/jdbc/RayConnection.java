package org.raydb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Residency;

/** RayDB's extension of {@link Connection}, reached with {@code connection.unwrap(RayConnection.class)}. */
public interface RayConnection extends Connection {

    /** The driver's own settings of this connection (offload, engine, verify, gpu.memory, device). */
    OffloadSettings offloadSettings();

    /**
     * Waits, at most {@code timeout}, until the offload's background builds are done: under {@code offload=auto}
     * a query whose columns or index are not ready yet is answered by DuckDB while they build behind it, and
     * from then on runs offloaded. Useful to warm a process up before serving, and to benchmark warm runs.
     *
     * @return whether no build is left (false: the timeout passed first)
     * @throws SQLException 57014 when the waiting thread is interrupted
     */
    boolean awaitBackgroundBuilds(Duration timeout) throws SQLException;

    /**
     * The host and GPU memory the offload layer holds resident now, against its {@code host.memory} and
     * {@code gpu.memory} budgets: process-wide, not this connection's share ({@link Residency#NONE} without an
     * offload layer). Cheap enough to call after each query, but not meant for a hot path: it sums over every
     * resident snapshot.
     */
    Residency residency();
}
