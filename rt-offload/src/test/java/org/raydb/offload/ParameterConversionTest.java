package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Prepared parameters through {@code jdbc:raydb:} (offload forced, cpu) against DuckDB's own JDBC driver given
 * the same statements: each parameter gives DuckDB's rows with DuckDB's types, or DuckDB's error (its message,
 * with the SQLState the driver gives it with the offload off) from the same call; with the offload forced, a
 * statement it does not run is instead its own error.
 */
class ParameterConversionTest {

    private static final String TABLE = "CREATE TABLE t AS SELECT (i % 3)::INTEGER AS g, i::INTEGER AS v,"
            + " (i / 10)::DECIMAL(9,2) AS d, (i * 1000)::BIGINT AS b FROM range(100) r(i)";

    private static final List<String> QUERIES = List.of(
            "SELECT g, sum(v), count(*) FROM t WHERE v > ? GROUP BY g ORDER BY g",
            "SELECT g, sum(v) FROM t WHERE d > ? GROUP BY g ORDER BY g",
            "SELECT g, count(*) FROM t WHERE b >= ? GROUP BY g ORDER BY g",
            "SELECT g, max(v) + ? AS m FROM t GROUP BY g ORDER BY g");

    private static final List<Object> VALUES = List.of(
            new BigDecimal("1e30"),
            new BigDecimal("1E+2"),
            new BigDecimal("1E-39"),
            new BigDecimal("2.5"),
            new BigDecimal("0.05"),
            new BigDecimal("100"),
            new BigDecimal("12345678901234567890.5"),
            new BigDecimal("-1234567890123456789012345678901234567890.5"),
            new BigDecimal("3.14159265358979323846264338327950288419716939937510"),
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            -0.0d,
            2.7d,
            Float.NaN,
            2.5f,
            5L,
            4_000_000_000L,
            Integer.MIN_VALUE,
            (short) 7,
            (byte) -3,
            BigInteger.valueOf(5),
            "12",
            'x');

    @Test
    void parametersBindAsDuckDbBindsThem() throws SQLException {
        List<String> failures = new ArrayList<>();
        int answered = 0;
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Connection off = DriverManager.getConnection("jdbc:raydb::memory:?offload=off");
                Connection auto = DriverManager.getConnection("jdbc:raydb::memory:?offload=auto&engine=cpu");
                Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=force&engine=cpu")) {
            for (Connection c : List.of(duck, off, auto, ray)) {
                try (Statement st = c.createStatement()) {
                    st.execute(TABLE);
                }
            }
            for (String q : QUERIES) {
                for (Object value : VALUES) {
                    String expected = outcome(duck, q, value);
                    String reference = outcome(off, q, value);
                    String wanted = expected.contains("error") ? reference : expected;
                    String fallingBack = outcome(auto, q, value);
                    if (!wanted.equals(fallingBack)) {
                        failures.add("auto: " + q + " with " + describe(value) + ": " + fallingBack + " instead of "
                                + wanted);
                    }
                    String forced = outcome(ray, q, value);
                    if (forced.startsWith("execute: error") && forced.contains(" offload: ")) {
                        continue; // forcing a statement the offload does not run is its own error
                    }
                    answered++;
                    if (!wanted.equals(forced)) {
                        failures.add(
                                "force: " + q + " with " + describe(value) + ": " + forced + " instead of " + wanted);
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(answered > 40, "only " + answered + " statements run with the offload forced");
    }

    @Test
    void negativeScaleRaisesDuckDbsErrorWhenExecuted() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=force&engine=cpu")) {
            try (Statement st = ray.createStatement()) {
                st.execute(TABLE);
            }
            String outcome = outcome(ray, QUERIES.get(0), new BigDecimal("1e30"));
            assertTrue(
                    outcome.startsWith("execute: error ")
                            && outcome.endsWith(
                                    "Invalid Input Error: Converting from a BigDecimal with negative scale is not supported"),
                    outcome);
        }
    }

    private static String describe(Object value) {
        return value.getClass().getSimpleName() + " " + value;
    }

    /** What binding {@code value} and executing {@code sql} gives: the call that failed and how, or the rows. */
    private static String outcome(Connection c, String sql, Object value) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            try {
                ps.setObject(1, value);
            } catch (SQLException e) {
                return "set: error " + e.getSQLState() + " " + e.getMessage();
            }
            try (ResultSet rs = ps.executeQuery()) {
                return "rows " + ResultComparator.types(rs) + " " + ResultComparator.rows(rs);
            } catch (SQLException e) {
                return "execute: error " + e.getSQLState() + " " + e.getMessage();
            }
        }
    }
}
