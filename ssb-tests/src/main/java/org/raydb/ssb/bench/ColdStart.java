package org.raydb.ssb.bench;

/**
 * What a bench process paid before its warm runs, on the {@code jdbc:raydb:} side, in milliseconds: opening
 * the connection, the first (cold) run of the first query, and the total of the connection and every query's
 * first run (loading columns from DuckDB, encodings, uploads, indexes; DuckDB's own warm-up runs excluded).
 */
public record ColdStart(double connectMs, String firstQuery, double firstQueryMs, double totalMs) {

    public static final ColdStart NONE = new ColdStart(Double.NaN, "", Double.NaN, Double.NaN);
}
