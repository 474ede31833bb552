package org.raydb.offload.exec;

import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.SQLException;
import org.duckdb.DuckDBConnection;

/**
 * Which DuckDB database instance a connection belongs to, so connections to one database share resident
 * tables. DuckDB's JDBC driver keeps the instance's native address in a package-private field; when it
 * cannot be read, every connection counts as its own database (correct, just not shared).
 */
public final class DatabaseIdentity {

    private static final Field DB_ADDRESS = find();

    private DatabaseIdentity() {
    }

    private static Field find() {
        try {
            Field f = DuckDBConnection.class.getDeclaredField("dbAddress");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** A key equal for connections of one open database instance. */
    public static Object of(Connection connection) throws SQLException {
        if (DB_ADDRESS != null) {
            try {
                return DB_ADDRESS.getLong(connection.unwrap(DuckDBConnection.class));
            } catch (IllegalAccessException e) {
                // fall through: unshared
            }
        }
        return new Object();
    }
}
