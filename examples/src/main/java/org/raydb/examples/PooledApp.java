package org.raydb.examples;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A HikariCP 7 pool over {@code org.raydb.jdbc.RayDataSource}: worker threads share one database file, each
 * borrowing a connection per request, as a web application would.
 *
 * <p>Usage: {@code PooledApp [database file] [threads] [requests per thread]}
 * (defaults: a fresh file in the temp directory, 8, 100).
 */
public final class PooledApp {

    private PooledApp() {}

    public static void main(String[] args) throws Exception {
        Path file = args.length > 0
                ? Path.of(args[0])
                : Files.createTempDirectory("raydb-pool").resolve("app.duckdb");
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int requests = args.length > 2 ? Integer.parseInt(args[2]) : 100;

        HikariConfig config = new HikariConfig();
        config.setPoolName("raydb-example");
        config.setDataSourceClassName("org.raydb.jdbc.RayDataSource");
        config.addDataSourceProperty("url", "jdbc:raydb:" + file);
        config.addDataSourceProperty("offload", "auto");
        config.setMaximumPoolSize(Math.max(2, threads / 2));
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS visits(worker INTEGER, page VARCHAR, millis INTEGER)");
            }
            ExecutorService workers = Executors.newFixedThreadPool(threads);
            try {
                List<Future<Long>> done = new ArrayList<>();
                for (int w = 0; w < threads; w++) {
                    int worker = w;
                    done.add(workers.submit(() -> serve(pool, worker, requests)));
                }
                long total = 0;
                for (Future<Long> f : done) {
                    total += f.get();
                }
                System.out.println(threads + " workers served " + total + " requests through a pool of "
                        + config.getMaximumPoolSize() + " connections");
            } finally {
                workers.shutdown();
            }
            try (Connection c = pool.getConnection();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT page, count(*), avg(millis) FROM visits GROUP BY page" + " ORDER BY page")) {
                while (rs.next()) {
                    System.out.printf(
                            "%-10s %6d visits, %6.1f ms on average%n", rs.getString(1), rs.getLong(2), rs.getDouble(3));
                }
            }
        }
    }

    /** One worker: each request records a visit, then reads the worker's running count. */
    private static long serve(HikariDataSource pool, int worker, int requests) throws SQLException {
        String[] pages = {"/", "/cart", "/search", "/checkout"};
        long served = 0;
        for (int i = 0; i < requests; i++) {
            try (Connection c = pool.getConnection();
                    PreparedStatement insert = c.prepareStatement("INSERT INTO visits VALUES (?, ?, ?)");
                    PreparedStatement count = c.prepareStatement("SELECT count(*) FROM visits WHERE worker = ?")) {
                insert.setInt(1, worker);
                insert.setString(2, pages[(worker + i) % pages.length]);
                insert.setInt(3, 5 + (worker * 31 + i * 17) % 200);
                insert.executeUpdate();
                count.setInt(1, worker);
                try (ResultSet rs = count.executeQuery()) {
                    rs.next();
                    served = rs.getLong(1);
                }
            }
        }
        return served;
    }
}
