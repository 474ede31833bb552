package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 16 threads × 200 statements through a HikariCP pool on one database file: every one succeeds. */
class PooledConcurrencyTest {

    private static final int THREADS = 16;
    private static final int STATEMENTS = 200;

    @TempDir
    Path dir;

    @Test
    void sixteenThreadsThroughAPool() throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:raydb:" + dir.resolve("pool.duckdb") + "?threads=2");
        config.setMaximumPoolSize(8);
        config.setPoolName("raydb-test");
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE events(thread INTEGER, n INTEGER, payload VARCHAR)");
            }
            ExecutorService executor = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<Long>> results = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    results.add(executor.submit(() -> work(pool, thread)));
                }
                for (int t = 0; t < THREADS; t++) {
                    // each thread's last read sees all of its own inserts: 0 + 1 + ... + 99
                    assertEquals(4950L, results.get(t).get());
                }
            } finally {
                executor.shutdownNow();
            }
            try (Connection c = pool.getConnection();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT thread) FROM events")) {
                rs.next();
                assertEquals(THREADS * STATEMENTS / 2, rs.getInt(1));
                assertEquals(THREADS, rs.getInt(2));
            }
        }
    }

    /** Alternates an insert and a read; returns the last read's sum of this thread's n. */
    private static long work(HikariDataSource pool, int thread) throws Exception {
        long sum = -1;
        for (int i = 0; i < STATEMENTS; i++) {
            try (Connection c = pool.getConnection()) {
                if (i % 2 == 0) {
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO events VALUES (?, ?, ?)")) {
                        ps.setInt(1, thread);
                        ps.setInt(2, i / 2);
                        ps.setString(3, "thread " + thread + " event " + i);
                        assertEquals(1, ps.executeUpdate());
                    }
                } else {
                    try (PreparedStatement ps = c.prepareStatement("SELECT sum(n) FROM events WHERE thread = ?")) {
                        ps.setInt(1, thread);
                        try (ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            sum = rs.getLong(1);
                        }
                    }
                }
            }
        }
        return sum;
    }
}
