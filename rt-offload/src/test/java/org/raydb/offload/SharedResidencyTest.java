package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;

/** Connections to one database share resident tables; a write through either invalidates them for both. */
class SharedResidencyTest {

    private static final OffloadSettings FORCE_CPU = new OffloadSettings(
            OffloadSettings.Mode.FORCE,
            OffloadSettings.Engine.CPU,
            false,
            OffloadSettings.MemoryBudget.ofPercent(80),
            new int[0]);
    private static final String Q = "SELECT b, count(*), sum(a) FROM t WHERE a > 10 GROUP BY b ORDER BY b";

    private static List<List<Object>> run(Offloader o, Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = o.tryQuery(st, sql, List.of(), new QueryCancel())) {
            return ResultComparator.rows(rs);
        }
    }

    private static Map<String, String> explain(Offloader o, Connection c, String sql) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = o.explain(st, sql, List.of())) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /**
     * In-memory databases opened one after another (a closed instance's address may be the next one's, and their
     * URLs are the same) are each their own, through the driver as an application opens them.
     */
    @Test
    void inMemoryDatabasesOpenedInTurnShareNothing() throws SQLException {
        for (int round = 1; round <= 5; round++) {
            try (Connection ray = DriverManager.getConnection("jdbc:raydb:?engine=cpu&offload=force");
                    Statement st = ray.createStatement()) {
                st.execute("CREATE TABLE t AS SELECT i::INTEGER AS a, (i % 3)::INTEGER AS b FROM range(" + (100 * round)
                        + ") r(i)");
                try (ResultSet rs = st.executeQuery("SELECT count(*), sum(a) FROM t WHERE a > 10")) {
                    rs.next();
                    int n = 100 * round;
                    assertEquals(n - 11, rs.getLong(1), "round " + round);
                    assertEquals((long) n * (n - 1) / 2 - 55, rs.getLong(2), "round " + round);
                }
                assertTrue(st.unwrap(org.raydb.jdbc.RayStatement.class).lastQueryOffloaded());
            }
        }
    }

    @Test
    void secondConnectionReusesTheFirstOnesIndexes() throws SQLException {
        RayOffloadProvider provider = new RayOffloadProvider();
        try (Connection first = DriverManager.getConnection("jdbc:duckdb:");
                Connection second = first.unwrap(DuckDBConnection.class).duplicate();
                Offloader a = provider.attach(first, FORCE_CPU);
                Offloader b = provider.attach(second, FORCE_CPU);
                Statement st = first.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT i::INTEGER AS a, 'g' || (i % 3) AS b FROM range(1000) r(i)");
            a.tableWritten("CREATE TABLE t AS SELECT 1");
            List<List<Object>> before = run(a, first, Q);
            assertTrue(explain(b, second, Q).get("index").contains("(cached)"), "built by the other connection");
            assertEquals(before, run(b, second, Q));
            try (Statement w = second.createStatement()) {
                w.execute("INSERT INTO t VALUES (500, 'g1')");
            }
            b.tableWritten("INSERT INTO t VALUES (500, 'g1')");
            List<List<Object>> after = run(a, first, Q);
            try (Statement d = first.createStatement();
                    ResultSet rs = d.executeQuery(Q)) {
                assertEquals(ResultComparator.rows(rs), after);
            }
        }
        assertEquals(0, provider.allocatedBytes());
    }

    @Test
    void aTransactionReadsItsOwnSnapshotAndOthersReadTheCommittedOne() throws SQLException {
        RayOffloadProvider provider = new RayOffloadProvider();
        try (Connection first = DriverManager.getConnection("jdbc:duckdb:");
                Connection second = first.unwrap(DuckDBConnection.class).duplicate();
                Offloader a = provider.attach(first, FORCE_CPU);
                Offloader b = provider.attach(second, FORCE_CPU);
                Statement st = first.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT i::INTEGER AS a, 'g' || (i % 3) AS b FROM range(1000) r(i)");
            run(b, second, Q);
            first.setAutoCommit(false);
            st.execute("INSERT INTO t VALUES (600, 'g2')");
            a.tableWritten("INSERT INTO t VALUES (600, 'g2')");
            SQLException own =
                    org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> run(a, first, Q));
            assertTrue(own.getMessage().contains("inside an open transaction"), own.getMessage());
            try (Statement d = second.createStatement();
                    ResultSet rs = d.executeQuery(Q)) {
                assertEquals(ResultComparator.rows(rs), run(b, second, Q), "the committed data only");
            }
            first.commit();
            a.tableWritten("COMMIT");
            try (Statement d = second.createStatement();
                    ResultSet rs = d.executeQuery(Q)) {
                assertEquals(ResultComparator.rows(rs), run(b, second, Q), "the committed row too");
            }
        }
        assertEquals(0, provider.allocatedBytes());
    }
}
