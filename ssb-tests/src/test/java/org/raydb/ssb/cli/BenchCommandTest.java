package org.raydb.ssb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.TestDatabases;

/** {@code bench} end to end at SF 0.01: generates, reuses, compares, prints the table, writes JSON and HTML. */
class BenchCommandTest {

    @Test
    void benchRunsAndWritesItsReports() throws Exception {
        Path db = TestDatabases.freshFile("bench");
        String[] args = {"bench", "--sf", "0.01", "--db", db.toString(), "--reps", "1", "--queries", "q1.1,q2.1,q4.3"};
        String first = run(args);
        assertTrue(first.contains("made " + db), first);
        assertTrue(first.contains("q2.1   star"), first);
        assertTrue(first.contains("6 of 6 answers matched"), first);
        assertTrue(
                first.matches("(?s).*\nnothing is offloaded: no GPU engine is available[^\n]*\n"
                        + "  every RayDB time below is DuckDB running the query through the driver;[^\n]*\n"
                        + "query +form .*"),
                "without a GPU, engine=auto offloads nothing and the bench says so before its table: " + first);
        assertTrue(first.contains("(DuckDB) not offloaded: DuckDB ran the query on both sides"), first);

        String again = run(args);
        assertTrue(again.contains("using " + db), "the second run reuses the file: " + again);

        String json = Files.readString(Path.of(CliOptions.BENCH_FOLDER, "latest.json"));
        for (String key : new String[] {
            "\"machine\"",
            "\"cores\"",
            "\"sf\": 0.01",
            "\"rows\"",
            "\"results\"",
            "\"query\": \"q4.3\"",
            "\"form\": \"flat\"",
            "\"selectivity\"",
            "\"duckdb_ms\"",
            "\"raydb_ms\"",
            "\"engine\"",
            "\"offloaded\"",
            "\"match\": true",
            "\"offload_unavailable\": \"no GPU engine is available"
        }) {
            assertTrue(json.contains(key), key + " missing from " + json);
        }
        String html = Files.readString(Path.of(CliOptions.BENCH_FOLDER, "latest.html"));
        assertTrue(html.contains("<svg") && html.contains("q4.3 star"), "inline SVG chart expected");
        assertTrue(!html.contains("<script src") && !html.contains("<link"), "no external assets");

        String broken = run(new String[] {
            "bench",
            "--db",
            db.toString(),
            "--reps",
            "3",
            "--queries",
            "q1.1,q2.1",
            "--form",
            "flat",
            "--engine",
            "cpu",
            "--breakdown",
            "--anchors",
            "h100-sf20",
            "--copy-bandwidth-gbs",
            "2000"
        });
        assertTrue(broken.contains("cold ms"), broken);
        assertTrue(!broken.contains("nothing is offloaded"), "engine=cpu offloads: " + broken);
        assertTrue(
                broken.matches("(?s).*planning +offload exec +handoff +finish +host +engine +kernel +floor"
                        + " +k/floor +RayDB ms\\n"
                        + "q1\\.1 +flat +\\d+ +\\d+ +\\d+ +\\d+ +\\d+ +\\d+ +— +— +— +[0-9.]+\\n.*"),
                "the breakdown table, cpu: engine time but no kernel time or bytes: " + broken);
        assertTrue(
                broken.matches("(?s).*cold start \\(jdbc:raydb:\\): connect [0-9.]+ ms; first query q1\\.1/flat"
                        + " [0-9.]+ ms cold, [0-9.]+ ms warm.*"),
                broken);
        assertTrue(
                broken.matches("(?s).*\\nq2\\.1 +cpu +1\\.794 +\\d+ +[0-9.]+x +[0-9.]+ +[0-9.]+ +[0-9.]+x"
                        + " +69\\.9 +\\d+/280\\n.*"),
                "the anchor comparison: " + broken);
        assertTrue(
                broken.matches("(?s).*answers matched DuckDB's\\ntargets:\\n.*"
                        + "  (PASS|FAIL)  end to end >= 60x faster than DuckDB, geometric mean: .*"
                        + "  n/a   cuda kernel time within 2x of its floor .*"
                        + "  PASS  every answer exact, every flat query offloaded: 2 of 2 exact, 2 of 2 offloaded\\n$"),
                "the targets come last: " + broken);
        String offloaded = Files.readString(Path.of(CliOptions.BENCH_FOLDER, "latest.json"));
        assertTrue(
                offloaded.matches("(?s).*\"query\": \"q2\\.1\".*\"cold_ms\": [0-9.]+,.*\"offloaded\": true,.*"
                        + "\"breakdown\": \\{\"planning_us\": \\d+, \"execution_us\": \\d+, \"handoff_us\": \\d+,"
                        + " \"finish_us\": \\d+, \"engine_us\": \\d+, \"kernel_us\": -1, \"bytes_read\": -1,"
                        + " \"floor_us\": null, \"kernel_over_floor\": null\\}.*"),
                offloaded);
        assertTrue(offloaded.contains("\"copy_bandwidth_gbs\": 2000,\n  \"anchors\": \"h100-sf20\""), offloaded);
        String page = Files.readString(Path.of(CliOptions.BENCH_FOLDER, "latest.html"));
        assertTrue(
                page.contains("<h2>Against the h100-sf20 anchors</h2>")
                        && page.contains("<h2>Targets</h2>")
                        && page.contains("<h2>Where the time went</h2>"),
                page);
    }

    @Test
    void usageErrorsExitWithTwo() throws Exception {
        assertEquals(RaydbCli.FAILURE, new RaydbCli(new PrintStream(new ByteArrayOutputStream())).run(new String[] {
                    "bench", "--engine", "gpu"
                }));
        assertEquals(RaydbCli.FAILURE, new RaydbCli(new PrintStream(new ByteArrayOutputStream())).run(new String[] {
                    "bench", "--db", "target/does-not-exist.duckdb"
                }));
    }

    private static String run(String[] args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = new RaydbCli(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(args);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, out);
        return out;
    }
}
