package org.raydb.ssb.bench;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The ad-hoc bench's closing figures: how many queries were exact, the worst first run against DuckDB and how many
 * first runs took more than {@link #FIRST_RUN_LIMIT} times DuckDB's median, beside how many of DuckDB's own timed runs
 * did (a first run answered by DuckDB meets that spread too: one run against the median of others), the
 * geometric means of DuckDB's time over the first runs (all, and those offloaded), over the second runs and over
 * the later runs' medians,
 * the totals, and the most the offload layer held resident after a query, on the host and on the GPUs, beside
 * their budgets. Ratios and totals leave out failed runs (already counted as not exact); a geometric mean
 * over no query is NaN.
 */
public record AdhocSummary(
        int queries,
        int exact,
        int firstOffloaded,
        int secondOffloaded,
        String worstQuery,
        double worstFirstOverDuckdb,
        int firstRunsOverLimit,
        int duckdbRunsOverLimit,
        int duckdbRuns,
        double firstSpeedup,
        double offloadedFirstSpeedup,
        double secondSpeedup,
        double laterSpeedup,
        double firstTotalMs,
        double duckdbTotalMs,
        double buildWaitTotalMs,
        double secondTotalMs,
        long maxResidentHostBytes,
        long hostBudgetBytes,
        long maxResidentGpuBytes,
        long gpuBudgetBytes) {

    /** The most a first run may take against DuckDB's median time, by the bench's goal. */
    public static final double FIRST_RUN_LIMIT = 1.1;

    public static AdhocSummary of(List<AdhocResult> results) {
        AdhocResult worst = null;
        for (AdhocResult r : results) {
            if (!Double.isNaN(r.firstOverDuckdb())
                    && (worst == null || r.firstOverDuckdb() > worst.firstOverDuckdb())) {
                worst = r;
            }
        }
        List<AdhocResult> firstAnswered =
                results.stream().filter(r -> !Double.isNaN(r.first().ms())).toList();
        return new AdhocSummary(
                results.size(),
                count(results, AdhocResult::exact),
                count(results, r -> r.first().offloaded()),
                count(results, r -> r.second().offloaded()),
                worst == null ? "" : worst.query(),
                worst == null ? Double.NaN : worst.firstOverDuckdb(),
                count(results, r -> r.firstOverDuckdb() > FIRST_RUN_LIMIT),
                results.stream()
                        .mapToInt(r -> r.duckdbRunsOver(FIRST_RUN_LIMIT))
                        .sum(),
                results.stream().mapToInt(r -> r.duckdbRunsMs().size()).sum(),
                geometricMean(results, r -> r.first().speedup(r.duckdbMs())),
                geometricMean(
                        results.stream().filter(r -> r.first().offloaded()).toList(),
                        r -> r.first().speedup(r.duckdbMs())),
                geometricMean(results, r -> r.second().speedup(r.duckdbMs())),
                geometricMean(results, r -> r.later().speedup(r.duckdbMs())),
                sum(firstAnswered, r -> r.first().ms()),
                sum(firstAnswered, AdhocResult::duckdbMs),
                sum(results, AdhocResult::buildWaitMs),
                sum(results, r -> r.second().ms()),
                max(results, AdhocResult::residentHostBytes),
                max(results, AdhocResult::hostBudgetBytes),
                max(results, AdhocResult::residentGpuBytes),
                // The GPUs' budget grows as the run opens them: the largest is that of every GPU it used.
                max(results, AdhocResult::gpuBudgetBytes));
    }

    private static long max(List<AdhocResult> results, ToLongFunction<AdhocResult> bytes) {
        return results.stream().mapToLong(bytes).max().orElse(0);
    }

    private static int count(List<AdhocResult> results, Predicate<AdhocResult> test) {
        return (int) results.stream().filter(test).count();
    }

    private static double geometricMean(List<AdhocResult> results, ToDoubleFunction<AdhocResult> ratio) {
        double[] known = results.stream()
                .mapToDouble(ratio)
                .filter(x -> x > 0 && Double.isFinite(x))
                .toArray();
        double logs = 0;
        for (double x : known) {
            logs += Math.log(x);
        }
        return known.length == 0 ? Double.NaN : Math.exp(logs / known.length);
    }

    private static double sum(List<AdhocResult> results, ToDoubleFunction<AdhocResult> ms) {
        return results.stream().mapToDouble(ms).filter(x -> !Double.isNaN(x)).sum();
    }
}
