package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.RayStatement;

/** Through the real {@code jdbc:raydb:} driver, which finds this module's provider with ServiceLoader. */
class JdbcDriverIntegrationTest {

    private static final String TABLE = "CREATE TABLE t AS SELECT i::INTEGER AS a, 'v' || (i % 5) AS b,"
            + " (i * 0.5)::DECIMAL(12,1) AS m FROM range(20000) r(i)";

    @Test
    void queriesOffloadThroughTheDriver() throws SQLException {
        String q = "SELECT b, sum(a) AS s, avg(m) FROM t WHERE a >= 100 GROUP BY b ORDER BY s DESC";
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=force&engine=cpu");
                Statement st = ray.createStatement()) {
            st.execute(TABLE);
            List<List<Object>> offloaded;
            try (ResultSet rs = st.executeQuery(q)) {
                offloaded = ResultComparator.rows(rs);
            }
            assertTrue(st.unwrap(RayStatement.class).lastQueryOffloaded());
            List<List<Object>> expected;
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                    Statement d = duck.createStatement()) {
                d.execute(TABLE);
                try (ResultSet rs = d.executeQuery(q)) {
                    expected = ResultComparator.rows(rs);
                }
            }
            assertEquals(expected, offloaded);

            try (PreparedStatement ps = ray.prepareStatement("SELECT count(*) FROM t WHERE b = ? AND a < ?")) {
                ps.setString(1, "v2");
                ps.setInt(2, 1000);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(200L, rs.getLong(1));
                }
                assertTrue(ps.unwrap(RayStatement.class).lastQueryOffloaded());
            }

            Map<String, String> explain = new HashMap<>();
            try (ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + q)) {
                while (rs.next()) {
                    explain.put(rs.getString("item"), rs.getString("value"));
                }
            }
            assertEquals("true", explain.get("qualifies"));
            assertEquals("cpu", explain.get("engine"));

            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT sum(DISTINCT a) FROM t"));
            assertEquals("0A000", e.getSQLState());

            st.execute("INSERT INTO t VALUES (1, 'v2', 1.0)");
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM t WHERE b = 'v2' AND a < 1000")) {
                rs.next();
                assertEquals(201L, rs.getLong(1), "the write invalidated the resident table");
            }
        }
    }

    @Test
    void autoModeFallsBackSilently() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=auto&engine=cpu");
                Statement st = ray.createStatement()) {
            st.execute(TABLE);
            try (ResultSet rs = st.executeQuery("SELECT count(DISTINCT a), sum(a) FROM t")) {
                rs.next();
                assertEquals(20000L, rs.getLong(1));
            }
            assertFalse(st.unwrap(RayStatement.class).lastQueryOffloaded());
        }
    }
}
