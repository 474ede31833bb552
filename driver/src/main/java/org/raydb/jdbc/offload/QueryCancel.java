package org.raydb.jdbc.offload;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cancellation of one statement execution, shared by the driver and the offload layer: {@link #cancel()}
 * (from {@code Statement.cancel}, a query timeout or the connection closing) sets it and interrupts the DuckDB
 * statements the offload layer runs on the application's behalf; the offload layer {@link #check()}s it
 * between stages and inside long loops, and each DuckDB statement it runs is {@link #watch}ed.
 */
public final class QueryCancel {

    private final Set<Statement> running = ConcurrentHashMap.newKeySet();
    private final Runnable giveWay;
    private volatile boolean cancelled;

    /** Not cancelled yet; the driver makes one per statement execution. */
    public QueryCancel() {
        this(() -> {});
    }

    /**
     * For work behind the application's queries (the offload's background builds): every {@link #check()} and every
     * {@link #watch} also runs {@code giveWay}, which may wait while queries run.
     */
    public QueryCancel(Runnable giveWay) {
        this.giveWay = giveWay;
    }

    /** What DuckDB raises for an interrupted statement, word for word, so callers see one error either way. */
    public static SQLException interrupted() {
        return new SQLException("INTERRUPT Error: Interrupted!");
    }

    public void cancel() {
        cancelled = true;
        running.forEach(QueryCancel::interrupt);
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** Throws {@link #interrupted()} once cancelled; background work gives way to queries here. */
    public void check() throws SQLException {
        if (cancelled) {
            throw interrupted();
        }
        giveWay.run();
    }

    /**
     * Registers a DuckDB statement about to run for this execution until the returned handle closes: a cancel
     * interrupts it (DuckDB's interrupt is per connection, so any running statement of it stops). Background work
     * gives way first: a statement DuckDB has started runs on DuckDB's threads beside the application's queries
     * until it ends (a build's scans for a column's distinct values, its row count, each part of its export), where
     * the checks between batches come too late.
     */
    public Watch watch(Statement statement) {
        giveWay.run();
        running.add(statement);
        if (cancelled) {
            interrupt(statement);
        }
        return () -> running.remove(statement);
    }

    /** Ends a {@link #watch}. */
    @FunctionalInterface
    public interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    private static void interrupt(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException e) {
            // closed meanwhile: nothing of it runs any more
        }
    }
}
