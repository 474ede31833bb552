package org.raydb.offload.mirror;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.raydb.jdbc.RayStatement;

/**
 * A {@code jdbc:raydb:} database and a plain {@code jdbc:duckdb:} one that receive the same statements over
 * the same number of connections with the same transaction boundaries. Every step runs on both and its
 * outcomes must match; the first mismatch fails with the seed and every statement so far.
 */
final class MirroredDatabases implements AutoCloseable {

    /** One connection of each database, used in lockstep. */
    record Pair(Connection ray, Connection duck) {}

    /** What one step does on one side's connection. */
    @FunctionalInterface
    interface SideStep {
        Outcome run(Connection c) throws Exception;
    }

    private static final AtomicInteger NAMES = new AtomicInteger();

    private final String rayUrl;
    private final String duckUrl;
    private final String header;
    private final List<String> localPaths;
    private final List<Pair> pairs = new ArrayList<>();
    private final List<String> transcript = new ArrayList<>();
    private int queries;
    private int offloaded;
    private AssertionError settingsDifference;

    private MirroredDatabases(String rayUrl, String duckUrl, String header, List<String> localPaths) {
        this.rayUrl = rayUrl;
        this.duckUrl = duckUrl;
        this.header = header;
        this.localPaths = localPaths;
    }

    /**
     * Both databases in memory ({@code dir} null) or as files named alike in two folders under {@code dir}, so
     * that their catalogs have the same name.
     */
    static MirroredDatabases open(Path dir, String engine, boolean verify, String header) throws Exception {
        String options = "?offload=auto&engine=" + engine + "&verify=" + verify;
        if (dir == null) {
            int n = NAMES.incrementAndGet();
            return new MirroredDatabases(
                    "jdbc:raydb::memory:ray" + n + options,
                    "jdbc:duckdb::memory:duck" + n,
                    header + ", in memory",
                    List.of());
        }
        Path ray = Files.createDirectories(dir.resolve("ray"));
        Path duck = Files.createDirectories(dir.resolve("duck"));
        return new MirroredDatabases(
                "jdbc:raydb:" + ray.resolve("db.duckdb") + options,
                "jdbc:duckdb:" + duck.resolve("db.duckdb"),
                header + ", in files",
                List.of(ray.toString(), duck.toString()));
    }

    /** Opens connection number {@link #connections()} on both sides. */
    int connect() throws SQLException {
        pairs.add(new Pair(DriverManager.getConnection(rayUrl), DriverManager.getConnection(duckUrl)));
        transcript.add("-- connection c" + (pairs.size() - 1) + " opened");
        return pairs.size() - 1;
    }

    /** Closes connection {@code c} on both sides and opens it again: its session state starts over. */
    void reconnect(int c) throws SQLException {
        Pair old = pairs.get(c);
        closeQuietly(old.ray());
        closeQuietly(old.duck());
        pairs.set(c, new Pair(DriverManager.getConnection(rayUrl), DriverManager.getConnection(duckUrl)));
        transcript.add("-- connection c" + c + " reopened");
    }

    int connections() {
        return pairs.size();
    }

    /** Runs {@code step} on connection {@code c} of both sides and requires the same outcome. */
    Outcome step(int c, String text, SideStep step) {
        return step(c, text, step, UnaryOperator.identity());
    }

    private Outcome step(int c, String text, SideStep step, UnaryOperator<Outcome> normalize) {
        transcript.add("[c" + c + "] " + text);
        Outcome ray = normalize.apply(run(step, pairs.get(c).ray()));
        Outcome duck = normalize.apply(run(step, pairs.get(c).duck()));
        String difference = duck.difference(ray);
        if (difference != null) {
            throw new AssertionError(report(difference));
        }
        return duck;
    }

    /** Fails at the end of the run, not at once: a differing setting leaves the data the same. */
    private void later(AssertionError e) {
        if (settingsDifference == null) {
            settingsDifference = e;
        }
    }

    /** Throws the first settings difference seen, if any. */
    void finish() {
        if (settingsDifference != null) {
            throw settingsDifference;
        }
    }

    private static Outcome run(SideStep step, Connection c) {
        try {
            return step.run(c);
        } catch (Exception e) {
            return Outcome.error(e);
        }
    }

    /** Any statement through {@link Statement#execute}; a multi-statement string gives its last result. */
    Outcome sql(int c, String sql) {
        return step(c, sql, conn -> {
            try (Statement st = conn.createStatement()) {
                return Outcome.of(st, st.execute(sql), false);
            }
        });
    }

    /** A query whose rows are compared in order when {@code ordered}, else as multisets. */
    Outcome query(int c, String sql, boolean ordered) {
        return step(c, sql, conn -> {
            try (Statement st = conn.createStatement()) {
                Outcome out = Outcome.rows(st.executeQuery(sql), ordered);
                count(st);
                return out;
            }
        });
    }

    /**
     * A query of the harness's own (the catalog, a table's rows), compared like any other but left out of the
     * offload's count: none of them is an aggregation the offload could answer.
     */
    Outcome read(int c, String sql, boolean ordered) {
        return step(c, sql, conn -> {
            try (Statement st = conn.createStatement()) {
                return Outcome.rows(st.executeQuery(sql), ordered);
            }
        });
    }

    /** A PreparedStatement with {@code parameters} bound by {@code setObject}. */
    Outcome prepared(int c, String sql, List<Object> parameters, boolean ordered) {
        return step(c, sql + " -- parameters " + parameters, conn -> {
            try (PreparedStatement ps = conn.prepareStatement(sql)) {
                for (int i = 0; i < parameters.size(); i++) {
                    ps.setObject(i + 1, parameters.get(i));
                }
                Outcome out = Outcome.of(ps, ps.execute(), ordered);
                count(ps);
                return out;
            }
        });
    }

    private void count(Statement st) throws SQLException {
        if (st.isWrapperFor(RayStatement.class)) {
            queries++;
            offloaded += st.unwrap(RayStatement.class).lastQueryOffloaded() ? 1 : 0;
        }
    }

    /**
     * Every DuckDB setting must read the same through both (the databases' own paths made alike); a difference
     * fails the run at {@link #finish()}.
     */
    void sameSettings(int c) {
        try {
            step(
                    c,
                    "SELECT name, value FROM duckdb_settings() ORDER BY name",
                    conn -> {
                        try (Statement st = conn.createStatement()) {
                            return Outcome.rows(
                                    st.executeQuery("SELECT name, value FROM duckdb_settings() ORDER BY name"), true);
                        }
                    },
                    this::withoutPaths);
        } catch (AssertionError e) {
            later(e);
        }
    }

    /**
     * The functions DuckDB lists must be the same through both: nothing of the offload's (its result function) is
     * registered in the application's database; a difference fails the run at {@link #finish()}.
     */
    void sameFunctions(int c) {
        String sql = "SELECT function_name, function_type, parameters::VARCHAR, return_type FROM duckdb_functions()"
                + " ORDER BY ALL";
        try {
            step(
                    c,
                    sql,
                    conn -> {
                        try (Statement st = conn.createStatement()) {
                            return Outcome.rows(st.executeQuery(sql), true);
                        }
                    },
                    o -> o);
        } catch (AssertionError e) {
            later(e);
        }
    }

    private Outcome withoutPaths(Outcome o) {
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : o.rows()) {
            List<Object> copy = new ArrayList<>(row);
            for (int i = 0; i < copy.size(); i++) {
                if (copy.get(i) instanceof String s) {
                    for (String path : localPaths) {
                        s = s.replace(path, "<database folder>");
                    }
                    copy.set(i, s);
                }
            }
            rows.add(copy);
        }
        return new Outcome(o.types(), rows, o.ordered(), o.count(), o.error());
    }

    /** Queries the ray side ran through {@link #query} and {@link #prepared}, and how many the offload answered. */
    int queries() {
        return queries;
    }

    int offloaded() {
        return offloaded;
    }

    private String report(String difference) {
        StringBuilder out = new StringBuilder(header)
                .append("\nmismatch at the last statement: ")
                .append(difference)
                .append("\nstatements, both sides:\n");
        for (String line : transcript) {
            out.append("  ").append(line).append('\n');
        }
        return out.toString();
    }

    @Override
    public void close() {
        for (Pair p : pairs) {
            closeQuietly(p.ray());
            closeQuietly(p.duck());
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // both databases are discarded; a failed close cannot change what was compared
        }
    }
}
