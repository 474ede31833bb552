package org.raydb.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.raydb.jdbc.RayConnection;

/**
 * Your own queries on {@code jdbc:duckdb:} and {@code jdbc:raydb:} over one database file: for each, both first
 * runs (RayDB's is what a user meets the first time), both warm medians, whether the answers are the same (rows in
 * order, values and types), and the engine {@code EXPLAIN OFFLOAD} names. Before the warm runs it waits for the
 * background builds the first runs started.
 *
 * <p>Usage: {@code CompareQueries <database file> <queries file> [--setup <sql file>] [--reps N] [--side
 * duckdb|raydb]}. The queries file holds one query per line ({@code --} lines are comments); the setup file's
 * statements, separated by {@code ;}, run first through {@code jdbc:duckdb:} (to load data, for example).
 *
 * <p>{@code --side} times one side alone: the connection and each query's first run, nothing else in the process.
 * Run it in fresh processes, alternating the sides, to compare what a new process's first queries cost on each;
 * in the comparison above RayDB's first run comes before DuckDB's on one database instance, so it alone also
 * pays the first read of the file's blocks.
 */
public final class CompareQueries {

    private CompareQueries() {}

    public static void main(String[] args) throws SQLException, IOException {
        if (args.length < 2) {
            System.err.println("usage: CompareQueries <database file> <queries file> [--setup <sql file>] [--reps N]"
                    + " [--side duckdb|raydb]");
            System.exit(2);
        }
        String db = args[0];
        List<String> queries = lines(Path.of(args[1]));
        int reps = 5;
        String side = null;
        for (int i = 2; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--setup" -> setUp(db, Files.readString(Path.of(args[i + 1]), StandardCharsets.UTF_8));
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--side" -> side = side(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (side != null) {
            firstRuns(side, db, queries);
            return;
        }
        System.out.printf(
                Locale.ROOT,
                "%-6s %12s %12s %12s %12s %9s %9s  %-7s %s%n",
                "query",
                "raydb first",
                "duckdb first",
                "duckdb warm",
                "raydb warm",
                "first",
                "warm",
                "answer",
                "engine");
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + db);
                Connection ray = DriverManager.getConnection("jdbc:raydb:" + db)) {
            int n = 0;
            for (String q : queries) {
                n++;
                double first = millis(ray, q);
                double duckFirst = millis(duck, q);
                // A new process's first query runs while the GPU is probed and starts no build: the next one does.
                ray.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(10));
                millis(ray, q);
                ray.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(10));
                List<List<Object>> expected = rows(duck, q);
                boolean same = expected.equals(rows(ray, q));
                double duckdb = median(duck, q, reps);
                double raydb = median(ray, q, reps);
                System.out.printf(
                        Locale.ROOT,
                        "q%-5d %9.1f ms %9.1f ms %9.1f ms %9.2f ms %8.2fx %8.1fx  %-7s %s%n",
                        n,
                        first,
                        duckFirst,
                        duckdb,
                        raydb,
                        first / duckFirst,
                        duckdb / raydb,
                        same ? "same" : "DIFFERS",
                        explain(ray, q));
            }
        }
    }

    private static String side(String name) {
        if (!name.equals("duckdb") && !name.equals("raydb")) {
            throw new IllegalArgumentException("--side takes duckdb or raydb, not " + name);
        }
        return name;
    }

    /** One side alone: its connection's time, then each query's first run. */
    private static void firstRuns(String side, String db, List<String> queries) throws SQLException {
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection("jdbc:" + side + ":" + db)) {
            System.out.printf(Locale.ROOT, "%-6s %-7s %9.1f ms%n", "open", side, (System.nanoTime() - t0) / 1e6);
            int n = 0;
            for (String q : queries) {
                System.out.printf(Locale.ROOT, "q%-5d %-7s %9.1f ms%n", ++n, side, millis(c, q));
            }
        }
    }

    private static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("--"))
                .toList();
    }

    private static void setUp(String db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
                Statement s = c.createStatement()) {
            for (String statement : sql.split(";")) {
                if (!statement.isBlank()) s.execute(statement);
            }
        }
    }

    /** Every row's values with each column's type name, in the order the query gives them. */
    private static List<List<Object>> rows(Connection c, String q) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(q)) {
            int columns = rs.getMetaData().getColumnCount();
            List<Object> types = new ArrayList<>();
            for (int i = 1; i <= columns; i++) types.add(rs.getMetaData().getColumnTypeName(i));
            out.add(types);
            while (rs.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) row.add(rs.getObject(i));
                out.add(row);
            }
        }
        return out;
    }

    /** A run as an application makes it: the query and every value of its answer read. */
    private static double millis(Connection c, String q) throws SQLException {
        long t0 = System.nanoTime();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(q)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= columns; i++) rs.getObject(i);
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(Connection c, String q, int reps) throws SQLException {
        millis(c, q);
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) t[i] = millis(c, q);
        Arrays.sort(t);
        return t[reps / 2];
    }

    /** The engine EXPLAIN OFFLOAD names, and its reason where DuckDB answers. */
    private static String explain(Connection c, String q) throws SQLException {
        String engine = "";
        String reason = "";
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN OFFLOAD " + q)) {
            while (rs.next()) {
                switch (rs.getString("item")) {
                    case "engine" -> engine = rs.getString("value");
                    case "engine_reason", "reason" -> reason = rs.getString("value");
                    default -> {}
                }
            }
        }
        return engine.isEmpty() || engine.equals("duckdb") ? "duckdb (" + reason + ")" : engine;
    }
}
