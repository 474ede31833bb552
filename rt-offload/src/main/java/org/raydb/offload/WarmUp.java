package org.raydb.offload;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBDriver;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.exec.ResidencyCache;

/**
 * Runs the offload's whole path once, in the background, when a process attaches its first connection: a few
 * queries of the shapes users send (filters of each kind, group keys, a computed key, top rows, HAVING, a star
 * join, new constants for a planned statement) over a small table of a private in-memory database, on the cpu
 * engine. A new process's first query otherwise pays for loading and first interpreting the planner, the
 * matcher, the rewrite, the loader and the handoff (150 ms on a 2-core machine where the planning of a new
 * statement takes 8 ms once warm), which made it several times slower than DuckDB's own first answer.
 *
 * <p>Nothing of the application's is touched: the database, engines, residency, budget and builds are the
 * warm-up's own and closed after it; one DuckDB thread, on a daemon thread. Before each of its statements it
 * gives way to the application's, as background builds do (the JVM's thread priorities do not reach Linux's
 * scheduler): beside a new process's first answer it made that answer 40% slower. Failures only cost the
 * warm-up.
 */
final class WarmUp {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload");
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final long HOST_BYTES = 64L << 20;

    private static final List<String> SETUP = List.of(
            "CREATE TABLE facts(k INTEGER, d DATE, q INTEGER, p DECIMAL(15,2), s VARCHAR, t BIGINT)",
            "INSERT INTO facts SELECT i % 50, DATE '1995-01-01' + (i % 365)::INTEGER, i % 40, (i % 1000) / 10,"
                    + " 'S' || (i % 7), i FROM range(4096) r(i)",
            "CREATE TABLE dims(k INTEGER PRIMARY KEY, region VARCHAR)",
            "INSERT INTO dims SELECT i, 'R' || (i % 5) FROM range(50) r(i)");

    static final List<String> QUERIES = List.of(
            "SELECT sum(p * q) FROM facts WHERE d BETWEEN DATE '1995-02-01' AND DATE '1995-06-30' AND q < 25"
                    + " AND s IN ('S1', 'S2')",
            "SELECT sum(p * q) FROM facts WHERE d BETWEEN DATE '1995-03-01' AND DATE '1995-07-31' AND q < 20"
                    + " AND s IN ('S3', 'S4')",
            "SELECT s, year(d) AS y, count(*), sum(p), min(t), max(q) FROM facts WHERE q BETWEEN 5 AND 30"
                    + " AND s LIKE 'S%' GROUP BY s, y ORDER BY s, y",
            "SELECT k, sum(p) AS r FROM facts WHERE t > 100 GROUP BY k ORDER BY r DESC LIMIT 5",
            "SELECT s, sum(q) FROM facts GROUP BY s HAVING sum(q) > 10 ORDER BY 1",
            "SELECT region, count(*), sum(f.p) FROM facts f JOIN dims d ON f.k = d.k WHERE d.region <> 'R1'"
                    + " AND f.q >= 3 GROUP BY region ORDER BY region");

    private WarmUp() {}

    /** Starts the warm-up unless one has started in this JVM; it gives way to the statements {@code builds} sees. */
    static void startOnce(BackgroundBuilds builds) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> run(builds::giveWayToStart), "raydb-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The warm-up itself, running {@code giveWay} before each statement: how many of its queries the offload
     * answered (all, unless something failed).
     */
    static int run(Runnable giveWay) {
        long start = System.nanoTime();
        OffloadSettings settings = new OffloadSettings(
                OffloadSettings.Mode.FORCE,
                OffloadSettings.Engine.CPU,
                false,
                OffloadSettings.MemoryBudget.ofPercent(80),
                new int[0]);
        Properties config = new Properties();
        config.setProperty("threads", "1");
        int answered = 0;
        try (RootAllocator root = new RootAllocator();
                Connection duckdb = new DuckDBDriver().connect("jdbc:duckdb:", config);
                Statement statement = duckdb.createStatement()) {
            for (String sql : SETUP) {
                giveWay.run();
                statement.execute(sql);
            }
            try (ConnectionOffloader offloader = new ConnectionOffloader(
                    duckdb,
                    settings,
                    root.newChildAllocator("warm-up", 0, Long.MAX_VALUE),
                    new Engines(List.of(), () -> null),
                    new ResidencyCache(new HostMemoryBudget(HOST_BYTES)),
                    new BackgroundBuilds(root),
                    () -> {})) {
                for (String sql : QUERIES) {
                    giveWay.run();
                    try (ResultSet rs = offloader.tryQuery(statement, sql, List.of(), new QueryCancel())) {
                        while (rs.next()) {
                            // read as an application does
                        }
                        answered++;
                    }
                }
            }
            LOG.log(Level.DEBUG, "offload warmed up in {0} ms", (System.nanoTime() - start) / 1_000_000);
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.DEBUG, "offload warm-up ended early: {0}", e.toString());
        }
        return answered;
    }
}
