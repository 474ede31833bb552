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
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.raydb.jdbc.RayStatement;
import org.raydb.offload.EngineRig;
import org.raydb.offload.ResultComparator;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.faults.FaultyEngine.Step;
import org.raydb.offload.gpu.CudaException;
import org.raydb.offload.gpu.GpuOutOfMemoryException;

/**
 * What the fault suites share: a database file with one table and DuckDB's answer to {@link #QUERY} on it, the
 * faulty engine with a rig around it, the failures to inject, and the checks of an offloaded answer, of a failure
 * handled (DuckDB's answer under {@code auto}, a refusal under {@code force}) and of an interrupted query.
 */
final class FaultFixture implements AutoCloseable {

    static final String QUERY =
            "SELECT b, sum(m), min(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";

    /** Column types and rows of one execution. */
    record Answer(List<String> types, List<List<Object>> rows) {}

    /** {@code jdbc:raydb:} and the database file. */
    final String url;

    final Answer expected;
    final FaultyEngine engine = new FaultyEngine();
    final EngineRig rig = new EngineRig(engine);

    /** Creates the table in {@code dir}'s {@code faults.db} and takes DuckDB's answer. */
    FaultFixture(Path dir) throws SQLException {
        url = "jdbc:raydb:" + dir.resolve("faults.db");
        try (Connection c = DriverManager.getConnection(url + "?offload=off");
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT (i % 97)::INTEGER AS c, 'v' || (i % 13) AS b,"
                    + " (i % 1000 * 1.25)::DECIMAL(15,2) AS m FROM range(300000) r(i)");
            expected = answer(st);
        }
    }

    /** Each failure under each mode: (mode, the failure's name, the step it is thrown at, the failure). */
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
        return modes().flatMap(
                        mode -> faults.stream().map(f -> Arguments.of(mode, f.get()[0], f.get()[1], f.get()[2])));
    }

    static Stream<String> modes() {
        return Stream.of("auto", "force");
    }

    /** The database's URL under {@code offload=<mode>}, with the faulty engine pinned. */
    String url(String mode) {
        return url + "?offload=" + mode + "&engine=cuda";
    }

    /** The query fails in the engine: under auto DuckDB answers it, under force it is refused. */
    void assertFailureHandled(String mode, Statement st) {
        if (mode.equals("auto")) {
            assertEquals(expected, answer(st));
            assertFalse(offloaded(st), "DuckDB answered");
        } else {
            SQLException e = assertThrows(
                    SQLException.class, () -> st.executeQuery(QUERY).close());
            assertRefusal(e);
        }
    }

    /** The offload layer's refusal under {@code offload=force}. */
    static void assertRefusal(SQLException e) {
        assertEquals("0A000", e.getSQLState(), e::toString);
        assertTrue(e.getMessage().contains("offload"), e::toString);
    }

    /** The query ended with DuckDB's interrupt error (57014). */
    static void assertInterrupted(Future<?> running) throws InterruptedException, TimeoutException {
        ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(60, TimeUnit.SECONDS));
        SQLException cause = assertInstanceOf(SQLException.class, e.getCause().getCause(), e::toString);
        assertEquals("57014", cause.getSQLState(), cause::toString);
    }

    /**
     * The query offloaded exactly, then failing at {@code step} (DuckDB's answer or a refusal, as {@code mode}
     * has it), then offloaded exactly again on the same statement.
     */
    void assertFailureContained(String mode, Statement st, Step step, Supplier<Throwable> failure) {
        assertOffloadedExactly(st);
        engine.failAt(step, failure);
        assertFailureHandled(mode, st);
        engine.disarm();
        assertOffloadedExactly(st);
    }

    /**
     * Closes {@code c} (for a pool's connection: returns it) from another thread while its offloaded query is
     * blocked in the engine at {@code step}: the close may not wait for the engine, and the query ends with
     * DuckDB's interrupt error once the engine returns.
     */
    void closeWhileBlocked(Connection c, Step step, ExecutorService threads) throws Exception {
        Statement st = c.createStatement();
        assertOffloadedExactly(st);
        engine.blockAt(step);
        Future<Answer> running = threads.submit(() -> answer(st));
        engine.awaitBlocked();
        Future<?> closed = threads.submit(() -> {
            c.close();
            return null;
        });
        try {
            closed.get(20, TimeUnit.SECONDS);
        } finally {
            engine.release();
        }
        assertInterrupted(running);
    }

    /** The query is offloaded, to the engine (no other query may run meanwhile), and exact. */
    void assertOffloadedExactly(Statement st) {
        awaitRebuild(st);
        int runs = engine.runs();
        assertOffloadedAnswer(st);
        assertEquals(runs + 1, engine.runs(), "offloaded to the engine");
    }

    /** The query is offloaded and exact: at once, or once the rebuild its DuckDB answer started is done. */
    void assertOffloadedAnswer(Statement st) {
        assertEquals(expected, answer(st));
        if (!offloaded(st)) {
            awaitBuilds();
            assertEquals(expected, answer(st));
        }
        assertTrue(offloaded(st), "offloaded");
    }

    /**
     * Runs the query once, exact, and waits for the background builds: where a failure dropped what its shape
     * had built, DuckDB answered it while the shape builds again (a build's own engine run must not count as
     * the query's).
     */
    private void awaitRebuild(Statement st) {
        assertEquals(expected, answer(st));
        awaitBuilds();
    }

    /** Waits for the background builds of the rig's connections. */
    void awaitBuilds() {
        try {
            rig.awaitBuilds();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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

    @Override
    public void close() {
        engine.disarm();
        rig.close();
    }
}
