package org.raydb.ssb.bench;

import java.util.List;

/**
 * One ad-hoc query of the bench ({@link AdhocRunner}): its SQL and result rows, DuckDB's timed runs and their
 * median, the first run through {@code jdbc:raydb:}, the wait for the background builds it started, the second run,
 * the later runs (as many as DuckDB's timed runs, right after the second: their median), the engine
 * {@code EXPLAIN OFFLOAD} names after both, the first difference from DuckDB's answer (null when both runs
 * were exact), and the memory in use after it: the JVM's heap (live data and garbage not yet collected), the
 * GPUs' used memory by {@code nvidia-smi} (-1 without it), and what the offload layer holds resident for the whole
 * process ({@link org.raydb.jdbc.RayConnection#residency()}) on the host and on the GPUs, with its budgets then.
 *
 * @param buildsDone whether the background builds finished within the wait's timeout
 * @param hostBudgetBytes the {@code host.memory} budget {@code residentHostBytes} counts against
 * @param gpuBudgetBytes the {@code gpu.memory} budgets of the GPUs opened so far, summed (0 while none is)
 */
public record AdhocResult(
        String query,
        String sql,
        int resultRows,
        List<Double> duckdbRunsMs,
        Run first,
        double buildWaitMs,
        boolean buildsDone,
        Run second,
        Run later,
        String engine,
        String difference,
        long heapUsedBytes,
        long gpuUsedMib,
        long residentHostBytes,
        long residentGpuBytes,
        long hostBudgetBytes,
        long gpuBudgetBytes) {

    /**
     * One run through the driver: its wall time (NaN when it failed), whether it was offloaded and exact, and where
     * an offloaded run's time went ({@code null} for one DuckDB answered).
     */
    public record Run(double ms, boolean offloaded, boolean exact, PhaseBreakdown breakdown) {

        public static final Run FAILED = new Run(Double.NaN, false, false, null);

        /** DuckDB's time over this run's; NaN when either is unknown. */
        public double speedup(double duckdbMs) {
            return ms > 0 ? duckdbMs / ms : Double.NaN;
        }
    }

    public boolean exact() {
        return first.exact() && second.exact() && later.exact();
    }

    /** The median of DuckDB's timed runs: the time the driver's runs are measured against. */
    public double duckdbMs() {
        return BenchRunner.median(
                duckdbRunsMs.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The first run's time over DuckDB's: what meeting the query costs against DuckDB alone. */
    public double firstOverDuckdb() {
        double duckdbMs = duckdbMs();
        return duckdbMs > 0 ? first.ms() / duckdbMs : Double.NaN;
    }

    /** How many of DuckDB's own timed runs took more than {@code limit} times their median. */
    public int duckdbRunsOver(double limit) {
        double median = duckdbMs();
        return (int) duckdbRunsMs.stream().filter(ms -> ms > limit * median).count();
    }
}
