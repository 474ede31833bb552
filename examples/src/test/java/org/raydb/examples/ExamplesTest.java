package org.raydb.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The examples run and print what their data says (checked against the database they leave behind). */
class ExamplesTest {

    @TempDir
    Path dir;

    @Test
    void quickStart() throws Exception {
        Path file = dir.resolve("quick.duckdb");
        List<String> out = run(() -> QuickStart.main(new String[] {file.toString()}));
        assertTrue(out.get(0).startsWith("Connected to DuckDB v"), out.get(0));
        assertTrue(out.get(0).endsWith("through RayDB JDBC 0.1.0"), out.get(0));
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file);
                var s = c.createStatement();
                var rs = s.executeQuery("SELECT region, count(*), sum(amount) FROM sales WHERE quantity BETWEEN 5"
                        + " AND 20 GROUP BY region ORDER BY region")) {
            int line = 1;
            while (rs.next()) {
                assertEquals(
                        String.format(
                                "%-12s %6d orders %14s revenue", rs.getString(1), rs.getLong(2), rs.getBigDecimal(3)),
                        out.get(line++));
            }
            assertEquals(6, line, "five regions");
            // The offload layer is on the examples' class path: the query qualifies; whether it ran on a GPU
            // depends on the machine (without one, engine=auto leaves it to DuckDB).
            String engine = out.stream()
                    .filter(l -> l.startsWith("EXPLAIN OFFLOAD  engine = "))
                    .findFirst()
                    .orElseThrow();
            assertEquals(
                    "offloaded: " + !engine.endsWith("= duckdb"),
                    out.get(line),
                    "offloaded where an engine was chosen");
            assertEquals("EXPLAIN OFFLOAD  qualifies = true", out.get(line + 1));
        }
    }

    @Test
    void pooledApp() throws Exception {
        Path file = dir.resolve("pooled.duckdb");
        List<String> out = run(() -> PooledApp.main(new String[] {file.toString(), "4", "25"}));
        assertEquals("4 workers served 100 requests through a pool of 2 connections", out.get(0));
        assertEquals(5, out.size(), String.join("\n", out));
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file);
                var s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*), count(DISTINCT worker) FROM visits")) {
            rs.next();
            assertEquals(100, rs.getInt(1));
            assertEquals(4, rs.getInt(2));
        }
    }

    @Test
    void compareQueries() throws Exception {
        Path file = dir.resolve("compare.duckdb");
        Path setup = dir.resolve("setup.sql");
        Path queries = dir.resolve("queries.sql");
        java.nio.file.Files.writeString(
                setup,
                "CREATE TABLE t AS SELECT i % 5 AS g, (i * 0.25)::DECIMAL(12,2) AS v FROM range(2000) r(i);"
                        + " INSERT INTO t VALUES (9, NULL)");
        java.nio.file.Files.writeString(
                queries,
                "-- two questions\nSELECT g, sum(v), avg(v), count(*) FROM t GROUP BY g ORDER BY g\n"
                        + "SELECT count(*) FROM t WHERE v > 100\n");
        List<String> out = run(() -> CompareQueries.main(
                new String[] {file.toString(), queries.toString(), "--setup", setup.toString(), "--reps", "3"}));
        assertEquals(3, out.size(), String.join("\n", out));
        assertTrue(out.get(0).startsWith("query"), out.get(0));
        assertTrue(out.get(1).startsWith("q1") && out.get(1).contains(" same "), out.get(1));
        assertTrue(out.get(2).startsWith("q2") && out.get(2).contains(" same "), out.get(2));
        for (String side : List.of("duckdb", "raydb")) {
            List<String> alone =
                    run(() -> CompareQueries.main(new String[] {file.toString(), queries.toString(), "--side", side}));
            assertEquals(3, alone.size(), String.join("\n", alone));
            assertTrue(alone.get(0).matches("open +" + side + " +[0-9.]+ ms"), alone.get(0));
            assertTrue(alone.get(2).matches("q2 +" + side + " +[0-9.]+ ms"), alone.get(2));
        }
    }

    @FunctionalInterface
    interface Main {
        void run() throws Exception;
    }

    private static List<String> run(Main main) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
