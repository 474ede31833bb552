package org.raydb.ssb.bench;

import java.util.List;
import java.util.StringJoiner;

/**
 * The bench report as JSON: {@code {"machine": {...}, "sf": ..., "source": ..., "seed": ..., "rows": ...,
 * "engine": ..., "reps": ..., "timestamp": ..., "command": ..., "offload_unavailable": ..., "results": [{"query",
 * "form", "selectivity",
 * "duckdb_ms", "raydb_ms", "cold_ms", "duckdb_first_ms", "speedup", "engine", "offloaded", "match", "result_rows", "difference",
 * "breakdown"}, ...], ...}}. {@code offload_unavailable} is why the RayDB side offloaded nothing, null when an
 * engine could take the queries (then each result's {@code offloaded} tells); a result not offloaded has its
 * {@code speedup} from DuckDB on both sides. Selectivity is a fraction (0..1); times are medians in milliseconds, except {@code cold_ms}, the first
 * RayDB run's time, and {@code duckdb_first_ms}, DuckDB's first run of the query (medians of fresh processes). {@code breakdown} is {@code {"planning_us", "execution_us", "handoff_us", "finish_us",
 * "engine_us", "kernel_us", "bytes_read", "floor_us", "kernel_over_floor"}} (medians in microseconds, see
 * {@link PhaseBreakdown}; -1 where the engine does not measure a figure, {@code null} for a floor without
 * bandwidth or bytes) for an offloaded query, {@code null} otherwise. Then {@code "cold": {"connect_ms",
 * "first_query", "first_query_ms", "total_ms", "duckdb_first_runs_ms", "background_builds_ms"}} (see {@link ColdStart}), {@code "copy_bandwidth_gbs"} (or
 * null), {@code "anchors"} (their name or null), {@code "comparison": [{"query", "crystal_ms", "engine_us",
 * "crystal_over_ours", "duckdb_ms", "raydb_ms", "speedup", "anchor_duckdb_flat_ms", "result_rows",
 * "anchor_result_rows"}, ...]} and {@code "targets": [{"target", "status", "detail"}, ...]} (see {@link Targets}).
 */
public final class JsonReport {

    private JsonReport() {}

    public static String render(BenchReport report) {
        Targets targets = report.targets();
        List<String> results = report.results().stream()
                .map(r -> result(r, report.bandwidth()))
                .toList();
        return "{\n  \"machine\": " + machine(report.machine())
                + ",\n  \"sf\": " + Json.number(report.sf()) + ",\n  \"source\": " + Json.string(report.source())
                + ",\n  \"seed\": " + report.seed() + ",\n  \"rows\": " + report.rows()
                + ",\n  \"engine\": " + Json.string(report.engine()) + ",\n  \"reps\": " + report.reps()
                + ",\n  \"timing\": " + Json.string(report.timing())
                + ",\n  \"timestamp\": " + Json.string(report.timestamp())
                + ",\n  \"command\": " + Json.string(report.command())
                + ",\n  \"offload_unavailable\": " + Json.string(report.offloadUnavailable())
                + ",\n  \"results\": " + array(results)
                + ",\n  \"cold\": " + cold(report.cold())
                + ",\n  \"copy_bandwidth_gbs\": "
                + Json.number(report.bandwidth().gbs())
                + ",\n  \"anchors\": "
                + Json.string(report.anchors() == null ? null : report.anchors().name())
                + ",\n  \"comparison\": "
                + array(targets.comparisons().stream()
                        .map(JsonReport::comparison)
                        .toList())
                + ",\n  \"targets\": "
                + array(targets.targets().stream().map(JsonReport::target).toList()) + "\n}\n";
    }

    /** {@code {"cores", "memory_bytes", "os", "java", "gpus": [...]}}. */
    static String machine(MachineInfo m) {
        StringJoiner gpus = new StringJoiner(", ", "[", "]");
        m.gpus().forEach(g -> gpus.add(Json.string(g)));
        return "{\"cores\": " + m.cores() + ", \"memory_bytes\": " + m.memoryBytes() + ", \"os\": "
                + Json.string(m.os()) + ", \"java\": " + Json.string(m.java()) + ", \"gpus\": " + gpus + "}";
    }

    private static String result(BenchResult r, BandwidthFloor floor) {
        return "{\"query\": " + Json.string(r.query()) + ", \"form\": " + Json.string(r.form())
                + ", \"selectivity\": " + Json.number(r.selectivity())
                + ", \"duckdb_ms\": " + Json.number(r.duckdbMs()) + ", \"raydb_ms\": " + Json.number(r.raydbMs())
                + ", \"cold_ms\": " + Json.number(r.coldMs())
                + ", \"duckdb_first_ms\": " + Json.number(r.duckdbFirstMs())
                + ", \"speedup\": " + Json.number(r.speedup()) + ", \"engine\": " + Json.string(r.engine())
                + ", \"offloaded\": " + r.offloaded() + ", \"match\": " + r.match()
                + ", \"result_rows\": " + r.resultRows() + ", \"difference\": " + Json.string(r.difference())
                + ", \"breakdown\": " + breakdown(r.breakdown(), floor) + "}";
    }

    static String breakdown(PhaseBreakdown b, BandwidthFloor floor) {
        return b == null
                ? "null"
                : "{\"planning_us\": " + b.planningUs() + ", \"execution_us\": " + b.executionUs()
                        + ", \"handoff_us\": " + b.handoffUs() + ", \"finish_us\": " + b.finishUs()
                        + ", \"engine_us\": " + b.engineUs() + ", \"kernel_us\": " + b.kernelUs()
                        + ", \"bytes_read\": " + b.bytesRead() + ", \"floor_us\": "
                        + Json.number(floor.floorUs(b.bytesRead()))
                        + ", \"kernel_over_floor\": " + Json.number(floor.kernelOverFloor(b.kernelUs(), b.bytesRead()))
                        + "}";
    }

    private static String cold(ColdStart c) {
        return "{\"connect_ms\": " + Json.number(c.connectMs()) + ", \"first_query\": " + Json.string(c.firstQuery())
                + ", \"first_query_ms\": " + Json.number(c.firstQueryMs()) + ", \"total_ms\": "
                + Json.number(c.totalMs()) + ", \"duckdb_first_runs_ms\": " + Json.number(c.duckdbFirstRunsMs())
                + ", \"background_builds_ms\": " + Json.number(c.buildsMs()) + "}";
    }

    private static String comparison(Targets.Comparison c) {
        BenchResult r = c.result();
        return "{\"query\": " + Json.string(r.query()) + ", \"crystal_ms\": "
                + Json.number(c.anchor().crystalMs())
                + ", \"engine_us\": " + Json.number(c.engineUs()) + ", \"crystal_over_ours\": "
                + Json.number(c.crystalOverOurs()) + ", \"duckdb_ms\": " + Json.number(r.duckdbMs())
                + ", \"raydb_ms\": " + Json.number(r.raydbMs()) + ", \"speedup\": " + Json.number(r.speedup())
                + ", \"anchor_duckdb_flat_ms\": " + Json.number(c.anchor().duckdbFlatMs()) + ", \"result_rows\": "
                + r.resultRows() + ", \"anchor_result_rows\": " + c.anchor().resultRows() + "}";
    }

    private static String target(Targets.Target g) {
        return "{\"target\": " + Json.string(g.name()) + ", \"status\": "
                + Json.string(g.status().name()) + ", \"detail\": " + Json.string(g.detail()) + "}";
    }

    static String array(List<String> items) {
        if (items.isEmpty()) {
            return "[]";
        }
        StringJoiner out = new StringJoiner(",\n    ", "[\n    ", "\n  ]");
        items.forEach(out::add);
        return out.toString();
    }
}
