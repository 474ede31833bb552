package org.raydb.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Opening connections in tests: through the raydb driver, and through DuckDB's own for comparison. */
public final class Databases {

    private Databases() {}

    /** A new in-memory database through {@code jdbc:raydb:}. */
    public static Connection raydb() throws SQLException {
        return DriverManager.getConnection("jdbc:raydb:");
    }

    /** A new in-memory database through DuckDB's own driver. */
    public static Connection duckdb() throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:");
    }

    /** The one value {@code sql} returns, as a string. */
    public static String scalar(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            if (!rs.next()) {
                throw new AssertionError("no row from " + sql);
            }
            return rs.getString(1);
        }
    }
}
