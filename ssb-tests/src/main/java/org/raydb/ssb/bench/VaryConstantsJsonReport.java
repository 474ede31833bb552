package org.raydb.ssb.bench;

import java.util.List;

/**
 * The vary-constants bench report as JSON: {@code {"machine": {...}, "sf", "source", "seed" (the data's),
 * "rows", "engine", "offload", "query_seed", "threads", "duration_s", "warm_up_s", "prepared", "timestamp",
 * "command", "build_wait_ms", "builds_done", "sides": [{"side", "seconds", "queries", "queries_per_s",
 * "p50_ms", "p99_ms", "offloaded", "errors", "error_samples": [...]}, ...], "raydb_over_duckdb_throughput",
 * "templates": [{"query", "sql" (the catalog text with ? for its constants), "duckdb_queries", "duckdb_p50_ms",
 * "raydb_queries", "raydb_p50_ms"}, ...], "checked", "mismatches", "checks": [{"query", "sql", "exact",
 * "difference"}, ...]}}: the templates drawn from ({@code --queries}) and every checked RayDB query with its SQL.
 * Times in milliseconds; null where unknown.
 */
public final class VaryConstantsJsonReport {

    private VaryConstantsJsonReport() {}

    public static String render(VaryConstantsReport report) {
        VaryConstantsRunner.Outcome o = report.outcome();
        return "{\n  " + report.header().json()
                + ",\n  \"threads\": " + report.threads()
                + ",\n  \"duration_s\": " + Json.number(report.durationSeconds())
                + ",\n  \"warm_up_s\": " + Json.number(VaryConstantsRunner.WARM_UP.toMillis() / 1e3)
                + ",\n  \"prepared\": " + report.prepared()
                + ",\n  \"timestamp\": " + Json.string(report.timestamp())
                + ",\n  \"command\": " + Json.string(report.command())
                + ",\n  \"build_wait_ms\": " + Json.number(o.buildWaitMs())
                + ",\n  \"builds_done\": " + o.buildsDone()
                + ",\n  \"sides\": " + JsonReport.array(List.of(side(o.duckdb()), side(o.raydb())))
                + ",\n  \"raydb_over_duckdb_throughput\": " + Json.number(report.throughputRatio())
                + ",\n  \"templates\": "
                + JsonReport.array(report.templates().stream()
                        .map(VaryConstantsJsonReport::template)
                        .toList())
                + ",\n  \"checked\": " + o.checks().size()
                + ",\n  \"mismatches\": " + report.mismatches().size()
                + ",\n  \"checks\": "
                + JsonReport.array(
                        o.checks().stream().map(VaryConstantsJsonReport::check).toList())
                + "\n}\n";
    }

    private static String side(VaryConstantsSide s) {
        return "{\"side\": " + Json.string(s.name())
                + ", \"seconds\": " + Json.number(s.seconds())
                + ", \"queries\": " + s.queries()
                + ", \"queries_per_s\": " + Json.number(s.queriesPerSecond())
                + ", \"p50_ms\": " + Json.number(s.p50Ms())
                + ", \"p99_ms\": " + Json.number(s.p99Ms())
                + ", \"offloaded\": " + s.offloaded()
                + ", \"errors\": " + s.errors()
                + ", \"error_samples\": ["
                + String.join(", ", s.errorTexts().stream().map(Json::string).toList()) + "]}";
    }

    private static String template(VaryConstantsReport.TemplateRow t) {
        return "{\"query\": " + Json.string(t.id()) + ", \"sql\": " + Json.string(t.sql())
                + ", \"duckdb_queries\": " + t.duckdb().queries()
                + ", \"duckdb_p50_ms\": " + Json.number(t.duckdb().p50Ms())
                + ", \"raydb_queries\": " + t.raydb().queries()
                + ", \"raydb_p50_ms\": " + Json.number(t.raydb().p50Ms()) + "}";
    }

    private static String check(VaryConstantsCheck c) {
        return "{\"query\": " + Json.string(c.query()) + ", \"sql\": " + Json.string(c.sql())
                + ", \"exact\": " + c.exact()
                + ", \"difference\": " + Json.string(c.difference()) + "}";
    }
}
