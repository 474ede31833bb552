package org.raydb.offload.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayStatement;
import org.raydb.offload.ResultComparator;

/**
 * Cancelling an offloaded query (cold, so it loads and builds) stops it with DuckDB's interrupt error, and the
 * connection then answers exactly: nothing half-built was kept.
 */
class CancelOffloadTest {

    private static final String QUERY =
            "SELECT b, sum(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";

    @TempDir
    static Path dir;

    private static String url;

    @BeforeAll
    static void table() throws SQLException {
        url = "jdbc:raydb:" + dir.resolve("cancel.db");
        try (Connection c = DriverManager.getConnection(url + "?offload=off");
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT (i % 97)::INTEGER AS c, 'v' || (i % 13) AS b, i % 1000 AS m,"
                    + " (i % 7919)::INTEGER AS d FROM range(6000000) r(i)");
        }
    }

    private static List<List<Object>> expected(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url + "?offload=off");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        }
    }

    @Test
    void cancelStopsAColdOffloadedQuery() throws Exception {
        try (Connection ray = DriverManager.getConnection(url + "?offload=force&engine=cpu");
                Statement st = ray.createStatement()) {
            // A cancel that arrives before the statement runs cancels nothing: cancel until the query ends, from a
            // thread of its own (on the common pool the canceller waited behind the load's parallel work, and a
            // cold query of 0.33 s on a fast machine ended before the first cancel).
            AtomicBoolean ended = new AtomicBoolean();
            Thread canceller = Thread.ofPlatform().daemon().start(() -> {
                sleep(50);
                while (!ended.get()) {
                    cancel(st);
                    sleep(20);
                }
            });
            SQLException e;
            try {
                e = assertTimeoutPreemptively(
                        Duration.ofSeconds(60), () -> assertThrows(SQLException.class, () -> st.executeQuery(QUERY)));
            } finally {
                ended.set(true);
                canceller.join();
            }
            assertInterrupted(e);
            assertAnswersExactly(st);
        }
    }

    private static void assertInterrupted(SQLException e) {
        assertEquals("57014", e.getSQLState(), e::toString);
        assertTrue(e.getMessage().startsWith("INTERRUPT Error: Interrupted!"), e::toString);
    }

    private static void assertAnswersExactly(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery(QUERY)) {
            assertEquals(expected(QUERY), ResultComparator.rows(rs));
        }
        assertTrue(st.unwrap(RayStatement.class).lastQueryOffloaded());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void cancel(Statement st) {
        try {
            st.cancel();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
