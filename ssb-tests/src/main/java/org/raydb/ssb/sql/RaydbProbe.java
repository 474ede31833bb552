package org.raydb.ssb.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.raydb.jdbc.RayStatement;

/**
 * What the RayDB driver did with a query: whether the offload layer answered it
 * ({@link RayStatement#lastQueryOffloaded()}) and which engine {@code EXPLAIN OFFLOAD} names. Where the
 * driver cannot tell (no RayStatement, EXPLAIN OFFLOAD not understood), the answer is DuckDB's own run.
 */
public final class RaydbProbe {

    /** The engine reported when the query is not offloaded. */
    public static final String DUCKDB = "duckdb";

    private RaydbProbe() {}

    public static boolean lastQueryOffloaded(Statement statement) {
        try {
            return statement.isWrapperFor(RayStatement.class)
                    && statement.unwrap(RayStatement.class).lastQueryOffloaded();
        } catch (SQLException e) {
            return false;
        }
    }

    /** {@link RayStatement#lastOffloadTimings()}, empty where the driver cannot tell. */
    public static Map<String, Long> lastOffloadTimings(Statement statement) {
        try {
            return statement.isWrapperFor(RayStatement.class)
                    ? statement.unwrap(RayStatement.class).lastOffloadTimings()
                    : Map.of();
        } catch (SQLException e) {
            return Map.of();
        }
    }

    /**
     * Why this connection offloads nothing at all, as {@code EXPLAIN OFFLOAD sql} of a query that qualifies by
     * its shape tells it; empty when an engine may take it (or the driver cannot tell). Two declines concern the
     * connection rather than the query: the offload is off (a {@code reason} without any planning, as under
     * {@code offload=off} or without the offload layer), or no engine can run it (an {@code engine_reason} with
     * no build state or encodings, which are only looked at for an available engine, as under
     * {@code engine=auto} without a GPU).
     */
    public static Optional<String> offloadUnavailable(Connection connection, String sql) {
        Map<String, String> rows = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("EXPLAIN OFFLOAD " + sql)) {
            while (result.next()) {
                rows.put(result.getString(1), result.getString(2));
            }
        } catch (SQLException e) {
            return Optional.empty();
        }
        if ("false".equals(rows.get("qualifies"))) {
            return rows.containsKey("planning_us") ? Optional.empty() : Optional.ofNullable(rows.get("reason"));
        }
        boolean noEngine =
                DUCKDB.equals(rows.get("engine")) && !rows.containsKey("build") && !rows.containsKey("encodings");
        return noEngine ? Optional.ofNullable(rows.get("engine_reason")) : Optional.empty();
    }

    /** The {@code engine} row of {@code EXPLAIN OFFLOAD sql}, or {@value #DUCKDB} when it does not qualify. */
    public static String engine(Connection connection, String sql) {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN OFFLOAD " + sql)) {
            boolean qualifies = false;
            String engine = null;
            while (rows.next()) {
                String item = rows.getString(1);
                if ("qualifies".equals(item)) {
                    qualifies = Boolean.parseBoolean(rows.getString(2));
                } else if ("engine".equals(item)) {
                    engine = rows.getString(2);
                }
            }
            return qualifies && engine != null ? engine : DUCKDB;
        } catch (SQLException e) {
            return DUCKDB;
        }
    }
}
