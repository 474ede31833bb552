package org.raydb.ssb.suite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.raydb.ssb.sql.RaydbProbe;

/**
 * One execution of a query: its full result, its wall time (execution and reading), whether it was offloaded
 * and the offload layer's timings of it (empty when it was not).
 */
public record QueryExecution(ResultTable result, double millis, boolean offloaded, Map<String, Long> timings) {

    public static QueryExecution run(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            long start = System.nanoTime();
            ResultTable result;
            try (ResultSet rows = statement.executeQuery(sql)) {
                result = ResultTable.read(rows);
            }
            double millis = (System.nanoTime() - start) / 1e6;
            return new QueryExecution(
                    result, millis, RaydbProbe.lastQueryOffloaded(statement), RaydbProbe.lastOffloadTimings(statement));
        }
    }
}
