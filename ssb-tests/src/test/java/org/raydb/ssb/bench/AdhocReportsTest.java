package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;

class AdhocReportsTest {

    private static final AdhocResult SLOW_FIRST = result("a1", 10, new AdhocResult.Run(20, false, true, null), 1);
    private static final AdhocResult OFFLOADED_FIRST = result("a2", 10, new AdhocResult.Run(5, true, true, null), 2);
    private static final AdhocResult FAILED_FIRST = result("a3", 10, AdhocResult.Run.FAILED, 4);

    private static AdhocResult result(String id, double duckdbMs, AdhocResult.Run first, double secondMs) {
        return new AdhocResult(
                id,
                "SELECT count(*) FROM lineorder_flat WHERE lo_tax = 1",
                1,
                List.of(duckdbMs * 0.9, duckdbMs, duckdbMs * 1.2),
                first,
                100,
                true,
                new AdhocResult.Run(secondMs, true, true, new PhaseBreakdown(80, 300, 20, 600, 90, 60, 4096)),
                new AdhocResult.Run(secondMs / 2, true, true, null),
                "cpu",
                first.exact() ? null : "first run: jdbc:raydb: failed",
                1L << 30,
                -1,
                (long) secondMs << 20,
                0,
                8L << 30,
                0);
    }

    private static AdhocReport report(AdhocResult... results) {
        return new AdhocReport(
                new RunHeader(
                        new MachineInfo(2, 24L << 30, "Linux", "Java 25", List.of()),
                        0.01,
                        "generated",
                        19920101,
                        60_000,
                        "cpu",
                        "auto",
                        42),
                3,
                "2026-11-22T09:00",
                "raydb bench --adhoc 3",
                List.of(results));
    }

    private static double number(JsonNode node, String key) {
        return ((BigDecimal) node.raw(key)).doubleValue();
    }

    @Test
    void summaryTakesGeometricMeansAndTotalsOverAnsweredRuns() {
        AdhocSummary s = report(SLOW_FIRST, OFFLOADED_FIRST, FAILED_FIRST).summary();
        assertEquals(3, s.queries());
        assertEquals(2, s.exact(), "a failed run is not exact");
        assertEquals(1, s.firstOffloaded());
        assertEquals(3, s.secondOffloaded());
        assertEquals("a1", s.worstQuery());
        assertEquals(2.0, s.worstFirstOverDuckdb());
        assertEquals(1, s.firstRunsOverLimit(), "2x; neither 0.5x nor a failed run");
        assertEquals(3, s.duckdbRunsOverLimit(), "each query's 1.2x run");
        assertEquals(9, s.duckdbRuns());
        assertEquals(1.0, s.firstSpeedup(), 1e-12, "0.5x and 2x");
        assertEquals(2.0, s.offloadedFirstSpeedup(), 1e-12);
        assertEquals(Math.cbrt(10 * 5 * 2.5), s.secondSpeedup(), 1e-12);
        assertEquals(Math.cbrt(20 * 10 * 5), s.laterSpeedup(), 1e-12, "their medians");
        assertEquals(25, s.firstTotalMs());
        assertEquals(20, s.duckdbTotalMs(), "only where the first run answered");
        assertEquals(300, s.buildWaitTotalMs());
        assertEquals(7, s.secondTotalMs());
        assertEquals(4L << 20, s.maxResidentHostBytes(), "the largest over the run");
        assertEquals(8L << 30, s.hostBudgetBytes());
        assertEquals(0, s.maxResidentGpuBytes());
        assertEquals(0, s.gpuBudgetBytes(), "no GPU opened");
        assertTrue(Double.isNaN(report(SLOW_FIRST).summary().offloadedFirstSpeedup()), "no offloaded first run");
    }

    @Test
    void jsonCarriesEveryQueryAndTheSummary() {
        JsonNode root = JsonNode.of(Json.parse(AdhocJsonReport.render(report(OFFLOADED_FIRST, FAILED_FIRST))));
        assertEquals(42, root.num("query_seed"));
        assertEquals(19920101, root.num("seed"));
        assertEquals("auto", root.str("offload"));
        assertTrue(root.str("memory_note").contains("used heap"));
        List<JsonNode> results = root.nodes("results");
        assertEquals(2, results.size());
        JsonNode r = results.getFirst();
        assertEquals(
                List.of(
                        "query",
                        "sql",
                        "result_rows",
                        "duckdb_ms",
                        "duckdb_runs_ms",
                        "first_ms",
                        "first_offloaded",
                        "first_exact",
                        "build_wait_ms",
                        "builds_done",
                        "second_ms",
                        "second_offloaded",
                        "second_exact",
                        "later_ms",
                        "later_offloaded",
                        "engine",
                        "exact",
                        "first_over_duckdb",
                        "first_speedup",
                        "second_speedup",
                        "later_speedup",
                        "difference",
                        "heap_used_bytes",
                        "gpu_used_mib",
                        "resident_host_bytes",
                        "resident_gpu_bytes",
                        "first_breakdown",
                        "second_breakdown"),
                List.copyOf(r.map().keySet()));
        assertNull(r.raw("first_breakdown"), "not given for this first run");
        JsonNode second = r.obj("second_breakdown");
        assertEquals(80, second.num("planning_us"));
        assertEquals(600, second.num("finish_us"));
        assertEquals(4096, second.num("bytes_read"));
        assertEquals("SELECT count(*) FROM lineorder_flat WHERE lo_tax = 1", r.str("sql"));
        assertEquals(0.5, number(r, "first_over_duckdb"));
        assertEquals(5, number(r, "second_speedup"));
        assertEquals(1, number(r, "later_ms"));
        assertEquals(10, number(r, "later_speedup"));
        assertEquals(Boolean.TRUE, r.raw("exact"));
        assertNull(r.raw("gpu_used_mib"), "no nvidia-smi");
        assertEquals(2L << 20, r.num("resident_host_bytes"));
        assertEquals(0, r.num("resident_gpu_bytes"));
        JsonNode failed = results.get(1);
        assertNull(failed.raw("first_ms"));
        assertEquals(Boolean.FALSE, failed.raw("exact"));
        assertEquals("first run: jdbc:raydb: failed", failed.str("difference"));
        JsonNode summary = root.obj("summary");
        assertEquals(1, summary.num("exact"));
        assertEquals(2, number(summary, "offloaded_first_speedup_geomean"));
        assertEquals(0, summary.num("first_runs_over_limit"));
        assertEquals(2, summary.num("duckdb_runs_over_limit"));
        assertEquals(6, summary.num("duckdb_runs"));
        assertEquals(4L << 20, summary.num("max_resident_host_bytes"));
        assertEquals(8L << 30, summary.num("host_budget_bytes"));
        assertEquals(0, summary.num("gpu_budget_bytes"));
        assertEquals(3, r.list("duckdb_runs_ms").size());
        assertEquals(Math.sqrt(10 * 5), number(summary, "later_speedup_geomean"), 1e-5);
    }

    @Test
    void htmlShowsTheSummaryTheChartAndEveryQuery() {
        String html = AdhocHtmlReport.render(report(SLOW_FIRST, FAILED_FIRST));
        assertTrue(html.contains("<h2>Summary</h2>") && html.contains("<svg") && html.contains("<h2>Queries</h2>"));
        assertTrue(html.contains("<code>SELECT count(*) FROM lineorder_flat WHERE lo_tax = 1</code>"), html);
        assertTrue(html.contains("class=\"bad\">NO: first run: jdbc:raydb: failed"), html);
        assertTrue(html.contains("1 of 2 first runs; 2 of DuckDB's own 6 timed runs"), html);
        assertTrue(html.contains("host 4 MiB of the 8192 MiB host.memory budget; no GPU opened"), html);
        assertFalse(html.contains("<script"), "self-contained, no scripts");
    }
}
