package org.raydb.jdbc.offload;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * One connection's view of the offload layer. The driver calls it for every query it executes; it either
 * answers with DuckDB's own {@link ResultSet} over the offloaded aggregate or returns {@code null}, and then
 * the driver runs the statement on DuckDB untouched.
 */
public interface Offloader extends AutoCloseable {

    /** The default: offload nothing, so the driver is pure delegation. */
    Offloader NONE = new Offloader() {
        @Override
        public ResultSet tryQuery(Statement duckdbStatement, String sql, List<Object> parameters, QueryCancel cancel) {
            return null;
        }

        @Override
        public ResultSet explain(Statement duckdbStatement, String sql, List<Object> parameters) throws SQLException {
            return duckdbStatement.executeQuery("SELECT * FROM (VALUES ('qualifies', 'false'),"
                    + " ('reason', 'no offload layer is available in this JVM')) AS t(item, value)");
        }

        @Override
        public void tableWritten(String sql) {}

        @Override
        public void close() {}
    };

    /**
     * Runs {@code sql} through the offload layer when it qualifies.
     *
     * @param duckdbStatement a DuckDB statement of this connection the offloader may use to run the rest of
     *                        the query; the returned result set belongs to it or to a statement the offloader
     *                        keeps on the same connection (the driver wraps it as this statement's own)
     * @param sql             the statement text as the application wrote it
     * @param parameters      bound PreparedStatement parameters in order (empty for a plain Statement)
     * @param cancel          this execution's cancellation: once set, the offloader stops soon and throws or
     *                        declines (the driver then raises DuckDB's interrupt error)
     * @return DuckDB's result set for the whole query, or {@code null} to let DuckDB run it untouched
     * @throws SQLException when {@code offload=force} and the query does not qualify or the offload failed,
     *                      or when {@code verify=true} and the answers differ
     */
    ResultSet tryQuery(Statement duckdbStatement, String sql, List<Object> parameters, QueryCancel cancel)
            throws SQLException;

    /**
     * Answers {@code EXPLAIN OFFLOAD <sql>}: the decision for {@code sql} as rows of two VARCHAR columns
     * {@code (item, value)}. Items always present: {@code qualifies} ({@code true}/{@code false}) and, when it
     * does not, {@code reason}; when it does, at least {@code engine}, plus whatever else explains the decision
     * (matched pieces, encodings, index, estimates, timings).
     */
    ResultSet explain(Statement duckdbStatement, String sql, List<Object> parameters) throws SQLException;

    /**
     * Timings of the query {@link #tryQuery} answered last on this connection, in microseconds by phase (see
     * {@link org.raydb.jdbc.RayStatement#lastOffloadTimings()}); empty when it has answered none.
     */
    default Map<String, Long> lastTimings() {
        return Map.of();
    }

    /**
     * DuckDB's own connection, statement or result set of this connection was handed to the application
     * ({@code unwrap}): writes through it, an Appender's included, bypass the driver from now on.
     */
    default void duckDbHandedOut() {}

    /** A write statement went through the driver: drop whatever cached state it may have made stale. */
    void tableWritten(String sql);

    /**
     * A {@code SET}, {@code RESET} or {@code PRAGMA} went through the driver, or JDBC's {@code setSchema} or
     * {@code setCatalog}: plans and finishing steps read settings (such as {@code default_order}) and resolved names
     * when they were made, so they must be made again.
     */
    default void settingsChanged() {}

    /**
     * DuckDB runs a statement of this connection from now until the returned handle closes (a query the offload
     * declined, or any other statement): the offload's background builds give way to it meanwhile.
     */
    default DuckDbWork duckDbWorks() {
        return () -> {};
    }

    /** Ends a {@link #duckDbWorks} span. */
    @FunctionalInterface
    interface DuckDbWork extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Waits until the offload layer's background builds (columns loading, encodings, indexes, device uploads
     * started by queries that DuckDB answered meanwhile) are done, at most {@code timeoutMillis}.
     *
     * @return whether none is left
     */
    default boolean awaitBackgroundBuilds(long timeoutMillis) throws InterruptedException {
        return true;
    }

    /** What the offload layer holds resident for the whole process now (see {@link Residency}). */
    default Residency residency() {
        return Residency.NONE;
    }

    @Override
    void close();
}
