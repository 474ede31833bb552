package org.raydb.jdbc;

import java.sql.Connection;
import org.raydb.jdbc.offload.OffloadSettings;

/** RayDB's extension of {@link Connection}, reached with {@code connection.unwrap(RayConnection.class)}. */
public interface RayConnection extends Connection {

    /** The driver's own settings of this connection (offload, engine, verify, gpu.memory, device). */
    OffloadSettings offloadSettings();
}
