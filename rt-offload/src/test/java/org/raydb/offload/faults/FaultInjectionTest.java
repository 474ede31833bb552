package org.raydb.offload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.raydb.offload.faults.FaultFixture.QUERY;
import static org.raydb.offload.faults.FaultFixture.answer;
import static org.raydb.offload.faults.FaultFixture.assertInterrupted;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.EngineRig;
import org.raydb.offload.faults.FaultFixture.Answer;
import org.raydb.offload.faults.FaultyEngine.Step;

/**
 * Failures injected at each step of an offloaded query, on a real DuckDB: under {@code offload=auto} the
 * answer is DuckDB's, under {@code offload=force} a refusal (0A000); a cancel at any step ends the query with
 * DuckDB's interrupt error (57014), as do closing the connection and the query timeout. Afterwards the connection, another one and the shared resident tables are
 * whole: the next query is offloaded again and exact, and no Arrow memory is left held.
 */
class FaultInjectionTest {

    @TempDir
    static Path dir;

    static FaultFixture fixture;
    static FaultyEngine engine;
    static EngineRig rig;
    static final ExecutorService queries = Executors.newCachedThreadPool();

    @BeforeAll
    static void table() throws SQLException {
        fixture = new FaultFixture(dir);
        engine = fixture.engine;
        rig = fixture.rig;
    }

    @AfterEach
    void disarm() {
        engine.disarm();
        fixture.awaitBuilds();
        assertEquals(0, rig.allocator().getAllocatedMemory(), "Arrow memory held after the connections closed");
    }

    @AfterAll
    static void close() {
        queries.shutdownNow();
        fixture.close();
    }

    @ParameterizedTest(name = "{0}: {1} at {2}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#faults")
    void engineFailureEndsInDuckDbsAnswerOrARefusal(String mode, String fault, Step step, Supplier<Throwable> failure)
            throws Exception {
        try (Connection c = rig.connect(fixture.url(mode));
                Statement st = c.createStatement()) {
            fixture.assertFailureContained(mode, st, step, failure);
            assertOtherConnectionOffloadsExactly(mode);
        }
    }

    /** The handoff's Arrow memory cannot be allocated (the table is resident, so nothing else allocates). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.raydb.offload.faults.FaultFixture#modes")
    void handoffFailureEndsInDuckDbsAnswerOrARefusal(String mode) throws Exception {
        BufferAllocator allocator = rig.allocator().newChildAllocator("connection", 0, Long.MAX_VALUE);
        try (Connection c = rig.connect(fixture.url(mode) + "&finish=duckdb", allocator);
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            allocator.setLimit(0);
            fixture.assertFailureHandled(mode, st);
            allocator.setLimit(Long.MAX_VALUE);
            fixture.assertOffloadedExactly(st);
            assertOtherConnectionOffloadsExactly(mode);
        }
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
        try (Connection c = rig.connect(fixture.url(mode));
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            engine.blockAt(step);
            Future<Answer> running = queries.submit(() -> answer(st));
            engine.awaitBlocked();
            st.cancel();
            engine.release();
            assertInterrupted(running);
            fixture.assertOffloadedExactly(st);
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
        fixture.closeWhileBlocked(rig.connect(fixture.url("auto")), step, queries);
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
        try (Connection c = rig.connect(fixture.url("force"));
                Statement st = c.createStatement()) {
            fixture.assertOffloadedExactly(st);
            st.setQueryTimeout(1);
            engine.blockAt(Step.LAUNCH);
            long start = System.nanoTime();
            Future<Answer> running = queries.submit(() -> answer(st));
            engine.awaitBlocked();
            Thread.sleep(Math.max(0, TimeUnit.SECONDS.toMillis(5) - (System.nanoTime() - start) / 1_000_000));
            engine.release();
            assertInterrupted(running);
            st.setQueryTimeout(0);
            fixture.assertOffloadedExactly(st);
        }
    }

    static void assertOtherConnectionOffloadsExactly(String mode) throws SQLException {
        try (Connection other = rig.connect(fixture.url(mode));
                Statement st = other.createStatement()) {
            fixture.assertOffloadedExactly(st);
        }
    }
}
