package org.raydb.ssb.bench;

import java.util.StringJoiner;

/**
 * The bench report as JSON: {@code {"machine": {...}, "sf": ..., "source": ..., "seed": ..., "rows": ...,
 * "engine": ..., "reps": ..., "timestamp": ..., "results": [{"query", "form", "selectivity", "duckdb_ms",
 * "raydb_ms", "cold_ms", "speedup", "engine", "offloaded", "match", "result_rows", "difference", "breakdown"},
 * ...]}}. Selectivity is a fraction (0..1); times are medians in milliseconds, except {@code cold_ms}, the first
 * RayDB run's time. {@code breakdown} is {@code {"planning_us", "execution_us", "handoff_us", "finish_us"}}
 * (medians in microseconds, see {@link PhaseBreakdown}) for an offloaded query, {@code null} otherwise.
 */
public final class JsonReport {

    private JsonReport() {
    }

    public static String render(BenchReport report) {
        MachineInfo m = report.machine();
        StringJoiner gpus = new StringJoiner(", ", "[", "]");
        m.gpus().forEach(g -> gpus.add(Json.string(g)));
        StringJoiner results = new StringJoiner(",\n    ", "[\n    ", "\n  ]");
        for (BenchResult r : report.results()) {
            results.add("{\"query\": " + Json.string(r.query()) + ", \"form\": " + Json.string(r.form())
                    + ", \"selectivity\": " + Json.number(r.selectivity())
                    + ", \"duckdb_ms\": " + Json.number(r.duckdbMs()) + ", \"raydb_ms\": " + Json.number(r.raydbMs())
                    + ", \"cold_ms\": " + Json.number(r.coldMs())
                    + ", \"speedup\": " + Json.number(r.speedup()) + ", \"engine\": " + Json.string(r.engine())
                    + ", \"offloaded\": " + r.offloaded() + ", \"match\": " + r.match()
                    + ", \"result_rows\": " + r.resultRows() + ", \"difference\": " + Json.string(r.difference())
                    + ", \"breakdown\": " + breakdown(r.breakdown()) + "}");
        }
        return "{\n  \"machine\": {\"cores\": " + m.cores() + ", \"memory_bytes\": " + m.memoryBytes()
                + ", \"os\": " + Json.string(m.os()) + ", \"java\": " + Json.string(m.java()) + ", \"gpus\": " + gpus
                + "},\n  \"sf\": " + Json.number(report.sf()) + ",\n  \"source\": " + Json.string(report.source())
                + ",\n  \"seed\": " + report.seed() + ",\n  \"rows\": " + report.rows()
                + ",\n  \"engine\": " + Json.string(report.engine()) + ",\n  \"reps\": " + report.reps()
                + ",\n  \"timestamp\": " + Json.string(report.timestamp())
                + ",\n  \"results\": " + (report.results().isEmpty() ? "[]" : results.toString()) + "\n}\n";
    }

    private static String breakdown(PhaseBreakdown b) {
        return b == null ? "null" : "{\"planning_us\": " + b.planningUs() + ", \"execution_us\": " + b.executionUs()
                + ", \"handoff_us\": " + b.handoffUs() + ", \"finish_us\": " + b.finishUs() + "}";
    }
}
