package org.raydb.ssb.suite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.raydb.ssb.sql.RaydbProbe;

/** One execution of a query: its full result, its wall time (execution and reading) and whether it was offloaded. */
public record QueryExecution(ResultTable result, double millis, boolean offloaded) {

    public static QueryExecution run(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            long start = System.nanoTime();
            ResultTable result;
            try (ResultSet rows = statement.executeQuery(sql)) {
                result = ResultTable.read(rows);
            }
            double millis = (System.nanoTime() - start) / 1e6;
            return new QueryExecution(result, millis, RaydbProbe.lastQueryOffloaded(statement));
        }
    }
}
