package org.raydb.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.raydb.jdbc.RayStatement;

/**
 * Plain JDBC through {@code jdbc:raydb:}: exactly what an application on DuckDB's driver does, with the URL
 * prefix changed. Creates a small flat sales table, loads it with a batch, runs an aggregation (the kind the
 * offload layer takes over when it is present) and asks the driver, with {@code EXPLAIN OFFLOAD}, what it
 * decided.
 *
 * <p>Usage: {@code QuickStart [database file]} (default: in memory).
 */
public final class QuickStart {

    private QuickStart() {}

    public static void main(String[] args) throws SQLException {
        String url = "jdbc:raydb:" + (args.length > 0 ? args[0] : ":memory:");
        try (Connection connection = DriverManager.getConnection(url)) {
            System.out.println("Connected to " + connection.getMetaData().getDatabaseProductName() + " "
                    + connection.getMetaData().getDatabaseProductVersion() + " through "
                    + connection.getMetaData().getDriverName() + " "
                    + connection.getMetaData().getDriverVersion());
            createSales(connection);
            String query = "SELECT region, count(*) AS orders, sum(amount) AS revenue FROM sales"
                    + " WHERE quantity BETWEEN ? AND ? GROUP BY region ORDER BY region";
            try (PreparedStatement ps = connection.prepareStatement(query)) {
                ps.setInt(1, 5);
                ps.setInt(2, 20);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        System.out.printf(
                                "%-12s %6d orders %14s revenue%n",
                                rs.getString("region"), rs.getLong("orders"), rs.getBigDecimal("revenue"));
                    }
                }
                System.out.println("offloaded: " + ps.unwrap(RayStatement.class).lastQueryOffloaded());
            }
            try (Statement statement = connection.createStatement();
                    ResultSet plan = statement.executeQuery(
                            "EXPLAIN OFFLOAD SELECT sum(amount) FROM sales" + " WHERE quantity < 10")) {
                while (plan.next()) {
                    System.out.println("EXPLAIN OFFLOAD  " + plan.getString("item") + " = " + plan.getString("value"));
                }
            }
        }
    }

    /** A flat table of 1,000 sales, inserted as one batch. */
    private static void createSales(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE OR REPLACE TABLE sales(id INTEGER, region VARCHAR, quantity INTEGER,"
                    + " amount DECIMAL(12,2))");
        }
        String[] regions = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"};
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO sales VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < 1_000; i++) {
                insert.setInt(1, i);
                insert.setString(2, regions[i % regions.length]);
                insert.setInt(3, 1 + (i * 7) % 50);
                insert.setBigDecimal(4, java.math.BigDecimal.valueOf(100 + (i * 37L) % 90_000, 2));
                insert.addBatch();
            }
            insert.executeBatch();
            connection.commit();
        } finally {
            connection.setAutoCommit(true);
        }
    }
}
