package org.raydb.offload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.raydb.offload.faults.FaultFixture.QUERY;
import static org.raydb.offload.faults.FaultFixture.answer;
import static org.raydb.offload.faults.FaultFixture.assertInterrupted;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.SQLExceptionOverride;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.raydb.jdbc.RayConnection;
import org.raydb.offload.faults.FaultFixture.Answer;
import org.raydb.offload.faults.FaultyEngine.Step;

/**
 * {@link FaultInjectionTest}'s failures through a HikariCP pool, as applications use the driver: a query that
 * fails in the engine gives DuckDB's answer under {@code offload=auto} and a refusal (0A000) under {@code force},
 * a cancel or the query timeout the interrupt error (57014); the connection goes back to the pool, and then
 * every connection of the pool, borrowed at once from as many threads, is valid, offloads again and answers
 * exactly. No connection is evicted or replaced on the way, and once the pools close no Arrow memory is held.
 *
 * <p>Hikari counts SQLState 0A000 ("feature not supported") as a broken connection: without an
 * {@link SQLExceptionOverride} it evicts the connection on every refusal under {@code force}. The force pools
 * here keep their connections through {@link #KEEP_ON_REFUSAL}, as an application using {@code force} under
 * Hikari has to; {@link #forceRefusalEvictsTheConnectionUnderHikarisDefaults()} shows the default.
 */
class PooledFaultsTest {

    static final int POOL_SIZE = 4;

    /** Keeps the connection on the offload layer's refusal, which Hikari would count as a broken connection. */
    static final SQLExceptionOverride KEEP_ON_REFUSAL = new SQLExceptionOverride() {
        @java.lang.Override
        public SQLExceptionOverride.Override adjudicate(SQLException e) {
            return "0A000".equals(e.getSQLState())
                            && e.getMessage() != null
                            && e.getMessage().startsWith("offload: ")
                    ? SQLExceptionOverride.Override.DO_NOT_EVICT
                    : SQLExceptionOverride.Override.CONTINUE_EVICT;
        }
    };

    @TempDir
    static Path dir;

    static FaultFixture fixture;
    static FaultyEngine engine;
    static final ExecutorService threads = Executors.newCachedThreadPool();
    static final Map<String, Pool> pools = new LinkedHashMap<>();

    /**
     * A pool, the allocator its connections' offloaders allocate from, and the driver connections it holds
     * (fixed when it opens: any other one is a replacement).
     */
    record Pool(HikariDataSource hikari, BufferAllocator allocator, Set<Connection> connections) {

        Connection borrow() throws SQLException {
            return hikari.getConnection();
        }
    }

    @BeforeAll
    static void table() throws SQLException {
        fixture = new FaultFixture(dir);
        engine = fixture.engine;
    }

    @AfterEach
    void disarm() {
        engine.disarm();
    }

    @AfterAll
    static void close() {
        threads.shutdownNow();
        try {
            pools.values().forEach(pool -> pool.hikari().close());
            fixture.awaitBuilds();
            assertEquals(0, fixture.rig.allocator().getAllocatedMemory(), "Arrow memory held after the pools closed");
            pools.values().forEach(pool -> pool.allocator().close());
        } finally {
            fixture.close();
        }
    }

    @ParameterizedTest(name = "{0}: {1} at {2}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#faults")
    void engineFailureLeavesThePoolWhole(String mode, String fault, Step step, Supplier<Throwable> failure)
            throws Exception {
        Pool pool = pool(mode);
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            fixture.assertFailureContained(mode, st, step, failure);
        }
        assertWhole(pool);
    }

    /** The handoff's Arrow memory cannot be allocated, on any connection of the pool. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#modes")
    void handoffFailureLeavesThePoolWhole(String mode) throws Exception {
        Pool pool = pool(mode + ", finish=duckdb", fixture.url(mode) + "&finish=duckdb", config -> {});
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            pool.allocator().setLimit(0);
            try {
                fixture.assertFailureHandled(mode, st);
            } finally {
                pool.allocator().setLimit(Long.MAX_VALUE);
            }
            fixture.assertOffloadedExactly(st);
        }
        assertWhole(pool);
    }

    static Stream<Arguments> cancels() {
        return FaultFixture.modes().flatMap(mode -> Stream.of(Step.values()).map(step -> Arguments.of(mode, step)));
    }

    /** A cancel through the pool's statement, at each step; the connection goes back and is reused. */
    @ParameterizedTest(name = "{0}, at {1}")
    @MethodSource("cancels")
    void cancelLeavesThePoolWhole(String mode, Step step) throws Exception {
        Pool pool = pool(mode);
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            engine.blockAt(step);
            Future<Answer> running = threads.submit(() -> answer(st));
            engine.awaitBlocked();
            st.cancel();
            engine.release();
            assertInterrupted(running);
            fixture.assertOffloadedExactly(st);
        }
        assertWhole(pool);
    }

    /** The query timeout cancels a query blocked in the engine; the connection goes back and is reused. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#modes")
    void queryTimeoutLeavesThePoolWhole(String mode) throws Exception {
        Pool pool = pool(mode);
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            st.setQueryTimeout(1);
            engine.blockAt(Step.LAUNCH);
            long start = System.nanoTime();
            Future<Answer> running = threads.submit(() -> answer(st));
            engine.awaitBlocked();
            // Held well past the timeout: an engine is not interruptible, the cancel takes effect once it returns.
            Thread.sleep(Math.max(0, 2500 - (System.nanoTime() - start) / 1_000_000));
            engine.release();
            assertInterrupted(running);
        }
        assertWhole(pool);
    }

    /**
     * Returning a connection whose query is blocked inside the engine (Hikari closes the statements the borrower
     * left open) does not wait for the engine: the query is cancelled and, once the engine returns, ends with
     * the interrupt error; the connection is reused.
     */
    @ParameterizedTest(name = "{0}, at {1}")
    @MethodSource("cancels")
    void returnDoesNotWaitForAQueryBlockedInTheEngine(String mode, Step step) throws Exception {
        Pool pool = pool(mode);
        fixture.closeWhileBlocked(pool.borrow(), step, threads);
        assertWhole(pool);
    }

    /**
     * Hikari's resets when a connection comes back: it rolls back what the borrower left uncommitted, then
     * restores auto-commit and the read-only flag. Here the borrower deleted rows in a transaction (inside
     * which DuckDB answers the query, or the offload refuses it) and made the connection read-only; the
     * offload hears of the rollback, and every connection then answers the table as it was, offloaded.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#modes")
    void resetsOnReturnLeaveTheOffloadWhole(String mode) throws Exception {
        Pool pool = pool(mode);
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            c.setAutoCommit(false);
            assertTrue(st.executeUpdate("DELETE FROM t WHERE c BETWEEN 10 AND 29") > 0);
            if (mode.equals("auto")) {
                assertNotEquals(fixture.expected, answer(st), "the transaction sees its delete");
                assertFalse(FaultFixture.offloaded(st), "DuckDB answered inside the transaction");
            } else {
                FaultFixture.assertRefusal(assertThrows(SQLException.class, () -> st.executeQuery(QUERY)));
            }
            c.setReadOnly(true);
            assertThrows(SQLException.class, () -> st.executeUpdate("DELETE FROM t WHERE c = 5"));
        }
        assertWhole(pool);
    }

    /**
     * A pool of manual-commit connections (HikariConfig autoCommit=false): every query is inside a
     * transaction, so DuckDB answers it under auto and the offload refuses it under force; the pool keeps its
     * connections.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#modes")
    void manualCommitPoolLeavesQueriesToDuckDb(String mode) throws Exception {
        Pool pool = pool(mode + ", manual commit", fixture.url(mode), config -> config.setAutoCommit(false));
        int runs = engine.runs();
        borrowAll(pool, (c, st) -> {
            assertFalse(c.getAutoCommit());
            fixture.assertFailureHandled(mode, st);
        });
        assertEquals(runs, engine.runs(), "nothing reached the engine");
        assertEquals(pool.connections(), borrowAll(pool, (c, st) -> {}));
    }

    /**
     * Without an override Hikari takes the refusal's 0A000 for a broken connection: it closes the borrowed
     * connection at once and opens a replacement, which offloads exactly.
     */
    @Test
    void forceRefusalEvictsTheConnectionUnderHikarisDefaults() throws Exception {
        Pool pool = pool("force, Hikari's defaults", fixture.url("force"), config -> config.setExceptionOverride(null));
        Connection evicted;
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            evicted = c.unwrap(RayConnection.class);
            fixture.assertOffloadedExactly(st);
            engine.failAt(Step.LAUNCH, () -> new IllegalStateException("launch failed"));
            fixture.assertFailureHandled("force", st);
            engine.disarm();
            assertTrue(c.isClosed(), "Hikari closed the connection as broken");
        }
        awaitTotal(pool);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!evicted.isClosed() && System.nanoTime() < deadline) {
            Thread.sleep(10); // Hikari closes an evicted connection in the background
        }
        assertTrue(evicted.isClosed(), "the evicted connection is closed");
        assertFalse(
                borrowAll(pool, (c, st) -> fixture.assertOffloadedAnswer(st)).contains(evicted),
                "a replacement took its place");
    }

    /**
     * Every connection of the pool, borrowed at once from as many threads, is valid and offloads exactly; they
     * are the ones the pool opened with, and the pool is full and idle again.
     */
    static void assertWhole(Pool pool) throws Exception {
        // A write (or a failure) before this dropped what the shape had built: one query rebuilds it first.
        try (Connection c = pool.borrow();
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
        }
        int runs = engine.runs();
        Set<Connection> borrowed = borrowAll(pool, (c, st) -> {
            assertTrue(c.isValid(5), "valid");
            assertTrue(c.getAutoCommit(), "auto-commit, as the pool's connections are");
            assertFalse(c.isReadOnly(), "not read-only, as the pool's connections are");
            fixture.assertOffloadedAnswer(st);
        });
        assertEquals(runs + POOL_SIZE, engine.runs(), "each connection offloaded to the engine");
        assertEquals(pool.connections(), borrowed, "the pool's connections are the ones it opened with");
        HikariPoolMXBean stats = pool.hikari().getHikariPoolMXBean();
        assertEquals(POOL_SIZE, stats.getTotalConnections());
        assertEquals(POOL_SIZE, stats.getIdleConnections());
        assertEquals(0, stats.getActiveConnections());
    }

    /** A check of one borrowed connection. */
    interface Check {
        void accept(Connection c, Statement st) throws Exception;
    }

    /**
     * Borrows all of the pool's connections at once, from as many threads, and checks each while all are out.
     * Returns the driver connections under them.
     */
    static Set<Connection> borrowAll(Pool pool, Check check) throws Exception {
        CyclicBarrier together = new CyclicBarrier(POOL_SIZE);
        List<Future<Connection>> borrowers = new ArrayList<>();
        for (int i = 0; i < POOL_SIZE; i++) {
            borrowers.add(threads.submit(() -> {
                try (Connection c = pool.borrow();
                        Statement st = c.createStatement()) {
                    together.await(30, TimeUnit.SECONDS);
                    check.accept(c, st);
                    return c.unwrap(RayConnection.class);
                }
            }));
        }
        Set<Connection> connections = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Future<Connection> b : borrowers) {
            connections.add(b.get(60, TimeUnit.SECONDS));
        }
        return connections;
    }

    /** The pool under {@code mode}, keeping its connections on refusals. */
    static Pool pool(String mode) throws Exception {
        return pool(mode, fixture.url(mode), config -> {});
    }

    /**
     * The pool named {@code name} over {@code url}, opened on first use: {@value #POOL_SIZE} connections, kept
     * on the offload's refusals unless {@code configure} says otherwise.
     */
    static Pool pool(String name, String url, Consumer<HikariConfig> configure) throws Exception {
        Pool pool = pools.get(name);
        if (pool == null) {
            BufferAllocator allocator = fixture.rig.allocator().newChildAllocator(name, 0, Long.MAX_VALUE);
            HikariConfig config = new HikariConfig();
            config.setPoolName("faults " + name);
            config.setDataSource(fixture.rig.dataSource(url, allocator));
            config.setMaximumPoolSize(POOL_SIZE);
            config.setMinimumIdle(POOL_SIZE);
            config.setExceptionOverride(KEEP_ON_REFUSAL);
            configure.accept(config);
            HikariDataSource hikari = new HikariDataSource(config);
            Set<Connection> connections = Collections.newSetFromMap(new IdentityHashMap<>());
            pool = new Pool(hikari, allocator, connections);
            pools.put(name, pool);
            connections.addAll(borrowAll(pool, (c, st) -> assertTrue(c.isValid(5))));
            assertEquals(POOL_SIZE, connections.size());
            awaitTotal(pool);
        }
        return pool;
    }

    /** Waits until the pool holds its {@value #POOL_SIZE} connections. */
    static void awaitTotal(Pool pool) throws InterruptedException {
        HikariPoolMXBean stats = pool.hikari().getHikariPoolMXBean();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (stats.getTotalConnections() < POOL_SIZE && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(POOL_SIZE, stats.getTotalConnections());
    }
}
