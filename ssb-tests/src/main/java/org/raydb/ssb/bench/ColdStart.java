package org.raydb.ssb.bench;

/**
 * What a new process pays on the {@code jdbc:raydb:} side, in milliseconds, timed in fresh processes
 * ({@link FreshProcessFirstRuns}, medians): opening the connection, the first run of the first query, and the total
 * of the connection and every query's first run (under {@code offload=auto} DuckDB's answers while the shapes build
 * in the background; under {@code force} the loads and builds themselves); beside them, the same total on
 * {@code jdbc:duckdb:}, and how long the background builds of the bench's own first runs went on after the last.
 */
public record ColdStart(
        double connectMs,
        String firstQuery,
        double firstQueryMs,
        double totalMs,
        double duckdbFirstRunsMs,
        double buildsMs) {

    public static final ColdStart NONE = new ColdStart(Double.NaN, "", Double.NaN, Double.NaN, Double.NaN, Double.NaN);
}
