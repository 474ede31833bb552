package org.raydb.ssb.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBPreparedStatement;
import org.duckdb.QueryProgress;
import org.raydb.ssb.Progress;

/**
 * Runs one long statement (an import, a CREATE TABLE AS) while a second thread polls DuckDB's query
 * progress and reports it, in per mille, to a progress phase of total 1000.
 */
public final class MonitoredSql {

    public static final long SCALE = 1000;
    private static final long POLL_MILLIS = 200;

    private MonitoredSql() {}

    public static void execute(Connection connection, String sql, Progress.Phase phase) throws SQLException {
        try (Statement settings = connection.createStatement()) {
            // DuckDB tracks query progress only with its progress bar on; printing it stays off.
            settings.execute("SET enable_progress_bar = true");
            settings.execute("SET enable_progress_bar_print = false");
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            DuckDBPreparedStatement duck = statement.unwrap(DuckDBPreparedStatement.class);
            AtomicLong reported = new AtomicLong();
            Thread poller = Thread.ofPlatform().daemon().name("ssb-progress").start(() -> poll(duck, phase, reported));
            try {
                statement.execute();
            } finally {
                poller.interrupt();
                joinQuietly(poller);
            }
            phase.advance(SCALE - reported.get());
        }
    }

    private static void poll(DuckDBPreparedStatement statement, Progress.Phase phase, AtomicLong reported) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(POLL_MILLIS);
                QueryProgress progress = statement.getQueryProgress();
                long now = Math.min(SCALE - 1, Math.round(progress.getPercentage() * SCALE / 100));
                long before = reported.get();
                if (now > before && reported.compareAndSet(before, now)) {
                    phase.advance(now - before);
                }
            }
        } catch (InterruptedException | SQLException e) {
            // The statement finished (or the poll raced its close): progress is only cosmetic.
        }
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
