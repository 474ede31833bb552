package org.raydb.ssb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SqlLiterals;
import org.raydb.ssb.query.TemplateText;

/** {@code bench --vary-constants} end to end, 2 s a side on 2 threads at SF 0.01 on the exact cpu engine. */
class VaryConstantsBenchCommandTest {

    @Test
    void everyQueryIsOffloadedAndEveryCheckedAnswerExact() throws Exception {
        JsonNode root = runAndRead(QueryCatalog.IDS, "--offload", "force");
        JsonNode raydb = root.nodes("sides").get(1);
        assertEquals(raydb.num("queries"), raydb.num("offloaded"), "offload=force: a query not offloaded fails");
        assertEquals(Boolean.FALSE, root.raw("prepared"));
    }

    @Test
    void constantsBoundToPreparedStatementsGiveExactAnswers() throws Exception {
        JsonNode root = runAndRead(QueryCatalog.IDS, "--prepared");
        assertEquals(Boolean.TRUE, root.raw("prepared"));
        assertTrue(root.nodes("templates").getFirst().str("sql").contains("d_year = ?"), "the template's text");
    }

    @Test
    void queriesChooseTheTemplates() throws Exception {
        runAndRead(List.of("q1.1", "q4.1"), "--queries", "q1.1,q4.1");
    }

    /**
     * Runs the bench with the common options and {@code extra}, checks what every run must show (among it that
     * exactly {@code templates} ran), returns its JSON.
     */
    private static JsonNode runAndRead(List<String> templates, String... extra) throws Exception {
        Path db = TestDatabases.generated(0.01);
        List<String> args = new ArrayList<>(List.of(
                "bench",
                "--db",
                db.toString(),
                "--vary-constants",
                "--threads",
                "2",
                "--duration",
                "2",
                "--engine",
                "cpu"));
        args.addAll(List.of(extra));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status =
                new RaydbCli(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(args.toArray(String[]::new));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, out);
        assertTrue(
                out.contains(
                        templates.size() == QueryCatalog.IDS.size()
                                ? "\n13 flat SSB templates, "
                                : "\n" + templates.size() + " flat SSB templates (" + String.join(",", templates)
                                        + "), "),
                out);
        assertTrue(
                out.matches("(?s).*\\n +2 duckdb +[0-9.]+ +[0-9.]+ +[0-9.]+ +\\d+ +0 +- +- +-\\n"
                        + " +2 raydb +[0-9.]+ +[0-9.]+ +[0-9.]+ +\\d+ +0 +\\d+ +\\d+ +0\\n"
                        + "RayDB/DuckDB throughput: [0-9.]+x .*"),
                out);

        JsonNode root = JsonNode.of(
                Json.parse(Files.readString(Path.of(CliOptions.BENCH_FOLDER, "vary-constants-latest.json"))));
        assertEquals(CliOptions.DEFAULT_CONSTANTS_SEED, root.num("query_seed"));
        assertEquals(2, root.num("threads"));
        for (JsonNode side : root.nodes("sides")) {
            assertEquals(0, side.num("errors"), side.str("side") + ": " + side.raw("error_samples"));
            assertTrue(side.num("queries") > 0, side.str("side"));
            assertTrue(((BigDecimal) side.raw("seconds")).doubleValue() >= 2, side.str("side"));
        }
        List<String> rows = new ArrayList<>();
        for (JsonNode t : root.nodes("templates")) {
            assertTrue(t.num("duckdb_queries") > 0 && t.num("raydb_queries") > 0, t.str("query"));
            assertEquals(
                    SqlLiterals.parameterized(
                            QueryCatalog.get(t.str("query"), QueryForm.FLAT).sql()),
                    t.str("sql"));
            rows.add(t.str("query"));
        }
        assertEquals(templates, rows, "one row per template run, in the order chosen");
        assertEquals(0, root.num("mismatches"));
        List<JsonNode> checks = root.nodes("checks");
        assertEquals(checks.size(), root.num("checked"));
        Set<String> checkedTemplates = new HashSet<>();
        for (JsonNode c : checks) {
            assertEquals(Boolean.TRUE, c.raw("exact"), c.str("sql"));
            String catalog = QueryCatalog.get(c.str("query"), QueryForm.FLAT).sql();
            assertEquals(TemplateText.withoutConstants(catalog), TemplateText.withoutConstants(c.str("sql")));
            checkedTemplates.add(c.str("query"));
        }
        assertTrue(
                checks.size() >= 2 * templates.size(), "each thread's first query of each template: " + checks.size());
        assertEquals(Set.copyOf(templates), checkedTemplates);
        assertTrue(checks.stream().map(c -> c.str("sql")).distinct().count() > templates.size(), "the constants vary");
        String html = Files.readString(Path.of(CliOptions.BENCH_FOLDER, "vary-constants-latest.html"));
        assertTrue(html.contains("<h2>Templates</h2>") && html.contains("<svg"), html);
        return root;
    }
}
