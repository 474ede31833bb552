package org.raydb.offload.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.raydb.offload.ResultComparator;

/**
 * One table on plain {@code jdbc:duckdb:} and on {@code jdbc:raydb:} in a given mode, and assertions that the
 * driver's answer (rows, or error message) is DuckDB's.
 */
final class DuckDbAnswers implements AutoCloseable {

    final Connection duck;
    final Connection ray;

    DuckDbAnswers(String rayOptions, String... setup) throws SQLException {
        duck = DriverManager.getConnection("jdbc:duckdb:");
        ray = DriverManager.getConnection("jdbc:raydb::memory:?" + rayOptions);
        for (String sql : setup) {
            try (Statement a = duck.createStatement();
                    Statement b = ray.createStatement()) {
                a.execute(sql);
                b.execute(sql);
            }
        }
    }

    /** The rows DuckDB answers, which the driver must answer too. */
    List<List<Object>> sameRows(String sql) throws SQLException {
        List<List<Object>> expected;
        try (Statement st = duck.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            expected = ResultComparator.rows(rs);
        }
        try (Statement st = ray.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            assertEquals(expected, ResultComparator.rows(rs), sql);
        }
        return expected;
    }

    /** The same, for a one-parameter prepared statement. */
    void sameRows(String sql, Object parameter) throws SQLException {
        List<List<Object>> expected;
        try (PreparedStatement ps = duck.prepareStatement(sql)) {
            ps.setObject(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                expected = ResultComparator.rows(rs);
            }
        }
        try (PreparedStatement ps = ray.prepareStatement(sql)) {
            ps.setObject(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                assertEquals(expected, ResultComparator.rows(rs), sql);
            }
        }
    }

    /** DuckDB rejects the statement; the driver raises DuckDB's message with the state it maps it to. */
    void sameError(String sql, String state) {
        SQLException expected = assertThrowsSql(duck, sql);
        SQLException actual = assertThrowsSql(ray, sql);
        assertEquals(expected.getMessage(), actual.getMessage(), sql);
        assertEquals(state, actual.getSQLState(), actual.getMessage());
    }

    static SQLException assertThrowsSql(Connection c, String sql) {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
        } catch (SQLException e) {
            return e;
        }
        throw new AssertionError("no error from " + sql);
    }

    /** The driver refuses to offload: 0A000 with the reason. */
    SQLException refused(String sql, String reason) {
        SQLException e = assertThrowsSql(ray, sql);
        assertEquals("0A000", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
        return e;
    }

    @Override
    public void close() throws SQLException {
        try {
            ray.close();
        } finally {
            duck.close();
        }
    }
}
