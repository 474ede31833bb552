package org.raydb.offload.exec;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import org.duckdb.DuckDBConnection;

/**
 * Whether a session has a transaction open, as DuckDB itself knows it. JDBC's {@code getAutoCommit()} stays
 * true after a SQL {@code BEGIN}; DuckDB's client context does not, and DuckDB's JDBC driver reads it through a
 * package-private native call, used here by reflection (one native call, no statement). Where that cannot be
 * reached, every session counts as inside a transaction, so nothing is offloaded rather than answered stale.
 */
public final class OpenTransaction {

    private static final Field CONNECTION = field();
    private static final Method AUTO_COMMIT = method();

    private OpenTransaction() {}

    private static Field field() {
        try {
            Field f = DuckDBConnection.class.getDeclaredField("connRef");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Method method() {
        try {
            Method m = Class.forName("org.duckdb.DuckDBNative")
                    .getDeclaredMethod("duckdb_jdbc_get_auto_commit", ByteBuffer.class);
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** True inside a SQL {@code BEGIN} or with JDBC autocommit off (or when it cannot be told). */
    public static boolean in(Connection session) throws SQLException {
        if (!session.getAutoCommit() || CONNECTION == null || AUTO_COMMIT == null) {
            return true;
        }
        try {
            Object ref = CONNECTION.get(session.unwrap(DuckDBConnection.class));
            return ref == null || !(Boolean) AUTO_COMMIT.invoke(null, ref);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
