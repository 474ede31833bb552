package org.raydb.ssb.bench;

/**
 * One line of the bench: a query in one form, its selectivity (fraction of flat rows passing its filters),
 * the median times on DuckDB directly and through RayDB, the first (cold) RayDB run's time beside DuckDB's first
 * run of the query (each in fresh processes of its side: {@link FreshProcessFirstRuns}), what RayDB did
 * with it, whether every answer matched DuckDB's, and, when it was offloaded, where its time went
 * ({@code breakdown}, {@code null} otherwise).
 */
public record BenchResult(
        String query,
        String form,
        double selectivity,
        double duckdbMs,
        double raydbMs,
        double coldMs,
        double duckdbFirstMs,
        String engine,
        boolean offloaded,
        boolean match,
        int resultRows,
        String difference,
        PhaseBreakdown breakdown) {

    /** DuckDB's median over RayDB's; NaN when either is unknown (a failed run). */
    public double speedup() {
        return raydbMs > 0 ? duckdbMs / raydbMs : Double.NaN;
    }
}
