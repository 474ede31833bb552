package org.raydb.offload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.RayStatement;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.EngineRig;
import org.raydb.offload.ResultComparator;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.faults.FaultyEngine.Step;
import org.raydb.offload.gpu.CudaException;
import org.raydb.offload.gpu.GpuOutOfMemoryException;

/**
 * Failures injected at each step of an offloaded query, on a real DuckDB: under {@code offload=auto} the
 * answer is DuckDB's, under {@code offload=force} a refusal (0A000); a cancel at any step ends the query with
 * DuckDB's interrupt error (57014), as do closing the connection and the query timeout. Afterwards the connection, another one and the shared resident tables are
 * whole: the next query is offloaded again and exact, and no Arrow memory is left held.
 */
class FaultInjectionTest {

    static final String QUERY =
            "SELECT b, sum(m), min(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";

    @TempDir
    static Path dir;

    static String url;
    static Answer expected;
    static final FaultyEngine engine = new FaultyEngine();
    static EngineRig rig;
    static final ExecutorService queries = Executors.newCachedThreadPool();

    /** Column types and rows of one execution. */
    record Answer(List<String> types, List<List<Object>> rows) {}

    @BeforeAll
    static void table() throws SQLException {
        url = "jdbc:raydb:" + dir.resolve("faults.db");
        try (Connection c = DriverManager.getConnection(url + "?offload=off");
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT (i % 97)::INTEGER AS c, 'v' || (i % 13) AS b,"
                    + " (i % 1000 * 1.25)::DECIMAL(15,2) AS m FROM range(300000) r(i)");
            expected = answer(st);
        }
        rig = new EngineRig(engine);
    }

    @AfterEach
    void disarm() throws InterruptedException {
        engine.disarm();
        rig.awaitBuilds();
        assertEquals(0, rig.allocator().getAllocatedMemory(), "Arrow memory held after the connections closed");
    }

    @AfterAll
    static void close() {
        queries.shutdownNow();
        rig.close();
    }

    static Stream<Arguments> faults() {
        List<Arguments> faults = List.of(
                Arguments.of("unwrapped device out of memory", Step.ALLOCATION, (Supplier<Throwable>)
                        () -> new GpuOutOfMemoryException("cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY")),
                Arguments.of("device out of memory as the cuda engine reports it", Step.UPLOAD, (Supplier<Throwable>)
                        () -> new EngineException(
                                "cuda engine failed: cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY",
                                new GpuOutOfMemoryException("cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY"))),
                Arguments.of("host out of memory", Step.UPLOAD, (Supplier<Throwable>)
                        () -> new OutOfMemoryError("Java heap space")),
                Arguments.of("launch failure", Step.LAUNCH, (Supplier<Throwable>) () -> new EngineException(
                        "cuda engine failed", new CudaException("cuLaunchKernel", 719, "CUDA_ERROR_LAUNCH_FAILED"))),
                Arguments.of("stack overflow", Step.LAUNCH, (Supplier<Throwable>) StackOverflowError::new),
                Arguments.of("kernel error", Step.KERNEL, (Supplier<Throwable>)
                        () -> new IllegalStateException("kernel reported an illegal address")),
                Arguments.of("kernel overflow", Step.KERNEL, (Supplier<Throwable>)
                        () -> new EngineException("cuda engine: a sum leaves 64 bits", null)));
        return Stream.of("auto", "force")
                .flatMap(mode -> faults.stream().map(f -> Arguments.of(mode, f.get()[0], f.get()[1], f.get()[2])));
    }

    @ParameterizedTest(name = "{0}: {1} at {2}")
    @MethodSource("faults")
    void engineFailureEndsInDuckDbsAnswerOrARefusal(String mode, String fault, Step step, Supplier<Throwable> failure)
            throws Exception {
        try (Connection c = rig.connect(url(mode));
                Statement st = c.createStatement()) {
            assertOffloadedExactly(st);
            engine.failAt(step, failure);
            assertFailureHandled(mode, st);
            engine.disarm();
            assertOffloadedExactly(st);
            assertOtherConnectionOffloadsExactly(mode);
        }
    }

    /** The handoff's Arrow memory cannot be allocated (the table is resident, so nothing else allocates). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void handoffFailureEndsInDuckDbsAnswerOrARefusal(String mode) throws Exception {
        BufferAllocator allocator = rig.allocator().newChildAllocator("connection", 0, Long.MAX_VALUE);
        try (Connection c = rig.connect(url(mode) + "&finish=duckdb", allocator);
                Statement st = c.createStatement()) {
            assertOffloadedExactly(st);
            allocator.setLimit(0);
            assertFailureHandled(mode, st);
            allocator.setLimit(Long.MAX_VALUE);
            assertOffloadedExactly(st);
            assertOtherConnectionOffloadsExactly(mode);
        }
    }

    static Stream<String> modes() {
        return Stream.of("auto", "force");
    }

    @ParameterizedTest(name = "auto, at {0}")
    @EnumSource(Step.class)
    void cancelAtEachStepUnderAuto(Step step) throws Exception {
        cancelAt("auto", step);
    }

    @ParameterizedTest(name = "force, at {0}")
    @EnumSource(Step.class)
    void cancelAtEachStepUnderForce(Step step) throws Exception {
        cancelAt("force", step);
    }

    private static void cancelAt(String mode, Step step) throws Exception {
        try (Connection c = rig.connect(url(mode));
                Statement st = c.createStatement()) {
            assertOffloadedExactly(st);
            engine.blockAt(step);
            Future<Answer> running = queries.submit(() -> answer(st));
            engine.awaitBlocked();
            st.cancel();
            engine.release();
            assertInterrupted(running);
            assertOffloadedExactly(st);
            assertOtherConnectionOffloadsExactly(mode);
        }
    }

    /**
     * Closing the connection does not wait for a query blocked inside the engine: it cancels it, and the
     * query, once the engine returns, ends with the interrupt error and frees what the connection held.
     */
    @ParameterizedTest(name = "at {0}")
    @EnumSource(Step.class)
    void closeDoesNotWaitForAQueryBlockedInTheEngine(Step step) throws Exception {
        Connection c = rig.connect(url("auto"));
        Statement st = c.createStatement();
        assertOffloadedExactly(st);
        engine.blockAt(step);
        Future<Answer> running = queries.submit(() -> answer(st));
        engine.awaitBlocked();
        Future<?> closed = queries.submit(() -> {
            c.close();
            return null;
        });
        try {
            closed.get(20, TimeUnit.SECONDS);
        } finally {
            engine.release();
        }
        assertInterrupted(running);
        assertOtherConnectionOffloadsExactly("auto");
    }

    /**
     * A cancel under {@code offload=force} raises DuckDB's interrupt error itself: the refusal path would run
     * the whole query on DuckDB first, to raise DuckDB's own error if it had one.
     */
    @Test
    void cancelUnderForceRaisesTheInterruptWithoutRefusing() throws Exception {
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("faults.db"))) {
            Offloader offloader = rig.attach(
                    duckdb,
                    new OffloadSettings(
                            OffloadSettings.Mode.FORCE,
                            OffloadSettings.Engine.CUDA,
                            false,
                            OffloadSettings.MemoryBudget.ofPercent(80),
                            new int[0]));
            try (Statement st = duckdb.createStatement()) {
                QueryCancel cancel = new QueryCancel();
                engine.blockAt(Step.LAUNCH);
                Future<ResultSet> running = queries.submit(() -> offloader.tryQuery(st, QUERY, List.of(), cancel));
                engine.awaitBlocked();
                cancel.cancel();
                engine.release();
                ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(60, TimeUnit.SECONDS));
                SQLException cause = assertInstanceOf(SQLException.class, e.getCause(), e::toString);
                assertEquals(QueryCancel.interrupted().getMessage(), cause.getMessage(), cause::toString);
            } finally {
                offloader.close();
            }
        }
    }

    /**
     * The query timeout cancels a query blocked inside the engine. The engine is held well past the timeout
     * (engines are not interruptible; the cancel takes effect once it returns).
     */
    @Test
    void queryTimeoutEndsAQueryBlockedInTheEngine() throws Exception {
        try (Connection c = rig.connect(url("force"));
                Statement st = c.createStatement()) {
            assertOffloadedExactly(st);
            st.setQueryTimeout(1);
            engine.blockAt(Step.LAUNCH);
            long start = System.nanoTime();
            Future<Answer> running = queries.submit(() -> answer(st));
            engine.awaitBlocked();
            Thread.sleep(Math.max(0, TimeUnit.SECONDS.toMillis(5) - (System.nanoTime() - start) / 1_000_000));
            engine.release();
            assertInterrupted(running);
            st.setQueryTimeout(0);
            assertOffloadedExactly(st);
        }
    }

    static void assertFailureHandled(String mode, Statement st) {
        if (mode.equals("auto")) {
            assertEquals(expected, answer(st));
            assertFalse(offloaded(st), "DuckDB answered");
        } else {
            SQLException e = assertThrows(
                    SQLException.class, () -> st.executeQuery(QUERY).close());
            assertEquals("0A000", e.getSQLState(), e::toString);
            assertTrue(e.getMessage().contains("offload"), e::toString);
        }
    }

    static void assertInterrupted(Future<?> running)
            throws InterruptedException, java.util.concurrent.TimeoutException {
        ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(60, TimeUnit.SECONDS));
        SQLException cause = assertInstanceOf(SQLException.class, e.getCause().getCause(), e::toString);
        assertEquals("57014", cause.getSQLState(), cause::toString);
    }

    /**
     * The query is answered exactly and offloaded: at once, or, where a failure dropped what the shape had
     * built, once the background build that DuckDB's answer started is done.
     */
    static void assertOffloadedExactly(Statement st) throws SQLException {
        assertEquals(expected, answer(st));
        if (!offloaded(st)) {
            assertTrue(st.getConnection().unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)));
        }
        int runs = engine.runs();
        assertEquals(expected, answer(st));
        assertTrue(offloaded(st) && engine.runs() == runs + 1, "offloaded to the engine");
    }

    static void assertOtherConnectionOffloadsExactly(String mode) throws SQLException {
        try (Connection other = rig.connect(url(mode));
                Statement st = other.createStatement()) {
            assertOffloadedExactly(st);
        }
    }

    static String url(String mode) {
        return url + "?offload=" + mode + "&engine=cuda";
    }

    static boolean offloaded(Statement st) {
        try {
            return st.unwrap(RayStatement.class).lastQueryOffloaded();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The query's answer; a failure is rethrown unchecked with the SQLException as its cause. */
    static Answer answer(Statement st) {
        try (ResultSet rs = st.executeQuery(QUERY)) {
            return new Answer(ResultComparator.types(rs), ResultComparator.rows(rs));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
