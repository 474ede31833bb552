package org.raydb.ssb.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.raydb.jdbc.RayConnection;
import org.raydb.ssb.Progress;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.sql.RaydbProbe;
import org.raydb.ssb.suite.DifferentialSuite;
import org.raydb.ssb.suite.QueryExecution;
import org.raydb.ssb.suite.ResultComparison;
import org.raydb.ssb.suite.ResultTable;

/**
 * Times each query on DuckDB directly and through {@code jdbc:raydb:?engine=<engine>&offload=<mode>} on the
 * same file. First each side's connection and first runs are timed in fresh processes ({@link FreshProcessFirstRuns});
 * then a warm-up pass runs every query once on each (the driver's first runs load columns and build indexes, shown
 * as a progress phase); then each query gets {@code reps} timed runs on each, reported as medians: first all of
 * DuckDB's, then all of RayDB's ({@link Timing#BLOCKS}, how one application runs its queries), or alternating
 * between the two ({@link Timing#ALTERNATING}: each RayDB run then starts with the caches DuckDB's 16 threads
 * left). Every RayDB answer, warm-up included, is compared with DuckDB's; a query that fails through the
 * driver counts as a wrong answer and the bench goes on.
 */
public final class BenchRunner {

    /** How long the warm runs wait at most for the background builds the first runs started. */
    private static final Duration BUILDS_TIMEOUT = Duration.ofMinutes(30);

    private final Path database;
    private final String raydbParameters;
    private final int reps;
    private final Timing timing;

    /** How the timed runs of one query are ordered. */
    public enum Timing {
        BLOCKS,
        ALTERNATING;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** @param raydbParameters the driver settings of the {@code jdbc:raydb:} side, as URL parameters */
    public BenchRunner(Path database, String raydbParameters, int reps, Timing timing) {
        this.database = database;
        this.raydbParameters = raydbParameters;
        this.reps = reps;
        this.timing = timing;
    }

    /** What the warm-up of one query left: DuckDB's answer, and the first difference or failure of RayDB's. */
    private record WarmUp(ResultTable expected, Optional<String> difference, boolean failed) {}

    /**
     * What {@link #run} measured: per query results, the RayDB side's cold start, and why that side offloads
     * nothing at all ({@link RaydbProbe#offloadUnavailable}; null when an engine may take the queries).
     */
    public record Outcome(List<BenchResult> results, ColdStart cold, String offloadUnavailable) {}

    /**
     * Runs the queries in order, handing each result to {@code onResult} as soon as it is known; before the
     * first, hands {@code onOffloadUnavailable} the reason when the RayDB side can offload nothing.
     */
    public Outcome run(
            List<SsbQuery> queries,
            Map<String, Double> selectivity,
            Progress progress,
            Consumer<String> onOffloadUnavailable,
            Consumer<BenchResult> onResult)
            throws SQLException, IOException {
        List<BenchResult> results = new ArrayList<>();
        String raydbUrl = DifferentialSuite.raydbUrl(database, raydbParameters);
        String duckdbUrl = "jdbc:duckdb:" + database;
        FreshProcessFirstRuns.Both firstRuns = FreshProcessFirstRuns.measure(raydbUrl, duckdbUrl, queries, progress);
        try (Connection duckdb = DriverManager.getConnection(duckdbUrl)) {
            try (Connection raydb = DriverManager.getConnection(raydbUrl)) {
                List<WarmUp> warmUps = new ArrayList<>();
                try (Progress.Phase phase =
                        progress.start("warm up (loads, index builds)", queries.size(), "queries")) {
                    for (SsbQuery query : queries) {
                        warmUps.add(warmUp(duckdb, raydb, query));
                        phase.advance(1);
                    }
                }
                // Under offload=auto the first runs were DuckDB's answers while the shapes built behind them: the
                // warm runs are timed once those builds are done.
                long buildsStart = System.nanoTime();
                raydb.unwrap(RayConnection.class).awaitBackgroundBuilds(BUILDS_TIMEOUT);
                double buildsMs = (System.nanoTime() - buildsStart) / 1e6;
                // A first run that came before anything could start its build (while the GPU was probed) starts
                // it on its second: once more each, untimed, as an application repeating its queries would.
                for (SsbQuery query : queries) {
                    QueryExecution.run(raydb, query.sql());
                }
                raydb.unwrap(RayConnection.class).awaitBackgroundBuilds(BUILDS_TIMEOUT);
                // Asked after the cold runs, so that its planning does not warm them, and of a flat query, the
                // form an engine can take.
                String unavailable = queries.stream()
                        .filter(q -> q.form() == QueryForm.FLAT)
                        .findFirst()
                        .flatMap(q -> RaydbProbe.offloadUnavailable(raydb, q.sql()))
                        .orElse(null);
                if (unavailable != null) {
                    onOffloadUnavailable.accept(unavailable);
                }
                for (int i = 0; i < queries.size(); i++) {
                    SsbQuery query = queries.get(i);
                    BenchResult result = measure(
                            duckdb,
                            raydb,
                            query,
                            selectivity.getOrDefault(query.id(), Double.NaN),
                            warmUps.get(i),
                            firstRuns.raydb().firstMs()[i],
                            firstRuns.duckdb().firstMs()[i]);
                    results.add(result);
                    onResult.accept(result);
                }
                return new Outcome(results, coldStart(queries, firstRuns, buildsMs), unavailable);
            }
        }
    }

    /** A failed first run adds nothing to the totals: its failure is reported with its query. */
    private static ColdStart coldStart(List<SsbQuery> queries, FreshProcessFirstRuns.Both firstRuns, double buildsMs) {
        FreshProcessFirstRuns.Side raydb = firstRuns.raydb();
        String first = queries.isEmpty() ? "" : queries.getFirst().label();
        double firstMs = queries.isEmpty() ? Double.NaN : raydb.firstMs()[0];
        return new ColdStart(
                raydb.connectMs(),
                first,
                firstMs,
                raydb.totalMs(),
                firstRuns.duckdb().totalMs(),
                buildsMs);
    }

    private static WarmUp warmUp(Connection duckdb, Connection raydb, SsbQuery query) throws SQLException {
        ResultTable expected = QueryExecution.run(duckdb, query.sql()).result();
        try {
            QueryExecution first = QueryExecution.run(raydb, query.sql());
            return new WarmUp(expected, compare(expected, first, query), false);
        } catch (SQLException | RuntimeException e) {
            return new WarmUp(expected, Optional.of(failure(e)), true);
        }
    }

    private BenchResult measure(
            Connection duckdb,
            Connection raydb,
            SsbQuery query,
            double selectivity,
            WarmUp warmUp,
            double coldMs,
            double duckdbFirstMs)
            throws SQLException {
        ResultTable expected = warmUp.expected();
        Optional<String> difference = warmUp.difference();
        if (warmUp.failed()) {
            return new BenchResult(
                    query.id(),
                    query.form().label(),
                    selectivity,
                    Double.NaN,
                    Double.NaN,
                    coldMs,
                    duckdbFirstMs,
                    RaydbProbe.DUCKDB,
                    false,
                    false,
                    expected.rowCount(),
                    difference.get(),
                    null);
        }
        double[] duckdbMs = new double[reps];
        double[] raydbMs = new double[reps];
        List<Map<String, Long>> timings = new ArrayList<>();
        boolean offloaded = false;
        if (timing == Timing.BLOCKS) {
            for (int rep = 0; rep < reps; rep++) {
                duckdbMs[rep] = QueryExecution.run(duckdb, query.sql()).millis();
            }
        }
        for (int rep = 0; rep < reps; rep++) {
            if (timing == Timing.ALTERNATING) {
                duckdbMs[rep] = QueryExecution.run(duckdb, query.sql()).millis();
            }
            try {
                QueryExecution timed = QueryExecution.run(raydb, query.sql());
                raydbMs[rep] = timed.millis();
                offloaded = timed.offloaded();
                timings.add(timed.timings());
                difference = difference.or(() -> compare(expected, timed, query));
            } catch (SQLException | RuntimeException e) {
                raydbMs[rep] = Double.NaN;
                difference = difference.or(() -> Optional.of(failure(e)));
            }
        }
        return new BenchResult(
                query.id(),
                query.form().label(),
                selectivity,
                median(duckdbMs),
                median(raydbMs),
                coldMs,
                duckdbFirstMs,
                RaydbProbe.engine(raydb, query.sql()),
                offloaded,
                difference.isEmpty(),
                expected.rowCount(),
                difference.orElse(null),
                PhaseBreakdown.of(timings, raydbMs));
    }

    private static Optional<String> compare(ResultTable expected, QueryExecution actual, SsbQuery query) {
        return ResultComparison.difference(expected, actual.result(), query.orderByNames());
    }

    private static String failure(Exception e) {
        return "jdbc:raydb: failed: " + e;
    }

    /** The median; NaN if any value is (a run failed). */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
