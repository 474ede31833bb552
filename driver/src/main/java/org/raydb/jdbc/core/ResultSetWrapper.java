package org.raydb.jdbc.core;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.raydb.jdbc.error.SqlErrors;

/**
 * The driver's result set over DuckDB's: pure delegation, with the driver's statement as
 * {@link #getStatement()} ({@code null} for metadata results, as JDBC allows), and the statement's row limit
 * ({@code setMaxRows}), which DuckDB's driver ignores.
 */
final class ResultSetWrapper extends DelegatingResultSet {

    private final StatementWrapper statement;
    private final long maxRows;
    private long rowsRead;

    /** {@code maxRows} 0 means no limit. */
    ResultSetWrapper(ClosableWrapper<?> owner, StatementWrapper statement, ResultSet duckdb, long maxRows) {
        super(owner, duckdb);
        this.statement = statement;
        this.maxRows = maxRows;
    }

    @Override
    public boolean next() throws SQLException {
        if (maxRows > 0 && rowsRead >= maxRows) {
            open();
            return false;
        }
        boolean onRow = super.next();
        if (onRow) {
            rowsRead++;
        }
        return onRow;
    }

    @Override
    SQLException closedError() {
        return SqlErrors.objectClosed("result set");
    }

    @Override
    public Statement getStatement() throws SQLException {
        open();
        return statement;
    }
}
