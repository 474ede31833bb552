package org.raydb.offload;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBDriver;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.exec.ResidencyCache;
import org.raydb.offload.plan.QueryPlanner;

/**
 * Runs the offload's whole path once, in the background, after a process attaches its first connection: a few
 * queries of the shapes users send (filters of each kind, group keys, a computed key, averages, top rows, HAVING, a
 * star join, new constants for a planned statement) over a small table of a private in-memory database, on the cpu
 * engine, then rounds of them on each GPU engine once the GPU's probe is known. A new process's first query
 * otherwise pays for loading and first interpreting the planner, the matcher, the rewrite, the loader and the
 * handoff (150 ms on a 2-core machine where the planning of a new statement takes 8 ms once warm), which made it
 * several times slower than DuckDB's own first answer; and its first GPU queries for the GPU engines' host path.
 * From the first connection until the first pass ends ({@link #warming}) the application's statements under auto
 * are DuckDB's at once and planned behind their answers: nothing of a new process is resident, so their first runs
 * would be DuckDB's anyway. The warm-up starts once the first of them has been answered.
 *
 * <p>Nothing of the application's is touched: the database, residency, budget and builds are the warm-up's own
 * and closed after it (the GPU engines are the process's, their device copies the warm-up's own residency's); one
 * DuckDB thread, on a daemon thread. Before each of its statements it gives way to the application's, as
 * background builds do (the JVM's thread priorities do not reach Linux's scheduler): beside a new process's first
 * answer it made that answer 40% slower. Failures only cost the warm-up.
 */
final class WarmUp {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload");
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    /**
     * The longest the warm-up, the GPU's initialisation and the first spare planning database wait for the process's
     * first statement to end before they start. Beside that statement's answer, the warm-up's first step, interpreted
     * for over a second, made DuckDB's answer 50% later (a new process's first ad-hoc query at SF 20 on the H200
     * host, 91 ms alone, 143 ms beside it), and the GPU's initialisation made the statement's offer take 162 ms where
     * it takes 4 ms after it.
     */
    static final long FIRST_STATEMENT_WAIT_MS = 2_000;

    /**
     * The longest statements are held back from the first pass's start ({@link #warming}): under a steady load it
     * gives way before each of its steps, and the statements it holds back are planned behind their answers, which
     * warms the code too.
     */
    static final long FIRST_PASS_WINDOW_MS = 8_000;

    private static volatile long startedAt;
    private static volatile boolean firstPassDone;
    private static final long HOST_BYTES = 64L << 20;

    private static final List<String> SETUP = List.of(
            "CREATE TABLE facts(k INTEGER, d DATE, q INTEGER, p DECIMAL(15,2), s VARCHAR, t BIGINT)",
            "INSERT INTO facts SELECT i % 50, DATE '1995-01-01' + (i % 365)::INTEGER, i % 40, (i % 1000) / 10,"
                    + " 'S' || (i % 7), i FROM range(4096) r(i)",
            "CREATE TABLE dims(k INTEGER PRIMARY KEY, region VARCHAR)",
            "INSERT INTO dims SELECT i, 'R' || (i % 5) FROM range(50) r(i)");

    /**
     * The queries, each with one constant ({@code %d}) that a round ({@link #queries}) changes, so that every round's
     * statements are new ones of known templates.
     */
    private static final List<String> TEMPLATES = List.of(
            "SELECT sum(p * q), avg(p * q) FROM facts WHERE d BETWEEN DATE '1995-02-01' AND DATE '1995-06-30'"
                    + " AND q < %d AND s IN ('S1', 'S2')",
            "SELECT sum(p * q) FROM facts WHERE d BETWEEN DATE '1995-03-01' AND DATE '1995-07-31' AND q < %d"
                    + " AND s IN ('S3', 'S4')",
            "SELECT s, year(d) AS y, count(*), sum(p), min(t), max(q), avg(q) FROM facts WHERE q BETWEEN 5 AND %d"
                    + " AND s LIKE 'S%%' GROUP BY s, y ORDER BY s, y",
            "SELECT k, sum(p) AS r FROM facts WHERE t > %d GROUP BY k ORDER BY r DESC LIMIT 5",
            "SELECT s, sum(q) FROM facts GROUP BY s HAVING sum(q) > %d ORDER BY 1",
            "SELECT region, count(*), sum(f.p) FROM facts f JOIN dims d ON f.k = d.k WHERE d.region <> 'R1'"
                    + " AND f.q >= %d GROUP BY region ORDER BY region");

    /** The first constant of each template. */
    private static final int[] FIRST = {25, 20, 30, 100, 10, 3};

    static final List<String> QUERIES = queries(0);

    /**
     * Rounds of the GPU pass per engine: each round's statements are new, and each runs twice (a new statement's
     * run, then a repeated one's). The host path around a GPU engine runs once per query; a process's first
     * GPU queries ran it interpreted, 2-7 ms where it takes about 1 ms once compiled (second runs of a new
     * process's first 25 ad-hoc queries on the H200 host against its later ones).
     */
    static final int GPU_ROUNDS = 8;

    /** The queries of round {@code round}. */
    static List<String> queries(int round) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < TEMPLATES.size(); i++) {
            out.add(String.format(Locale.ROOT, TEMPLATES.get(i), FIRST[i] + round));
        }
        return out;
    }

    private WarmUp() {}

    /**
     * Starts the warm-up unless one has started in this JVM (then false), once the process's first statement has
     * ended (or {@link #FIRST_STATEMENT_WAIT_MS} passed without one): a spare planning database first, then the cpu
     * engine's pass, then, once the probe is known, each of {@code engines}' GPU engines'; none of it once the
     * process is known to offload nothing under {@code settings} (its first connection's). It gives way to the
     * statements {@code builds} sees.
     */
    static boolean startOnce(BackgroundBuilds builds, Engines engines, OffloadSettings settings) {
        if (!STARTED.compareAndSet(false, true)) {
            return false;
        }
        startedAt = System.nanoTime();
        Thread t = new Thread(
                () -> {
                    try {
                        builds.awaitFirstStatement(FIRST_STATEMENT_WAIT_MS);
                        if (!engines.offloadsNothing(settings)) QueryPlanner.prepare();
                        run(builds::giveWayToStart, () -> engines.offloadsNothing(settings));
                    } finally {
                        firstPassDone = true;
                    }
                    runOnGpu(builds::giveWayToStart, engines);
                },
                "raydb-warm-up");
        t.setDaemon(true);
        t.start();
        return true;
    }

    /**
     * Reads every value, as an application or a tool does, so that reading a result's values is compiled too: a
     * new process's first offloaded answer (35 rows, on the H200 host) took 4.1 ms to run and read where the
     * offload's own steps took 0.8 ms.
     */
    private static void readAll(ResultSet rs) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            for (int c = 1; c <= columns; c++) {
                rs.getObject(c);
            }
        }
    }

    /**
     * Whether the process's warm-up has started and its first (cpu) pass has not ended, for at most
     * {@link #FIRST_PASS_WINDOW_MS}: until then the planner's code is not compiled.
     */
    static boolean warming() {
        return STARTED.get() && !firstPassDone && System.nanoTime() - startedAt < FIRST_PASS_WINDOW_MS * 1_000_000;
    }

    /**
     * The cpu pass, running {@code giveWay} before each statement and ending early once {@code pointless} (where the
     * process can offload nothing, warming its code would only cost a host without a GPU a second or two of its
     * cores, the code's compilation included): how many of its queries the offload answered (all, unless something
     * failed or it ended early).
     */
    static int run(Runnable giveWay, BooleanSupplier pointless) {
        return pass(giveWay, pointless, new Engines(List.of(), () -> null), OffloadSettings.Engine.CPU, 1, false);
    }

    /**
     * The GPU pass, after the GPU's probe: {@link #GPU_ROUNDS} rounds on each available GPU engine pinned, then as
     * many with the engine chosen by cost among them; how many statements the GPU engines answered (none without
     * a GPU).
     */
    static int runOnGpu(Runnable giveWay, Engines engines) {
        OffloadSettings.Engine[] gpus = {OffloadSettings.Engine.CUDA, OffloadSettings.Engine.OPTIX};
        engines.afterProbe(settings(OffloadSettings.Engine.AUTO));
        int answered = 0;
        int available = 0;
        for (OffloadSettings.Engine engine : gpus) {
            if (engines.unavailableReason(engine.name().toLowerCase(Locale.ROOT)) == null) {
                answered += pass(giveWay, () -> false, engines, engine, GPU_ROUNDS, true);
                available++;
            }
        }
        if (available > 1) {
            answered += pass(giveWay, () -> false, engines, OffloadSettings.Engine.AUTO, GPU_ROUNDS, true);
        }
        return answered;
    }

    private static OffloadSettings settings(OffloadSettings.Engine engine) {
        return new OffloadSettings(
                OffloadSettings.Mode.FORCE, engine, false, OffloadSettings.MemoryBudget.ofPercent(80), new int[0]);
    }

    /**
     * {@code rounds} rounds of the queries on {@code engine} over a private database of their own, each statement
     * run once, or twice where {@code repeat}: how many runs the offload answered.
     */
    private static int pass(
            Runnable giveWay,
            BooleanSupplier stop,
            Engines engines,
            OffloadSettings.Engine engine,
            int rounds,
            boolean repeat) {
        long start = System.nanoTime();
        Properties config = new Properties();
        config.setProperty("threads", "1");
        int answered = 0;
        try (RootAllocator root = new RootAllocator();
                Connection duckdb = new DuckDBDriver().connect("jdbc:duckdb:", config);
                Statement statement = duckdb.createStatement()) {
            for (String sql : SETUP) {
                giveWay.run();
                if (stop.getAsBoolean()) return answered;
                statement.execute(sql);
            }
            try (ConnectionOffloader offloader = new ConnectionOffloader(
                    duckdb,
                    settings(engine),
                    root.newChildAllocator("warm-up", 0, Long.MAX_VALUE),
                    engines,
                    new ResidencyCache(new HostMemoryBudget(HOST_BYTES)),
                    new SharedDecisions(),
                    new BackgroundBuilds(root),
                    () -> {})) {
                for (int round = 0; round < rounds; round++) {
                    for (String sql : queries(round)) {
                        for (int run = 0; run < (repeat ? 2 : 1); run++) {
                            giveWay.run();
                            if (stop.getAsBoolean()) return answered;
                            try (ResultSet rs = offloader.tryQuery(statement, sql, List.of(), new QueryCancel())) {
                                readAll(rs);
                                answered++;
                            }
                        }
                    }
                }
            }
            LOG.log(
                    Level.DEBUG,
                    "offload warmed up on {0} in {1} ms",
                    engine.name().toLowerCase(Locale.ROOT),
                    (System.nanoTime() - start) / 1_000_000);
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.DEBUG, "offload warm-up on {0} ended early: {1}", engine, e.toString());
        }
        return answered;
    }
}
