package org.raydb.jdbc.core;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;

/**
 * The offloader of a connection without offload: like {@link Offloader#NONE} it offloads nothing, but
 * {@code EXPLAIN OFFLOAD} names the actual reason ({@code offload=off}, the Java version, no offload layer on
 * the class path, or the layer's own reason such as a missing GPU).
 */
final class OffloadOff implements Offloader {

    private final String reason;

    OffloadOff(String reason) {
        this.reason = reason;
    }

    /** Whether {@code offloader} never offloads, so the driver can skip the work of offering queries to it. */
    static boolean isOff(Offloader offloader) {
        return offloader == Offloader.NONE || offloader instanceof OffloadOff;
    }

    @Override
    public ResultSet tryQuery(Statement duckdbStatement, String sql, List<Object> parameters, QueryCancel cancel) {
        return null;
    }

    @Override
    public ResultSet explain(Statement duckdbStatement, String sql, List<Object> parameters) throws SQLException {
        return duckdbStatement.executeQuery("SELECT * FROM (VALUES ('qualifies', 'false'), ('reason', '"
                + reason.replace("'", "''") + "')) AS t(item, value)");
    }

    @Override
    public void tableWritten(String sql) {}

    @Override
    public void close() {}
}
