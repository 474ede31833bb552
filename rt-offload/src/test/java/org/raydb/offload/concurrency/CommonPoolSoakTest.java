package org.raydb.offload.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayStatement;
import org.raydb.offload.ResultComparator;

/**
 * Many threads, each on its own connection, run offloaded queries on the cpu engine against a cold table
 * snapshot all at once: before every round one of them writes through the driver, so the round's queries
 * load the table and build its index, scenes and grids again, racing for the same builds. Rounds cycle
 * through shapes that build different things. Its surefire execution runs it with one common-pool worker,
 * where a build that holds a lock across a parallel stage, or one started inside a parallel stage, never
 * finishes.
 */
class CommonPoolSoakTest {

    /** Shapes that each build something different: grid and Z order, RTScan sieving, group codes. */
    private static final List<String> QUERIES = List.of(
            "SELECT b, sum(m), count(*) FROM t WHERE c BETWEEN 2 AND 30 GROUP BY b ORDER BY b",
            "SELECT c, min(m), max(m) FROM t WHERE b IN ('v1', 'v3', 'v7') GROUP BY c ORDER BY c",
            "SELECT count(*), sum(m) FROM t WHERE a BETWEEN 1000 AND 150000",
            "SELECT b, c, count(*) FROM t WHERE c < 10 AND b <> 'v2' GROUP BY b, c ORDER BY b, c",
            "SELECT d, sum(m) FROM t WHERE d BETWEEN 5 AND 400 GROUP BY d ORDER BY d");
    /** Rows the writer adds: no query's filter keeps them, so every answer stays what it was. */
    private static final String WRITE = "INSERT INTO t VALUES (-1, 'zz', 1000, 5000, -7)";

    @TempDir
    Path dir;

    @Test
    void finishesWithExactAnswers() throws Exception {
        soak(16, 12, Duration.ofSeconds(120), "");
    }

    /** The same over three simulated devices of two partitions each: every query's parts run on threads of their own. */
    @Test
    void finishesWithExactAnswersOverPartitions() throws Exception {
        soak(16, 10, Duration.ofSeconds(120), "&device=0,1,2&partitions=2");
    }

    @Test
    @Tag("slow")
    void finishesWithExactAnswersLongRun() throws Exception {
        soak(32, 60, Duration.ofSeconds(900), "");
    }

    private void soak(int threads, int rounds, Duration bound, String settings) throws Exception {
        String url = "jdbc:raydb:" + dir.resolve("soak.db");
        Map<String, List<List<Object>>> expected;
        try (Connection c = DriverManager.getConnection(url + "?offload=off");
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT i::INTEGER AS a, 'v' || (i % 11) AS b, (i % 37)::INTEGER AS c,"
                    + " (i % 1009)::INTEGER AS d, i % 1000 AS m FROM range(200000) r(i)");
            expected = QUERIES.stream().collect(Collectors.toMap(Function.identity(), q -> rows(st, q)));
        }
        List<Connection> pool = new ArrayList<>();
        ExecutorService workers = Executors.newFixedThreadPool(threads);
        AtomicInteger offloaded = new AtomicInteger();
        AtomicInteger round = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try {
            for (int i = 0; i < threads; i++) {
                // force: every query builds what it needs itself (under auto one background thread would).
                pool.add(DriverManager.getConnection(url + "?offload=force&engine=cpu" + settings));
            }
            Statement writer = pool.get(0).createStatement();
            // The last thread to arrive writes, then all start the round's query on the new snapshot together.
            CyclicBarrier start = new CyclicBarrier(threads, () -> {
                try {
                    writer.execute(WRITE);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                round.incrementAndGet();
            });
            List<Future<?>> queries = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Connection c = pool.get(t);
                queries.add(workers.submit(() -> {
                    try (Statement st = c.createStatement()) {
                        for (int r = 0; r < rounds; r++) {
                            // Bounded: where another client failed, the rest give up instead of waiting for it.
                            start.await(bound.toSeconds() / 2, TimeUnit.SECONDS);
                            String q = QUERIES.get(r % QUERIES.size());
                            assertEquals(expected.get(q), rows(st, q), q);
                            if (st.unwrap(RayStatement.class).lastQueryOffloaded()) {
                                offloaded.incrementAndGet();
                            }
                        }
                    } catch (Throwable failed) {
                        failure.compareAndSet(null, failed);
                        throw failed;
                    }
                    return null;
                }));
            }
            assertTimeoutPreemptively(
                    bound,
                    () -> {
                        for (Future<?> f : queries) {
                            try {
                                f.get();
                            } catch (ExecutionException e) {
                                throw new AssertionError("a client failed in round " + round.get(), failure.get());
                            }
                        }
                    },
                    () -> "offloaded queries of round " + round.get() + " still running: a build and a query wait on"
                            + " each other");
            assertTrue(offloaded.get() > 0, "the cpu engine answered none of the queries");
        } finally {
            workers.shutdownNow();
            for (Connection c : pool) {
                c.close();
            }
        }
    }

    private static List<List<Object>> rows(Statement st, String sql) {
        try (ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
