package org.raydb.jdbc.core;

import java.sql.CallableStatement;
import java.sql.ClientInfoStatus;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.config.ConnectionSettings;
import org.raydb.jdbc.error.SqlErrors;
import org.raydb.jdbc.error.SqlState;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.Residency;

/**
 * The driver's connection: DuckDB's connection plus the offloader attached to it. It creates the driver's own
 * statements and metadata, keeps client info and a read-only hint itself (DuckDB rejects both), and tells the
 * offloader when a transaction that wrote ends (commit or rollback).
 */
public final class ConnectionWrapper extends DelegatingConnection implements RayConnection {

    private final ConnectionSettings settings;
    private final Offloader offloader;
    private final Properties clientInfo = new Properties();
    private volatile boolean readOnlyHint;
    private volatile boolean wroteInTransaction;
    private MetaDataWrapper metaData;

    public ConnectionWrapper(Connection duckdb, ConnectionSettings settings, Offloader offloader) {
        super(null, duckdb);
        this.settings = settings;
        this.offloader = offloader;
        StatementPath.loadOnce();
    }

    @Override
    public OffloadSettings offloadSettings() {
        return settings.offload();
    }

    @Override
    public boolean awaitBackgroundBuilds(java.time.Duration timeout) throws SQLException {
        try {
            return offloader.awaitBackgroundBuilds(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SqlErrors.create(SqlState.QUERY_CANCELED, "interrupted while waiting for background builds");
        }
    }

    @Override
    public Residency residency() {
        return offloader.residency();
    }

    ConnectionSettings settings() {
        return settings;
    }

    @Override
    void handingOutDuckDb() {
        offloader.duckDbHandedOut();
    }

    Offloader offloader() {
        return offloader;
    }

    /** Moves the session as {@code USE} does, without SQL text the statements see: plans made before are made again. */
    @Override
    public void setSchema(String schema) throws SQLException {
        super.setSchema(schema);
        offloader.settingsChanged();
    }

    /** {@link #setSchema}'s reason. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        super.setCatalog(catalog);
        offloader.settingsChanged();
    }

    @Override
    SQLException closedError() {
        return SqlErrors.connectionClosed();
    }

    @Override
    void afterClose() {
        offloader.close();
    }

    /** A statement that may have written went through: the offloader drops what it made stale. */
    void written(String sql) {
        Connection duckdb = delegateOrNull();
        try {
            if (duckdb != null && !duckdb.getAutoCommit()) {
                wroteInTransaction = true;
            }
        } catch (SQLException e) {
            wroteInTransaction = true; // cannot tell: assume a transaction, so a rollback is reported too
        }
        offloader.tableWritten(sql);
    }

    /** Rejects a writing statement while {@link #setReadOnly(boolean) setReadOnly(true)} is in effect. */
    void checkWritable(String sql) throws SQLException {
        if (readOnlyHint && SqlText.mayWrite(sql)) {
            throw SqlErrors.create(
                    SqlState.READ_ONLY_SQL_TRANSACTION,
                    "The connection is read-only (setReadOnly(true)); this statement may write: " + sql);
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        Connection duckdb = open();
        return statement(duckdb::createStatement);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        Connection duckdb = open();
        return statement(() -> duckdb.createStatement(resultSetType, resultSetConcurrency));
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        Connection duckdb = open();
        return statement(() -> duckdb.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability));
    }

    private Statement statement(StatementWrapper.DuckDbCall<Statement> opener) throws SQLException {
        try {
            return StatementWrapper.plain(this, opener);
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        Connection duckdb = open();
        return prepared(sql, () -> duckdb.prepareStatement(explained(sql)));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        Connection duckdb = open();
        return prepared(sql, () -> duckdb.prepareStatement(explained(sql), autoGeneratedKeys));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        Connection duckdb = open();
        return prepared(sql, () -> duckdb.prepareStatement(explained(sql), columnIndexes));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        Connection duckdb = open();
        return prepared(sql, () -> duckdb.prepareStatement(explained(sql), columnNames));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        Connection duckdb = open();
        return prepared(sql, () -> duckdb.prepareStatement(explained(sql), resultSetType, resultSetConcurrency));
    }

    @Override
    public PreparedStatement prepareStatement(
            String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        Connection duckdb = open();
        return prepared(
                sql,
                () -> duckdb.prepareStatement(
                        explained(sql), resultSetType, resultSetConcurrency, resultSetHoldability));
    }

    /**
     * What DuckDB prepares for {@code sql}: the statement itself, or for {@code EXPLAIN OFFLOAD}, which DuckDB's
     * parser does not know, the explained query (its parameters and errors are DuckDB's; executing it explains).
     */
    private static String explained(String sql) {
        String target = SqlText.explainOffloadTarget(sql);
        return target == null ? sql : target;
    }

    /** DuckDB prepares {@code sql} itself, so parameter metadata and errors are DuckDB's. */
    private PreparedStatement prepared(String sql, StatementWrapper.DuckDbCall<PreparedStatement> prepare)
            throws SQLException {
        try {
            return new PreparedStatementWrapper(this, prepare.run(), sql);
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw SqlErrors.notSupported(Connection.class, "prepareCall(String)");
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        throw SqlErrors.notSupported(Connection.class, "prepareCall(String, int, int)");
    }

    @Override
    public CallableStatement prepareCall(
            String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        throw SqlErrors.notSupported(Connection.class, "prepareCall(String, int, int, int)");
    }

    @Override
    public synchronized DatabaseMetaData getMetaData() throws SQLException {
        Connection duckdb = open();
        if (metaData == null) {
            try {
                metaData = new MetaDataWrapper(this, duckdb.getMetaData());
            } catch (SQLException e) {
                throw translate(e);
            }
        }
        return metaData;
    }

    @Override
    public void commit() throws SQLException {
        try {
            open().commit();
        } catch (SQLException e) {
            throw translate(e);
        }
        transactionEnded("COMMIT");
    }

    @Override
    public void rollback() throws SQLException {
        try {
            open().rollback();
        } catch (SQLException e) {
            throw translate(e);
        } finally {
            transactionEnded("ROLLBACK");
        }
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        try {
            open().rollback(savepoint);
        } catch (SQLException e) {
            throw translate(e);
        } finally {
            transactionEnded("ROLLBACK");
        }
    }

    /**
     * Committed writes become visible to other connections and undone writes change tables as much as the writes
     * did: either way the offload layer hears of it, so state it kept back during the transaction is dropped.
     */
    private void transactionEnded(String how) {
        if (wroteInTransaction) {
            wroteInTransaction = false;
            offloader.tableWritten(how);
        }
    }

    /**
     * JDBC calls read-only a hint. DuckDB fixes it when the database opens ({@code access_mode=READ_ONLY}),
     * so on a read-write connection the driver honours the hint itself by refusing writing statements.
     */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        Connection duckdb = open();
        if (duckdb.isReadOnly() && !readOnly) {
            throw SqlErrors.create(
                    SqlState.READ_ONLY_SQL_TRANSACTION,
                    "The database was opened read-only (access_mode=READ_ONLY); it cannot become writable.");
        }
        readOnlyHint = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        try {
            return readOnlyHint || open().isReadOnly();
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) {
            throw SqlErrors.create(
                    SqlState.INVALID_PARAMETER_VALUE,
                    "isValid timeout must be 0 or more seconds, was " + timeoutSeconds);
        }
        Connection duckdb = delegateOrNull();
        if (duckdb == null) {
            return false;
        }
        try {
            return duckdb.isValid(timeoutSeconds);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        if (delegateOrNull() == null) {
            throw new SQLClientInfoException(
                    "This connection has been closed.",
                    SqlState.CONNECTION_DOES_NOT_EXIST.code(),
                    Map.of(name, ClientInfoStatus.REASON_UNKNOWN));
        }
        synchronized (clientInfo) {
            if (value == null) {
                clientInfo.remove(name);
            } else {
                clientInfo.setProperty(name, value);
            }
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        if (delegateOrNull() == null) {
            throw new SQLClientInfoException(
                    "This connection has been closed.", SqlState.CONNECTION_DOES_NOT_EXIST.code(), Map.of());
        }
        synchronized (clientInfo) {
            clientInfo.clear();
            clientInfo.putAll(properties);
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        open();
        synchronized (clientInfo) {
            return clientInfo.getProperty(name);
        }
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        open();
        synchronized (clientInfo) {
            Properties copy = new Properties();
            copy.putAll(clientInfo);
            return copy;
        }
    }

    /**
     * DuckDB materializes results unless {@code jdbc_stream_results=true}, so they stay readable after a commit
     * (a streaming result must be drained before the connection commits at all); DuckDB's driver throws here.
     */
    @Override
    public int getHoldability() throws SQLException {
        open();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        open();
        if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw SqlErrors.create(
                    SqlState.FEATURE_NOT_SUPPORTED,
                    "Only HOLD_CURSORS_OVER_COMMIT is supported: DuckDB results outlive their transaction.");
        }
    }

    /** Closes the connection on {@code executor}, as JDBC's abort asks; DuckDB has no abort of its own. */
    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw SqlErrors.create(SqlState.INVALID_PARAMETER_VALUE, "abort needs an executor");
        }
        if (delegateOrNull() != null) {
            executor.execute(() -> {
                try {
                    close();
                } catch (SQLException e) {
                    // aborting: nobody is left to tell, and the connection is closed regardless
                }
            });
        }
    }
}
