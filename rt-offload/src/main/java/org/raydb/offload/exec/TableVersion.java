package org.raydb.offload.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.raydb.offload.plan.TableRef;

/**
 * What a resident copy of a table was loaded from, asked of DuckDB in the reading session: equal versions mean
 * equal committed contents. DuckDB exposes no commit counter, so a version combines what it does expose:
 * <ul>
 * <li>the table's catalog oid (a dropped and re-created or altered table is another table);</li>
 * <li>for a table stored in a file, the size and modification time of the database file and its write-ahead
 * log: every commit that changes data appends to the log, and a checkpoint rewrites the file, whoever wrote
 * (another connection, an unwrapped DuckDB connection, an Appender, another process);</li>
 * <li>for a table in memory (an in-memory database, a temporary table), the row count the session sees,
 * which an insert, delete or append changes;</li>
 * <li>the number of writes the driver itself has seen on the database ({@code writes}).</li>
 * </ul>
 * An in-place UPDATE of an in-memory table through a connection the driver does not see (an unwrapped DuckDB
 * connection) changes none of these; every other write does.
 *
 * @param transaction DuckDB's id of the transaction the version was read in ({@code txid_current()}): two
 *                    reads in the same transaction mean an explicit transaction is open
 */
public record TableVersion(long transaction, long oid, String storage, long writes) {

    /** The version as the session sees it now. */
    public static TableVersion read(Connection session, TableRef table, long writes) throws SQLException {
        long transaction;
        long oid;
        String path;
        try (PreparedStatement p = session.prepareStatement("SELECT txid_current(), (SELECT table_oid FROM"
                + " duckdb_tables() WHERE database_name = ? AND schema_name = ? AND table_name = ?), (SELECT path FROM"
                + " duckdb_databases() WHERE database_name = ?)")) {
            p.setString(1, table.catalog());
            p.setString(2, table.schema());
            p.setString(3, table.name());
            p.setString(4, table.catalog());
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                transaction = rs.getLong(1);
                oid = rs.getLong(2);
                if (rs.wasNull()) {
                    throw new SQLException("table " + table + " does not exist", "42P01");
                }
                path = rs.getString(3);
            }
        }
        String storage = path == null || path.isEmpty() || path.startsWith(":memory:") ? rows(session, table)
                : files(Path.of(path));
        return new TableVersion(transaction, oid, storage, writes);
    }

    /** The same committed contents (the transaction it was read in aside). */
    public boolean sameData(TableVersion other) {
        return other != null && oid == other.oid && writes == other.writes && storage.equals(other.storage);
    }

    /** DuckDB's current transaction id in the session. */
    public static long transaction(Connection session) throws SQLException {
        try (PreparedStatement p = session.prepareStatement("SELECT txid_current()");
                ResultSet rs = p.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String rows(Connection session, TableRef table) throws SQLException {
        try (PreparedStatement p = session.prepareStatement("SELECT count(*) FROM " + table.sql());
                ResultSet rs = p.executeQuery()) {
            rs.next();
            return "rows " + rs.getLong(1);
        }
    }

    private static String files(Path database) throws SQLException {
        return "file " + stamp(database) + " wal " + stamp(Path.of(database + ".wal"));
    }

    private static String stamp(Path file) throws SQLException {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return a.size() + "@" + a.lastModifiedTime().toInstant();
        } catch (NoSuchFileException e) {
            return "none";
        } catch (IOException e) {
            throw new SQLException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
