package org.raydb.offload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** EXPLAIN OFFLOAD through a {@code jdbc:raydb:} connection, read row by row. */
final class ExplainOffload {

    private ExplainOffload() {}

    /** The value of EXPLAIN OFFLOAD's row {@code name} for {@code sql}, or {@code null} where it has none. */
    static String row(Connection c, String sql, String name) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + sql)) {
            while (rs.next()) {
                if (rs.getString(1).equals(name)) return rs.getString(2);
            }
        }
        return null;
    }
}
