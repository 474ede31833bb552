package org.raydb.offload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.raydb.jdbc.RayStatement;

/** One run of a query through the driver: its rows, and whether the offload answered it. */
record StatementRun(List<List<Object>> rows, boolean offloaded) {

    static StatementRun of(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return new StatementRun(
                    ResultComparator.rows(rs), st.unwrap(RayStatement.class).lastQueryOffloaded());
        }
    }
}
