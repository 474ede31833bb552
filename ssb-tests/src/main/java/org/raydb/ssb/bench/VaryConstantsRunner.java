package org.raydb.ssb.bench;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import org.raydb.jdbc.RayConnection;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.query.VariedConstants;
import org.raydb.ssb.suite.DifferentialSuite;
import org.raydb.ssb.suite.ResultComparison;
import org.raydb.ssb.suite.ResultTable;

/**
 * {@code bench --vary-constants}: flat SSB queries (all 13 or those chosen) with constants drawn afresh for every
 * run ({@link VariedConstants}) on T threads, each with its own connection and stream of queries, first through
 * plain {@code jdbc:duckdb:}, then through {@code jdbc:raydb:}, for the same time each. On each side the first
 * thread runs each template once (through the driver, then waits for the background builds those runs started,
 * so that the shapes are resident), all threads run queries untimed for {@link #WARM_UP}, meet at a start line
 * and time queries (executeQuery until the last row is read) for the duration. After RayDB's window the answers
 * its threads kept are checked exactly against a separate plain DuckDB connection, run and bound the same way.
 */
public final class VaryConstantsRunner {

    public static final Duration WARM_UP = Duration.ofSeconds(2);

    /** The templates drawn from, both sides' figures, RayDB's wait for its background builds, and the checks. */
    public record Outcome(
            List<SsbQuery> templates,
            VaryConstantsSide duckdb,
            VaryConstantsSide raydb,
            double buildWaitMs,
            boolean buildsDone,
            List<VaryConstantsCheck> checks) {}

    /** One side's figures and what its threads kept for the checks. */
    private record SideRun(
            VaryConstantsSide side, List<VaryConstantsClient.Answer> kept, double buildWaitMs, boolean buildsDone) {}

    private final Path database;
    private final String raydbParameters;
    private final List<SsbQuery> templates;
    private final int threads;
    private final Duration duration;
    private final boolean prepared;
    private final long seed;

    /**
     * @param raydbParameters the driver settings of the {@code jdbc:raydb:} side, as URL parameters
     * @param templates       the flat queries drawn from in turn ({@link VariedConstants#templates})
     * @param prepared        whether each thread prepares each template once and binds the constants
     * @param seed            the seed the constants are drawn with
     */
    public VaryConstantsRunner(
            Path database,
            String raydbParameters,
            List<SsbQuery> templates,
            int threads,
            Duration duration,
            boolean prepared,
            long seed) {
        this.database = database;
        this.raydbParameters = raydbParameters;
        this.templates = List.copyOf(templates);
        this.threads = threads;
        this.duration = duration;
        this.prepared = prepared;
        this.seed = seed;
    }

    public Outcome run() throws SQLException {
        SideRun duckdb = side("duckdb", duckdbUrl(), false);
        SideRun raydb = side("raydb", DifferentialSuite.raydbUrl(database, raydbParameters), true);
        return new Outcome(
                templates, duckdb.side(), raydb.side(), raydb.buildWaitMs(), raydb.buildsDone(), check(raydb.kept()));
    }

    private String duckdbUrl() {
        return "jdbc:duckdb:" + database;
    }

    private SideRun side(String name, String url, boolean raydb) throws SQLException {
        List<VaryConstantsClient> clients = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                clients.add(new VaryConstantsClient(
                        new VariedStatements(DriverManager.getConnection(url), templates, prepared),
                        new VariedConstants(templates, seed, t),
                        raydb,
                        threads));
            }
            VaryConstantsClient first = clients.getFirst();
            first.runUntimed(templates.size());
            double buildWaitMs = Double.NaN;
            boolean buildsDone = true;
            if (raydb) {
                long waitStart = System.nanoTime();
                buildsDone = first.statements()
                        .connection()
                        .unwrap(RayConnection.class)
                        .awaitBackgroundBuilds(AdhocRunner.BUILD_TIMEOUT);
                buildWaitMs = (System.nanoTime() - waitStart) / 1e6;
            }
            AtomicLong timedStart = new AtomicLong();
            VaryConstantsClient.Schedule schedule = new VaryConstantsClient.Schedule(
                    System.nanoTime() + WARM_UP.toNanos(),
                    new CyclicBarrier(threads, () -> timedStart.set(System.nanoTime())),
                    timedStart,
                    duration.toNanos());
            List<Thread> running = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                VaryConstantsClient client = clients.get(t);
                running.add(Thread.ofPlatform()
                        .name("vary-constants-" + name + "-" + t)
                        .start(() -> client.run(schedule)));
            }
            for (Thread thread : running) {
                thread.join();
            }
            List<VaryConstantsClient.Answer> kept = new ArrayList<>();
            clients.forEach(c -> kept.addAll(c.kept()));
            return new SideRun(
                    VaryConstantsSide.of(name, templates, timedStart.get(), clients), kept, buildWaitMs, buildsDone);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the " + name + " side ran", "57014", e);
        } finally {
            for (VaryConstantsClient client : clients) {
                client.statements().close();
            }
        }
    }

    /** Each kept answer against plain DuckDB's; a DuckDB failure counts as a difference (nothing confirmed it). */
    private List<VaryConstantsCheck> check(List<VaryConstantsClient.Answer> answers) throws SQLException {
        List<VaryConstantsCheck> checks = new ArrayList<>();
        try (VariedStatements duckdb =
                new VariedStatements(DriverManager.getConnection(duckdbUrl()), templates, prepared)) {
            for (VaryConstantsClient.Answer answer : answers) {
                String difference;
                try {
                    ResultTable expected = duckdb.run(answer.query()).result();
                    difference = ResultComparison.difference(
                                    expected,
                                    answer.result(),
                                    answer.query().template().orderByNames())
                            .orElse(null);
                } catch (SQLException | RuntimeException e) {
                    difference = "jdbc:duckdb: failed: " + e;
                }
                checks.add(new VaryConstantsCheck(
                        answer.query().id(), answer.query().sql(), difference));
            }
        }
        return checks;
    }
}
