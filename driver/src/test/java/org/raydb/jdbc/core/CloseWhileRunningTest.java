package org.raydb.jdbc.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Closing or cancelling from another thread interrupts a running query at once, as DuckDB's driver does. */
class CloseWhileRunningTest {

    /** Runs for minutes unless interrupted. */
    private static final String LONG_QUERY = "SELECT sum(hash(i)) FROM range(100000000000) r(i)";

    @Test
    void closeInterruptsTheRunningQuery() throws Exception {
        Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=off");
        Statement st = ray.createStatement();
        CompletableFuture<SQLException> running = runInBackground(st);
        assertTimeoutPreemptively(Duration.ofSeconds(20), ray::close);
        SQLException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> running.join());
        assertEquals("57014", e.getSQLState(), e::toString);
    }

    @Test
    void cancelRaisesDuckDbsInterruptError() throws Exception {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=off");
                Statement st = ray.createStatement()) {
            CompletableFuture<SQLException> running = runInBackground(st);
            st.cancel();
            SQLException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> running.join());
            assertEquals("57014", e.getSQLState(), e::toString);
            assertEquals(
                    "INTERRUPT Error: Interrupted!",
                    e.getMessage().lines().findFirst().orElseThrow());
        }
    }

    /** Starts {@link #LONG_QUERY} on another thread and returns once DuckDB is running it. */
    private static CompletableFuture<SQLException> runInBackground(Statement st) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<SQLException> failure = CompletableFuture.supplyAsync(
                () -> {
                    started.countDown();
                    return assertThrows(SQLException.class, () -> st.executeQuery(LONG_QUERY));
                },
                runnable -> new Thread(runnable).start());
        started.await();
        Thread.sleep(500); // the execution is under way inside DuckDB
        return failure;
    }
}
