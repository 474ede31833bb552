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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.raydb.offload.plan.TableRef;

/**
 * What a resident copy of a table was loaded from: equal versions mean equal committed contents. DuckDB exposes
 * no commit counter, so a version combines what can be asked cheaply:
 * <ul>
 * <li>for a table stored in a file, the size and modification time of the database file and its write-ahead
 * log: every commit that changes data or the catalog appends to the log, and a checkpoint rewrites the file,
 * whoever wrote (another connection, an unwrapped DuckDB connection, an Appender, another process);</li>
 * <li>for a table in memory (an in-memory database, a temporary table), the row count the session sees, which
 * an insert, delete or append changes;</li>
 * <li>the number of writes the driver itself has seen on the database ({@code writes}).</li>
 * </ul>
 * The file is the one the catalog was attached from when last asked, asked again after any write through the
 * driver: a plain connection that attaches another file under the same name is not seen.
 * An in-place UPDATE of an in-memory table through a connection the driver does not see changes none of these,
 * so the offload reads an in-memory table only while no such connection can exist. Reading a version outside a
 * transaction is one file stat (stored tables) or one {@code count(*)} (tables in memory).
 */
public record TableVersion(String storage, long writes) {

    /**
     * The version as the session sees it now.
     *
     * @param file the database file holding the table ({@link #file}), {@code null} for a table in memory
     */
    public static TableVersion read(Connection session, TableRef table, Path file, long writes) throws SQLException {
        return new TableVersion(file == null ? rows(session, table) : files(file), writes);
    }

    /** The file of a catalog (an attached database), or {@code null} for one held in memory. */
    public static Path file(Connection session, String catalog) throws SQLException {
        try (PreparedStatement p =
                session.prepareStatement("SELECT path FROM duckdb_databases()" + " WHERE database_name = ?")) {
            p.setString(1, catalog);
            try (ResultSet rs = p.executeQuery()) {
                String path = rs.next() ? rs.getString(1) : null;
                return path == null || path.isEmpty() || path.startsWith(":memory:") ? null : Path.of(path);
            }
        }
    }

    /**
     * The files of every database attached to the session's instance. A decision also depends on what it read
     * outside its table's file (a view or macro in another attached database), which {@link #otherFiles} stamps.
     */
    public static List<Path> attachedFiles(Connection session) throws SQLException {
        List<Path> out = new ArrayList<>();
        try (PreparedStatement p = session.prepareStatement("SELECT path FROM duckdb_databases() WHERE NOT internal");
                ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                String path = rs.getString(1);
                if (path != null && !path.isEmpty() && !path.startsWith(":memory:")) out.add(Path.of(path));
            }
        }
        return out;
    }

    /**
     * The stamps of the files in {@code attached} but {@code own} (the table's, which its version stamps), as
     * {@link #read} stamps a table's file: empty for a database of one file.
     */
    public static String otherFiles(List<Path> attached, Path own) throws SQLException {
        StringBuilder out = new StringBuilder();
        for (Path file : attached) {
            if (!file.equals(own)) out.append(files(file)).append(';');
        }
        return out.toString();
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
        // Asked first: the write-ahead log is usually absent, and a NoSuchFileException per query (its stack
        // trace filled) was a measurable part of a warm query's host time.
        if (!Files.exists(file)) return "none";
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            // In nanoseconds, not as an Instant: its ISO text was most of the version's cost on every query.
            return a.size() + "@" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        } catch (NoSuchFileException e) {
            return "none";
        } catch (IOException e) {
            throw new SQLException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
