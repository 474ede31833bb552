package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The planner's parse-tree queries (parse a statement, write a tree back as SQL, plan it), prepared once per
 * registered connection instead of on every use: DuckDB parses, binds and plans a statement on each prepare, and
 * a new statement's planning prepared five of them (a third of its planning time, measured over 200 ad-hoc queries
 * on the build machine). Only the planning database's connection is registered: those queries depend on no
 * catalog or session, and a prepared statement left open in the application's session would be listed by its
 * {@code duckdb_prepared_statements()}. Any other connection prepares and closes as before. A statement in use is
 * out of the cache, so that two threads on one connection never share one.
 */
public final class HelperQueries {

    /** What is done with the prepared statement (its parameters set, its result read and closed). */
    @FunctionalInterface
    public interface Use<T> {
        T apply(PreparedStatement statement) throws SQLException;
    }

    private static final Map<Connection, Map<String, PreparedStatement>> REGISTERED = new ConcurrentHashMap<>();

    private HelperQueries() {}

    static void register(Connection connection) {
        REGISTERED.putIfAbsent(connection, new HashMap<>());
    }

    /** Closes what {@code connection} has prepared; later uses prepare and close again. */
    static void forget(Connection connection) {
        Map<String, PreparedStatement> cached = REGISTERED.remove(connection);
        if (cached == null) return;
        synchronized (cached) {
            for (PreparedStatement p : cached.values()) {
                try {
                    p.close();
                } catch (SQLException e) {
                    // closed with its connection already
                }
            }
            cached.clear();
        }
    }

    /** {@code use} of {@code sql} prepared on {@code connection}: kept for the next use where it is registered. */
    public static <T> T with(Connection connection, String sql, Use<T> use) throws SQLException {
        Map<String, PreparedStatement> cached = REGISTERED.get(connection);
        if (cached == null) {
            try (PreparedStatement p = connection.prepareStatement(sql)) {
                return use.apply(p);
            }
        }
        PreparedStatement p;
        synchronized (cached) {
            p = cached.remove(sql);
        }
        if (p == null) {
            p = connection.prepareStatement(sql);
        }
        boolean kept = false;
        try {
            T out = use.apply(p);
            p.clearParameters();
            synchronized (cached) {
                kept = cached.putIfAbsent(sql, p) == null;
            }
            return out;
        } finally {
            if (!kept) p.close();
        }
    }
}
