package org.raydb.ssb.bench;

/**
 * What a bench process paid before its warm runs, on the {@code jdbc:raydb:} side, in milliseconds: opening
 * the connection, the first run of the first query, and the total of the connection and every query's first
 * run (under {@code offload=auto} DuckDB's answers while the shapes build in the background; under
 * {@code force} the loads and builds themselves); beside them, DuckDB's own first runs of the same queries
 * (each run just before the driver's, so DuckDB's paid the cold reads), and how long the background builds
 * went on after the last first run.
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
