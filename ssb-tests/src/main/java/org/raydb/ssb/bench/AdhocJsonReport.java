package org.raydb.ssb.bench;

/**
 * The ad-hoc bench report as JSON: {@code {"machine": {...}, "sf", "source", "seed" (the data's), "rows",
 * "engine", "offload", "query_seed", "reps", "timestamp", "command", "memory_note", "results": [{"query", "sql",
 * "result_rows", "duckdb_ms", "duckdb_runs_ms", "first_ms", "first_offloaded", "first_exact", "build_wait_ms",
 * "builds_done", "second_ms", "second_offloaded", "second_exact", "later_ms", "later_offloaded", "engine", "exact",
 * "first_over_duckdb", "first_speedup", "second_speedup", "later_speedup", "difference", "heap_used_bytes",
 * "gpu_used_mib", "resident_host_bytes", "resident_gpu_bytes", "first_breakdown", "second_breakdown"}, ...],
 * "summary": {"queries", "exact", "first_offloaded",
 * "second_offloaded", "worst_query", "worst_first_over_duckdb", "first_run_limit", "first_runs_over_limit",
 * "duckdb_runs_over_limit", "duckdb_runs", "first_speedup_geomean",
 * "offloaded_first_speedup_geomean", "second_speedup_geomean", "later_speedup_geomean", "first_total_ms",
 * "duckdb_total_ms", "build_wait_total_ms", "second_total_ms", "max_resident_host_bytes", "host_budget_bytes",
 * "max_resident_gpu_bytes", "gpu_budget_bytes"}}}. Times in milliseconds ({@code duckdb_ms} a
 * median, {@code later_ms} the later runs'); speed-ups are DuckDB's time over the run's; null where unknown (a
 * failed run, no nvidia-smi). A breakdown is where an offloaded run's time went, as the bench's
 * ({@link JsonReport}; no bandwidth floor here: its keys null), null for a run DuckDB answered.
 */
public final class AdhocJsonReport {

    private AdhocJsonReport() {}

    public static String render(AdhocReport report) {
        return "{\n  " + report.header().json()
                + ",\n  \"reps\": " + report.reps()
                + ",\n  \"timestamp\": " + Json.string(report.timestamp())
                + ",\n  \"command\": " + Json.string(report.command())
                + ",\n  \"memory_note\": " + Json.string(AdhocReport.MEMORY_NOTE)
                + ",\n  \"results\": "
                + JsonReport.array(
                        report.results().stream().map(AdhocJsonReport::result).toList())
                + ",\n  \"summary\": " + summary(report.summary()) + "\n}\n";
    }

    private static String result(AdhocResult r) {
        return "{\"query\": " + Json.string(r.query()) + ", \"sql\": " + Json.string(r.sql())
                + ", \"result_rows\": " + r.resultRows()
                + ", \"duckdb_ms\": " + Json.number(r.duckdbMs())
                + ", \"duckdb_runs_ms\": "
                + JsonReport.array(r.duckdbRunsMs().stream().map(Json::number).toList())
                + ", \"first_ms\": " + Json.number(r.first().ms())
                + ", \"first_offloaded\": " + r.first().offloaded()
                + ", \"first_exact\": " + r.first().exact()
                + ", \"build_wait_ms\": " + Json.number(r.buildWaitMs())
                + ", \"builds_done\": " + r.buildsDone()
                + ", \"second_ms\": " + Json.number(r.second().ms())
                + ", \"second_offloaded\": " + r.second().offloaded()
                + ", \"second_exact\": " + r.second().exact()
                + ", \"later_ms\": " + Json.number(r.later().ms())
                + ", \"later_offloaded\": " + r.later().offloaded()
                + ", \"engine\": " + Json.string(r.engine())
                + ", \"exact\": " + r.exact()
                + ", \"first_over_duckdb\": " + Json.number(r.firstOverDuckdb())
                + ", \"first_speedup\": " + Json.number(r.first().speedup(r.duckdbMs()))
                + ", \"second_speedup\": " + Json.number(r.second().speedup(r.duckdbMs()))
                + ", \"later_speedup\": " + Json.number(r.later().speedup(r.duckdbMs()))
                + ", \"difference\": " + Json.string(r.difference())
                + ", \"heap_used_bytes\": " + r.heapUsedBytes()
                + ", \"gpu_used_mib\": " + (r.gpuUsedMib() < 0 ? "null" : Long.toString(r.gpuUsedMib()))
                + ", \"resident_host_bytes\": " + r.residentHostBytes()
                + ", \"resident_gpu_bytes\": " + r.residentGpuBytes()
                + ", \"first_breakdown\": " + JsonReport.breakdown(r.first().breakdown(), BandwidthFloor.UNKNOWN)
                + ", \"second_breakdown\": " + JsonReport.breakdown(r.second().breakdown(), BandwidthFloor.UNKNOWN)
                + "}";
    }

    private static String summary(AdhocSummary s) {
        return "{\"queries\": " + s.queries() + ", \"exact\": " + s.exact()
                + ", \"first_offloaded\": " + s.firstOffloaded()
                + ", \"second_offloaded\": " + s.secondOffloaded()
                + ", \"worst_query\": " + Json.string(s.worstQuery())
                + ", \"worst_first_over_duckdb\": " + Json.number(s.worstFirstOverDuckdb())
                + ", \"first_run_limit\": " + Json.number(AdhocSummary.FIRST_RUN_LIMIT)
                + ", \"first_runs_over_limit\": " + s.firstRunsOverLimit()
                + ", \"duckdb_runs_over_limit\": " + s.duckdbRunsOverLimit()
                + ", \"duckdb_runs\": " + s.duckdbRuns()
                + ", \"first_speedup_geomean\": " + Json.number(s.firstSpeedup())
                + ", \"offloaded_first_speedup_geomean\": " + Json.number(s.offloadedFirstSpeedup())
                + ", \"second_speedup_geomean\": " + Json.number(s.secondSpeedup())
                + ", \"later_speedup_geomean\": " + Json.number(s.laterSpeedup())
                + ", \"first_total_ms\": " + Json.number(s.firstTotalMs())
                + ", \"duckdb_total_ms\": " + Json.number(s.duckdbTotalMs())
                + ", \"build_wait_total_ms\": " + Json.number(s.buildWaitTotalMs())
                + ", \"second_total_ms\": " + Json.number(s.secondTotalMs())
                + ", \"max_resident_host_bytes\": " + s.maxResidentHostBytes()
                + ", \"host_budget_bytes\": " + s.hostBudgetBytes()
                + ", \"max_resident_gpu_bytes\": " + s.maxResidentGpuBytes()
                + ", \"gpu_budget_bytes\": " + s.gpuBudgetBytes() + "}";
    }
}
