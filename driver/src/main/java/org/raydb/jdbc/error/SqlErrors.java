package org.raydb.jdbc.error;

import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;

/**
 * The driver's one exception factory: every SQLException it throws is made here, and every SQLException that
 * comes out of DuckDB passes {@link #translate(SQLException)} on its way to the application.
 *
 * <p>The JDBC 4 subclass follows the state's class (08 connection, 0A not supported, 22 data, 23 integrity,
 * 40 rollback, 42 syntax or access), so applications can catch either.
 */
public final class SqlErrors {

    private SqlErrors() {}

    /** A new exception with {@code state}. */
    public static SQLException create(SqlState state, String message) {
        return create(state, message, null);
    }

    /** A new exception with {@code state} and {@code cause}. */
    public static SQLException create(SqlState state, String message, Throwable cause) {
        return withState(message, state.code(), 0, cause);
    }

    /**
     * DuckDB's exception with a proper SQLState: its message is kept word for word and the original becomes the
     * cause. Exceptions that already carry a state (DuckDB sets a few itself) pass unchanged.
     */
    public static SQLException translate(SQLException duckdb) {
        if (duckdb.getSQLState() != null) {
            return duckdb;
        }
        String state = duckdb instanceof SQLFeatureNotSupportedException
                ? SqlState.FEATURE_NOT_SUPPORTED.code()
                : DuckDbErrorStates.of(duckdb.getMessage()).code();
        if (duckdb instanceof BatchUpdateException batch) {
            return new BatchUpdateException(
                    batch.getMessage(), state, batch.getErrorCode(), batch.getLargeUpdateCounts(), batch);
        }
        return withState(duckdb.getMessage(), state, duckdb.getErrorCode(), duckdb);
    }

    /** Use of a closed connection. */
    public static SQLException connectionClosed() {
        return create(SqlState.CONNECTION_DOES_NOT_EXIST, "This connection has been closed.");
    }

    /** Use of a closed statement, result set or other object ({@code what} names it). */
    public static SQLException objectClosed(String what) {
        return create(SqlState.OBJECT_NOT_IN_STATE, "This " + what + " has been closed.");
    }

    /** A JDBC method that neither the driver nor DuckDB implements. */
    public static SQLException notSupported(Class<?> owner, String method) {
        return create(
                SqlState.FEATURE_NOT_SUPPORTED,
                "Method " + owner.getSimpleName() + "." + method + " is not supported.");
    }

    /** A driver property with a value outside its allowed ones. */
    public static SQLException invalidProperty(String key, String value, String allowed) {
        return create(
                SqlState.INVALID_PARAMETER_VALUE,
                "Invalid value '" + value + "' for connection property '" + key + "': allowed " + allowed + ".");
    }

    private static SQLException withState(String message, String state, int vendorCode, Throwable cause) {
        switch (state.substring(0, 2)) {
            case "08":
                return new SQLNonTransientConnectionException(message, state, vendorCode, cause);
            case "0A":
                return new SQLFeatureNotSupportedException(message, state, vendorCode, cause);
            case "22":
                return new SQLDataException(message, state, vendorCode, cause);
            case "23":
                return new SQLIntegrityConstraintViolationException(message, state, vendorCode, cause);
            case "40":
                return new SQLTransactionRollbackException(message, state, vendorCode, cause);
            case "42":
                return new SQLSyntaxErrorException(message, state, vendorCode, cause);
            default:
                return new SQLException(message, state, vendorCode, cause);
        }
    }
}
