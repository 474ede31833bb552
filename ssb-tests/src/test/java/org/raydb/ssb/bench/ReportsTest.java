package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportsTest {

    private static final MachineInfo MACHINE = new MachineInfo(2, 24L << 30, "Linux", "Java 25", List.of());

    private static BenchReport report(BenchResult... results) {
        return new BenchReport(MACHINE, 1, "generated", 7, 6_000_000, "auto", 5, "blocks", "2026-11-22T09:00", "raydb bench",
                List.of(results), new ColdStart(40, "q1.1/flat", 812.25, 1500), BandwidthFloor.UNKNOWN, null);
    }

    @Test
    void jsonCarriesTheDocumentedFields() {
        String json = JsonReport.render(report(new BenchResult("q1.1", "flat", 0.0199, 100.5, 2.5, 812.25, "cuda", true,
                true, 1, null, new PhaseBreakdown(4, 1900, 310, 290, 1700, 350, 700_000_000))));
        assertTrue(json.contains("\"machine\": {\"cores\": 2, \"memory_bytes\": 25769803776"), json);
        assertTrue(json.contains("\"sf\": 1,"), json);
        assertTrue(json.contains("{\"query\": \"q1.1\", \"form\": \"flat\", \"selectivity\": 0.0199, \"duckdb_ms\": 100.5,"
                + " \"raydb_ms\": 2.5, \"cold_ms\": 812.25, \"speedup\": 40.2, \"engine\": \"cuda\","
                + " \"offloaded\": true, \"match\": true, \"result_rows\": 1, \"difference\": null,"
                + " \"breakdown\": {\"planning_us\": 4,"
                + " \"execution_us\": 1900, \"handoff_us\": 310, \"finish_us\": 290, \"engine_us\": 1700,"
                + " \"kernel_us\": 350, \"bytes_read\": 700000000, \"floor_us\": null,"
                + " \"kernel_over_floor\": null}}"), json);
        assertTrue(json.contains("\"cold\": {\"connect_ms\": 40, \"first_query\": \"q1.1/flat\","
                + " \"first_query_ms\": 812.25, \"total_ms\": 1500},\n  \"copy_bandwidth_gbs\": null,"
                + "\n  \"anchors\": null,\n  \"comparison\": [],\n  \"targets\": []\n}"), json);
    }

    @Test
    void aFailedRunIsReportedNotHidden() {
        BenchResult failed = new BenchResult("q4.3", "flat", 0.00007, Double.NaN, Double.NaN, Double.NaN, "duckdb",
                false, false, 0, "jdbc:raydb: failed: \"boom\"", null);
        BenchReport report = report(new BenchResult("q1.1", "star", 0.02, 120, 110, 130, "duckdb", false, true, 1, null,
                null), failed);
        assertFalse(report.allMatch());
        String json = JsonReport.render(report);
        assertTrue(json.contains("\"raydb_ms\": null, \"cold_ms\": null, \"speedup\": null"), json);
        assertTrue(json.contains("\"difference\": null, \"breakdown\": null}"), "not offloaded: no breakdown");
        assertTrue(json.contains("\"difference\": \"jdbc:raydb: failed: \\\"boom\\\"\""), json);
        String html = HtmlReport.render(report);
        assertTrue(html.contains("<svg") && html.contains("NO: jdbc:raydb: failed: &quot;boom&quot;"), html);
        assertFalse(html.contains("NaN\""), "no NaN coordinates in the chart");
        assertEquals(2, html.split("<rect x=\"\\d+\" y=\"[0-9.]+\" width=\"14\"", -1).length - 1,
                "bars for the successful query only");
    }
}
