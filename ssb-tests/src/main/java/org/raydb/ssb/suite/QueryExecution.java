package org.raydb.ssb.suite;

import java.sql.Connection;
import java.sql.PreparedStatement;
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

    private interface Execution {
        ResultSet start() throws SQLException;
    }

    public static QueryExecution run(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return timed(statement, () -> statement.executeQuery(sql));
        }
    }

    /** A prepared statement with its parameters bound; the statement stays open for the next run. */
    public static QueryExecution run(PreparedStatement statement) throws SQLException {
        return timed(statement, statement::executeQuery);
    }

    private static QueryExecution timed(Statement statement, Execution execution) throws SQLException {
        long start = System.nanoTime();
        ResultTable result;
        try (ResultSet rows = execution.start()) {
            result = ResultTable.read(rows);
        }
        double millis = (System.nanoTime() - start) / 1e6;
        return new QueryExecution(
                result, millis, RaydbProbe.lastQueryOffloaded(statement), RaydbProbe.lastOffloadTimings(statement));
    }
}
