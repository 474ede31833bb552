package org.raydb.offload.result;

import java.sql.SQLException;

/**
 * The SQLExceptions DuckDB's result set raises (duckdb_jdbc 2.0.0.1): its message, SQLState and vendor code
 * (DuckDB's {@code org.duckdb.ErrorCode}, package-private there, hence repeated here).
 */
final class DirectErrors {

    private DirectErrors() {}

    static SQLException closed() {
        return new SQLException("ResultSet was closed", "HY000", 1000);
    }

    static SQLException noRow() {
        return new SQLException("No row in context", "22002", 1001);
    }

    static SQLException columnOutOfBounds() {
        return new SQLException("Column index out of bounds", "42S22", 1002);
    }

    static SQLException unknownLabel(String label) {
        return new SQLException("Could not find column with label " + label, "42S22", 1003);
    }

    static SQLException nullLabel() {
        return new SQLException("columnLabel is null", "07009", 1004);
    }

    static SQLException badFetchSize() {
        return new SQLException("Fetch size has to be >= 0", "HY024", 1006);
    }

    static SQLException nullType() {
        return new SQLException("type is null", "07009", 1007);
    }

    static SQLException conversion(String message) {
        return new SQLException(message, "22000", 1008);
    }

    /** Names DuckDB's class, as the statement's own result set would: the offload stays invisible. */
    static SQLException notUnwrappable(Class<?> iface) {
        return new SQLException("org.duckdb.DuckDBResultSet not unwrappable from " + iface.getName(), "HY000", 1900);
    }
}
