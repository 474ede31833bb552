package org.raydb.jdbc;

import java.sql.Statement;

/**
 * RayDB's extension of {@link Statement}, reached with {@code statement.unwrap(RayStatement.class)}
 * (PreparedStatements implement it too).
 */
public interface RayStatement extends Statement {

    /** Whether the last query this statement executed was answered by the offload layer. */
    boolean lastQueryOffloaded();
}
