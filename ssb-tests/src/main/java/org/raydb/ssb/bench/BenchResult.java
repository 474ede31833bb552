package org.raydb.ssb.bench;

/**
 * One line of the bench: a query in one form, its selectivity (fraction of flat rows passing its filters),
 * the median times on DuckDB directly and through RayDB, what RayDB did with it and whether every answer
 * matched DuckDB's.
 */
public record BenchResult(String query, String form, double selectivity, double duckdbMs, double raydbMs,
        String engine, boolean offloaded, boolean match, int resultRows, String difference) {

    /** DuckDB's median over RayDB's; NaN when either is unknown (a failed run). */
    public double speedup() {
        return raydbMs > 0 ? duckdbMs / raydbMs : Double.NaN;
    }
}
