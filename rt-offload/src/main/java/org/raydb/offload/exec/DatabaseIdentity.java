package org.raydb.offload.exec;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBConnection;

/**
 * Which database a connection belongs to, so connections to one database share resident tables. A database
 * file is named by its real path, so what was made resident outlives its connections and serves the next one
 * to open the file (each table's {@link TableVersion} tells whether the file changed meanwhile). An in-memory
 * database is its own: it is named by its instance, whose native address DuckDB's JDBC driver keeps in a
 * package-private field; when that cannot be read, every connection counts as its own database (correct,
 * just not shared).
 */
public final class DatabaseIdentity {

    private static final Field DB_ADDRESS = find();

    private DatabaseIdentity() {}

    private static Field find() {
        try {
            Field f = DuckDBConnection.class.getDeclaredField("dbAddress");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The native address of the DuckDB instance {@code connection} belongs to, {@code 0} where it cannot be read: it
     * names the instance only while one of its connections is open (a closed instance's address may be reused).
     */
    public static long instance(Connection connection) throws SQLException {
        if (DB_ADDRESS == null) return 0;
        try {
            return DB_ADDRESS.getLong(connection.unwrap(DuckDBConnection.class));
        } catch (IllegalAccessException e) {
            return 0;
        }
    }

    /**
     * A connection's database: a key equal for connections to one database (its file's real path, or its open
     * in-memory instance), and the catalog a new connection starts in with its file ({@code null}: in memory).
     */
    public record Named(Object key, String catalog, Path file) {}

    /** The database {@code connection} belongs to (two catalog queries). */
    public static Named of(Connection connection) throws SQLException {
        String catalog = currentCatalog(connection);
        Path file = TableVersion.file(connection, catalog);
        if (file != null) {
            try {
                return new Named(file.toRealPath(), catalog, file);
            } catch (IOException e) {
                return new Named(file.toAbsolutePath().normalize(), catalog, file);
            }
        }
        long address = instance(connection);
        return new Named(address != 0 ? address : new Object(), catalog, null);
    }

    /**
     * Whether no connection outside the driver can open this connection's database: an unnamed in-memory
     * database ({@code jdbc:duckdb:} or {@code jdbc:duckdb::memory:}) belongs to the connection that opened it,
     * while DuckDB's driver hands a named one ({@code :memory:name}) or a file to any connection of the process
     * that asks for it.
     */
    public static boolean isPrivate(Connection connection) throws SQLException {
        String url = connection.getMetaData().getURL();
        int options = url.indexOf('?');
        String database = options < 0 ? url : url.substring(0, options);
        return database.equals("jdbc:duckdb:") || database.equals("jdbc:duckdb::memory:");
    }

    /** Whether the key names a database file (whose resident tables are worth keeping while it is closed). */
    public static boolean isFile(Object key) {
        return key instanceof Path;
    }

    private static String currentCatalog(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
