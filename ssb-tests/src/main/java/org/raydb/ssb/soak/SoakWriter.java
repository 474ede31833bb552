package org.raydb.ssb.soak;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.raydb.ssb.schema.SsbSchema;

/**
 * A writer of the soak: on its own {@code jdbc:raydb:} connection it inserts copies of flat rows and deletes
 * them again, in autocommit and in explicit transactions (committed or rolled back). Every write changes the
 * table, so resident copies of it go stale, yet no answer moves: its rows carry the year {@code 1900 + index}
 * (and the date key, order date and year-month that go with it: before every SSB date), which no q1.x
 * accepts, and the supplier region, nation and city {@value #NOWHERE}, which every other query's supplier
 * filter rejects. {@link SoakQueries} checks this on plain DuckDB before the soak starts.
 */
final class SoakWriter implements Runnable {

    static final String NOWHERE = "SOAK";
    private static final int ROWS = 100;

    private final String url;
    private final int index;
    private final SoakStats stats;
    private final long pauseMillis;
    private volatile boolean stopping;

    SoakWriter(String url, int index, SoakStats stats, long pauseMillis) {
        this.url = url;
        this.index = index;
        this.stats = stats;
        this.pauseMillis = pauseMillis;
    }

    /** Copies of {@value #ROWS} SSB rows as writer {@code index}'s rows, which no soak query can see. */
    static String insertSql(int index) {
        int year = year(index);
        return "INSERT INTO " + SsbSchema.FLAT_TABLE + " SELECT * REPLACE (" + year + " AS d_year, "
                + (year * 100 + 1) + " AS d_yearmonthnum, 'Jan" + year + "' AS d_yearmonth, "
                + (year * 10000 + 101) + " AS d_datekey, " + (year * 10000 + 101) + " AS lo_orderdate, '"
                + NOWHERE + "' AS s_region, '" + NOWHERE + "' AS s_nation, '" + NOWHERE + "' AS s_city) FROM "
                + SsbSchema.FLAT_TABLE + " WHERE d_year >= 1992 LIMIT " + ROWS;
    }

    static String deleteSql(int index) {
        return "DELETE FROM " + SsbSchema.FLAT_TABLE + " WHERE d_year = " + year(index);
    }

    private static int year(int index) {
        return 1900 + index;
    }

    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        Connection connection = null;
        for (long step = 0; !stopping; step++) {
            try {
                if (connection == null || connection.isClosed()) {
                    connection = DriverManager.getConnection(url);
                }
                write(connection, step);
                stats.wrote();
            } catch (SQLException | RuntimeException e) {
                stats.error("writer " + index + " step " + step % 6 + ": " + e);
                connection = reset(connection);
            }
            pause();
        }
        cleanUp(connection);
    }

    /** One of six writes in turn: insert, delete, each in its own committed transaction, a rolled-back insert,
     *  and an insert deleted again in the same transaction. */
    private void write(Connection connection, long step) throws SQLException {
        switch ((int) (step % 6)) {
            case 0 -> execute(connection, insertSql(index));
            case 1 -> execute(connection, deleteSql(index));
            case 2 -> transaction(connection, true, insertSql(index));
            case 3 -> transaction(connection, true, deleteSql(index));
            case 4 -> transaction(connection, false, insertSql(index));
            default -> transaction(connection, true, insertSql(index), deleteSql(index));
        }
    }

    private static void transaction(Connection connection, boolean commit, String... sql) throws SQLException {
        connection.setAutoCommit(false);
        for (String s : sql) {
            execute(connection, s);
        }
        if (commit) {
            connection.commit();
        } else {
            connection.rollback();
        }
        connection.setAutoCommit(true);
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate(sql);
        }
    }

    /** After a failed write: the open transaction rolled back, or the connection dropped when that fails. */
    private static Connection reset(Connection connection) {
        try {
            if (connection != null && !connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
            return connection;
        } catch (SQLException e) {
            close(connection);
            return null;
        }
    }

    /** Leaves the table as it was found: this writer's rows deleted. */
    private void cleanUp(Connection connection) {
        try {
            if (connection == null || connection.isClosed()) {
                connection = DriverManager.getConnection(url);
            }
            execute(connection, deleteSql(index));
        } catch (SQLException e) {
            stats.error("writer " + index + " clean-up: " + e);
        } finally {
            close(connection);
        }
    }

    private static void close(Connection connection) {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException e) {
            // Already broken; nothing left to release.
        }
    }

    private void pause() {
        try {
            Thread.sleep(pauseMillis);
        } catch (InterruptedException e) {
            stopping = true;
        }
    }
}
