package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;

class ReportsTest {

    private static final MachineInfo MACHINE = new MachineInfo(2, 24L << 30, "Linux", "Java 25", List.of());

    private static BenchReport report(BenchResult... results) {
        return new BenchReport(
                MACHINE,
                1,
                "generated",
                7,
                6_000_000,
                "auto",
                5,
                "blocks",
                "2026-11-22T09:00",
                "raydb bench",
                List.of(results),
                new ColdStart(40, "q1.1/flat", 812.25, 1500, 1400, 3000),
                BandwidthFloor.UNKNOWN,
                null,
                null);
    }

    private static JsonNode parse(BenchReport report) {
        return JsonNode.of(Json.parse(JsonReport.render(report)));
    }

    /** Present, and JSON null. */
    private static boolean isNull(JsonNode node, String key) {
        return node.map().containsKey(key) && node.raw(key) == null;
    }

    private static double number(JsonNode node, String key) {
        return ((BigDecimal) node.raw(key)).doubleValue();
    }

    @Test
    void jsonCarriesTheDocumentedFields() {
        JsonNode root = parse(report(new BenchResult(
                "q1.1",
                "flat",
                0.0199,
                100.5,
                2.5,
                812.25,
                100.5,
                "cuda",
                true,
                true,
                1,
                null,
                new PhaseBreakdown(4, 1900, 310, 290, 1700, 350, 700_000_000))));
        JsonNode machine = root.obj("machine");
        assertEquals(2, machine.num("cores"));
        assertEquals(24L << 30, machine.num("memory_bytes"));
        assertEquals(1, root.num("sf"));
        List<JsonNode> results = root.nodes("results");
        assertEquals(1, results.size());
        JsonNode r = results.get(0);
        assertEquals(
                List.of(
                        "query",
                        "form",
                        "selectivity",
                        "duckdb_ms",
                        "raydb_ms",
                        "cold_ms",
                        "duckdb_first_ms",
                        "speedup",
                        "engine",
                        "offloaded",
                        "match",
                        "result_rows",
                        "difference",
                        "breakdown"),
                List.copyOf(r.map().keySet()));
        assertEquals("q1.1", r.str("query"));
        assertEquals("flat", r.str("form"));
        assertEquals(0.0199, number(r, "selectivity"));
        assertEquals(100.5, number(r, "duckdb_ms"));
        assertEquals(2.5, number(r, "raydb_ms"));
        assertEquals(812.25, number(r, "cold_ms"));
        assertEquals(100.5, number(r, "duckdb_first_ms"));
        assertEquals(100.5 / 2.5, number(r, "speedup"), 1e-9, "DuckDB's time over ours");
        assertEquals("cuda", r.str("engine"));
        assertEquals(Boolean.TRUE, r.raw("offloaded"));
        assertEquals(Boolean.TRUE, r.raw("match"));
        assertEquals(1, r.num("result_rows"));
        assertNull(r.raw("difference"));
        JsonNode b = r.obj("breakdown");
        assertEquals(
                Map.of(
                        "planning_us",
                        4L,
                        "execution_us",
                        1900L,
                        "handoff_us",
                        310L,
                        "finish_us",
                        290L,
                        "engine_us",
                        1700L,
                        "kernel_us",
                        350L,
                        "bytes_read",
                        700_000_000L),
                Map.of(
                        "planning_us",
                        b.num("planning_us"),
                        "execution_us",
                        b.num("execution_us"),
                        "handoff_us",
                        b.num("handoff_us"),
                        "finish_us",
                        b.num("finish_us"),
                        "engine_us",
                        b.num("engine_us"),
                        "kernel_us",
                        b.num("kernel_us"),
                        "bytes_read",
                        b.num("bytes_read")));
        assertTrue(isNull(b, "floor_us"), "no bandwidth, no floor");
        assertTrue(isNull(b, "kernel_over_floor"));
        JsonNode cold = root.obj("cold");
        assertEquals(40, cold.num("connect_ms"));
        assertEquals("q1.1/flat", cold.str("first_query"));
        assertEquals(812.25, number(cold, "first_query_ms"));
        assertEquals(1500, cold.num("total_ms"));
        assertTrue(isNull(root, "copy_bandwidth_gbs"));
        assertTrue(isNull(root, "anchors"));
        assertEquals(List.of(), root.list("comparison"));
        assertEquals(List.of(), root.list("targets"), "no anchors and no bandwidth: nothing to check");
    }

    @Test
    void aBandwidthGivesEveryCudaQueryItsFloorAndATarget() {
        BenchReport report = new BenchReport(
                MACHINE,
                1,
                "generated",
                7,
                6_000_000,
                "auto",
                5,
                "blocks",
                "2026-11-22T09:00",
                "raydb bench",
                List.of(new BenchResult(
                        "q1.1",
                        "flat",
                        0.02,
                        100,
                        2,
                        800,
                        100,
                        "cuda",
                        true,
                        true,
                        1,
                        null,
                        new PhaseBreakdown(4, 1900, 310, 290, 1700, 350, 700_000_000))),
                new ColdStart(40, "q1.1/flat", 800, 1500, 1400, 3000),
                new BandwidthFloor(2000),
                null,
                null);
        JsonNode root = parse(report);
        assertEquals(2000, root.num("copy_bandwidth_gbs"));
        JsonNode b = root.nodes("results").get(0).obj("breakdown");
        double floor = 700_000_000 / 2000e9 * 1e6;
        assertEquals(floor, number(b, "floor_us"), 1e-9, "bytes read over the bandwidth");
        assertEquals(350 / floor, number(b, "kernel_over_floor"), 1e-6);
        List<JsonNode> targets = root.nodes("targets");
        assertTrue(
                targets.stream()
                        .anyMatch(t -> t.str("target").startsWith("cuda kernel time within 2x")
                                && t.str("status").equals("PASS")),
                targets.toString());
    }

    @Test
    void aFailedRunIsReportedNotHidden() {
        BenchResult failed = new BenchResult(
                "q4.3",
                "flat",
                0.00007,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                "duckdb",
                false,
                false,
                0,
                "jdbc:raydb: failed: \"boom\"",
                null);
        BenchReport report = report(
                new BenchResult("q1.1", "star", 0.02, 120, 110, 130, 120, "duckdb", false, true, 1, null, null),
                failed);
        assertFalse(report.allMatch());
        List<JsonNode> results = parse(report).nodes("results");
        assertNull(results.get(0).raw("difference"));
        assertTrue(isNull(results.get(0), "breakdown"), "not offloaded");
        JsonNode bad = results.get(1);
        for (String unmeasured : List.of("raydb_ms", "cold_ms", "speedup")) {
            assertTrue(isNull(bad, unmeasured), unmeasured);
        }
        assertEquals(Boolean.FALSE, bad.raw("match"));
        assertEquals("jdbc:raydb: failed: \"boom\"", bad.str("difference"), "quotes survive the JSON escaping");
        String html = HtmlReport.render(report);
        assertTrue(html.contains("<svg") && html.contains("NO: jdbc:raydb: failed: &quot;boom&quot;"), html);
        assertFalse(html.contains("NaN\""), "no NaN coordinates in the chart");
        assertEquals(
                2,
                html.split("<rect x=\"\\d+\" y=\"[0-9.]+\" width=\"14\"", -1).length - 1,
                "bars for the successful query only");
    }
}
