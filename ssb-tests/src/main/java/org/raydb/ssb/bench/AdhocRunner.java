package org.raydb.ssb.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.offload.Residency;
import org.raydb.ssb.query.AdhocQuery;
import org.raydb.ssb.sql.RaydbProbe;
import org.raydb.ssb.suite.DifferentialSuite;
import org.raydb.ssb.suite.QueryExecution;
import org.raydb.ssb.suite.ResultComparison;
import org.raydb.ssb.suite.ResultTable;

/**
 * Runs queries the process has never seen, one after another on one {@code jdbc:raydb:} connection, as a user
 * meets them. Per query: DuckDB's answer on a plain {@code jdbc:duckdb:} connection to the same file, then
 * {@code reps} timed runs there (median); the first run through the driver (under {@code offload=auto} a query
 * whose columns or index are not ready is answered by DuckDB while they build behind it); the wait for those
 * builds ({@link RayConnection#awaitBackgroundBuilds}); the second run. Both runs are compared with DuckDB's
 * answer exactly; a run that fails counts as a wrong answer and the bench goes on.
 */
public final class AdhocRunner {

    /** Generous: the first query on a table at SF 20 builds for seconds, and a wait that ends early is shown. */
    public static final Duration BUILD_TIMEOUT = Duration.ofMinutes(10);

    private final Path database;
    private final String raydbParameters;
    private final int reps;

    /** @param raydbParameters the driver settings of the {@code jdbc:raydb:} side, as URL parameters */
    public AdhocRunner(Path database, String raydbParameters, int reps) {
        this.database = database;
        this.raydbParameters = raydbParameters;
        this.reps = reps;
    }

    /** Runs the queries in order, handing each result to {@code onResult} as soon as it is known. */
    public List<AdhocResult> run(List<AdhocQuery> queries, Consumer<AdhocResult> onResult) throws SQLException {
        List<AdhocResult> results = new ArrayList<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:" + database);
                Connection raydb = DriverManager.getConnection(DifferentialSuite.raydbUrl(database, raydbParameters))) {
            RayConnection ray = raydb.unwrap(RayConnection.class);
            for (AdhocQuery query : queries) {
                AdhocResult result = measure(duckdb, raydb, ray, query);
                results.add(result);
                onResult.accept(result);
            }
        }
        return results;
    }

    private AdhocResult measure(Connection duckdb, Connection raydb, RayConnection ray, AdhocQuery query)
            throws SQLException {
        ResultTable expected = QueryExecution.run(duckdb, query.sql()).result();
        double[] duckdbMs = new double[reps];
        for (int rep = 0; rep < reps; rep++) {
            duckdbMs[rep] = QueryExecution.run(duckdb, query.sql()).millis();
        }
        List<String> differences = new ArrayList<>();
        AdhocResult.Run first = timed(raydb, query, expected, "first run", differences);
        long waitStart = System.nanoTime();
        boolean buildsDone = ray.awaitBackgroundBuilds(BUILD_TIMEOUT);
        double buildWaitMs = (System.nanoTime() - waitStart) / 1e6;
        AdhocResult.Run second = timed(raydb, query, expected, "second run", differences);
        AdhocResult.Run later = later(raydb, query, expected, differences);
        Runtime runtime = Runtime.getRuntime();
        Residency resident = ray.residency();
        return new AdhocResult(
                query.id(),
                query.sql(),
                expected.rowCount(),
                Arrays.stream(duckdbMs).boxed().toList(),
                first,
                buildWaitMs,
                buildsDone,
                second,
                later,
                RaydbProbe.engine(raydb, query.sql()),
                differences.isEmpty() ? null : differences.getFirst(),
                runtime.totalMemory() - runtime.freeMemory(),
                MachineInfo.gpuMemoryUsedMib(),
                resident.hostBytes(),
                resident.gpuBytes(),
                resident.hostBudgetBytes(),
                resident.gpuBudgetBytes());
    }

    /**
     * The runs after the second, as many as DuckDB's timed ones and in a row as DuckDB's are: their median time (NaN
     * where one failed), offloaded and exact where every one was. The second run follows the wait for the builds; a
     * query run again soon after meets these.
     */
    private AdhocResult.Run later(Connection raydb, AdhocQuery query, ResultTable expected, List<String> differences) {
        double[] ms = new double[reps];
        boolean offloaded = true;
        boolean exact = true;
        for (int rep = 0; rep < reps; rep++) {
            AdhocResult.Run run = timed(raydb, query, expected, "later run", differences);
            ms[rep] = run.ms();
            offloaded &= run.offloaded();
            exact &= run.exact();
        }
        boolean failed = Arrays.stream(ms).anyMatch(Double::isNaN);
        return new AdhocResult.Run(failed ? Double.NaN : BenchRunner.median(ms), offloaded, exact, null);
    }

    /** One run through the driver, its first difference from {@code expected} added to {@code differences}. */
    private static AdhocResult.Run timed(
            Connection raydb, AdhocQuery query, ResultTable expected, String label, List<String> differences) {
        try {
            QueryExecution run = QueryExecution.run(raydb, query.sql());
            Optional<String> difference = ResultComparison.difference(expected, run.result(), query.orderByNames());
            difference.ifPresent(d -> differences.add(label + ": " + d));
            PhaseBreakdown breakdown = run.offloaded()
                    ? PhaseBreakdown.of(java.util.Collections.singletonList(run.timings()), new double[] {run.millis()})
                    : null;
            return new AdhocResult.Run(run.millis(), run.offloaded(), difference.isEmpty(), breakdown);
        } catch (SQLException | RuntimeException e) {
            differences.add(label + ": jdbc:raydb: failed: " + e);
            return AdhocResult.Run.FAILED;
        }
    }
}
