package org.raydb.ssb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.query.AdhocQueries;
import org.raydb.ssb.query.AdhocQuery;

/** {@code bench --adhoc} end to end at SF 0.01 on the exact cpu engine: every run offloaded and exact. */
class AdhocBenchCommandTest {

    @Test
    void adhocBenchRunsEveryQueryFirstSecondAndLaterAndWritesItsReports() throws Exception {
        Path db = TestDatabases.generated(0.01);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = new RaydbCli(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(new String[] {
            "bench", "--db", db.toString(), "--adhoc", "5", "--engine", "cpu", "--offload", "force", "--reps", "2"
        });
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, out);
        List<AdhocQuery> queries = AdhocQueries.generate(5, CliOptions.DEFAULT_SEED);
        assertTrue(out.contains("5 ad-hoc queries drawn with seed " + CliOptions.DEFAULT_SEED), out);
        for (AdhocQuery q : queries) {
            assertTrue(out.contains("\n      " + q.sql() + "\n"), q.sql() + " not printed: " + out);
        }
        assertTrue(
                out.matches("(?s).*\\na01 +\\d+ +[0-9.]+ +[0-9.]+ +true +[0-9.]+ +[0-9.]+ +true +[0-9.]+ +cpu"
                        + " +[0-9.]+x +[0-9.]+x +[0-9.]+x +yes +\\d+ +n/a +\\d+ +\\d+\\n.*"),
                out);
        assertTrue(
                out.contains("5 ad-hoc queries (seed " + CliOptions.DEFAULT_SEED + "): 5 of 5 exact;"
                        + " offloaded: first run 5, second run 5"),
                out);
        assertTrue(
                out.matches("(?s).*\\nspeed-up over DuckDB, geometric mean: first run [0-9.]+x, first run where"
                        + " offloaded [0-9.]+x \\(5 queries\\), second run [0-9.]+x, later runs [0-9.]+x\\n.*"),
                out);
        assertTrue(out.matches("(?s).*\\nresident at most: host \\d+ MiB of the \\d+ MiB host.memory budget; .*"), out);

        JsonNode root =
                JsonNode.of(Json.parse(Files.readString(Path.of(CliOptions.BENCH_FOLDER, "adhoc-latest.json"))));
        assertEquals(CliOptions.DEFAULT_SEED, root.num("query_seed"));
        assertEquals("force", root.str("offload"));
        List<JsonNode> results = root.nodes("results");
        assertEquals(
                queries.stream().map(AdhocQuery::sql).toList(),
                results.stream().map(r -> r.str("sql")).toList());
        for (JsonNode r : results) {
            assertEquals(Boolean.TRUE, r.raw("exact"), r.str("sql"));
            assertEquals(Boolean.TRUE, r.raw("first_offloaded"), r.str("sql"));
            assertEquals(Boolean.TRUE, r.raw("builds_done"), r.str("sql"));
            assertEquals(Boolean.TRUE, r.raw("later_offloaded"), r.str("sql"));
            assertEquals("cpu", r.str("engine"));
            assertTrue(r.num("resident_host_bytes") > 0, "the offloaded table is resident: " + r.str("sql"));
        }
        assertEquals(5, root.obj("summary").num("exact"));
        String html = Files.readString(Path.of(CliOptions.BENCH_FOLDER, "adhoc-latest.html"));
        for (AdhocQuery q : queries) {
            assertTrue(html.contains("<code>" + q.sql() + "</code>"), q.sql() + " not in the HTML");
        }
    }
}
