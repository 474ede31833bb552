package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchAndTransactionTest {

    @TempDir
    Path dir;

    @Test
    void statementAndPreparedBatches() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v VARCHAR)");
            s.addBatch("INSERT INTO t VALUES (1, 'a')");
            s.addBatch("INSERT INTO t VALUES (2, 'b'), (3, 'c')");
            s.addBatch("UPDATE t SET v = upper(v) WHERE id >= 2");
            assertArrayEquals(new int[] {1, 2, 2}, s.executeBatch());
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                for (int i = 10; i < 20; i++) {
                    ps.setInt(1, i);
                    ps.setString(2, "v" + i);
                    ps.addBatch();
                }
                int[] counts = ps.executeBatch();
                assertEquals(10, counts.length);
                ps.setInt(1, 30);
                ps.setString(2, "x");
                ps.addBatch();
                ps.clearBatch();
                assertEquals(0, ps.executeBatch().length);
            }
            assertEquals("13", Databases.scalar(c, "SELECT count(*) FROM t"));
            assertEquals("a,B,C", Databases.scalar(c, "SELECT string_agg(v, ',' ORDER BY id) FROM t WHERE id < 10"));
        }
    }

    @Test
    void failedBatchIsABatchUpdateExceptionWithAState() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY)");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?)")) {
                ps.setInt(1, 1);
                ps.addBatch();
                ps.setInt(1, 1);
                ps.addBatch();
                BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
                assertEquals("23505", e.getSQLState(), e.getMessage());
            }
            assertTrue(c.isValid(5));
        }
    }

    @Test
    void commitAndRollback() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(v INTEGER)");
            c.setAutoCommit(false);
            assertFalse(c.getAutoCommit());
            s.execute("INSERT INTO t VALUES (1)");
            c.commit();
            s.execute("INSERT INTO t VALUES (2)");
            assertEquals("2", Databases.scalar(c, "SELECT count(*) FROM t"), "own uncommitted rows are visible");
            c.rollback();
            assertEquals("1", Databases.scalar(c, "SELECT count(*) FROM t"));
            s.execute("INSERT INTO t VALUES (3)");
            c.setAutoCommit(true); // commits the running transaction, as JDBC says
            c.setAutoCommit(false);
            s.execute("INSERT INTO t VALUES (4)");
            c.rollback();
            c.setAutoCommit(true);
            assertEquals("1,3", Databases.scalar(c, "SELECT string_agg(v::VARCHAR, ',' ORDER BY v) FROM t"));
        }
    }

    @Test
    void resultsOutliveTheirTransactionAsHoldabilitySays() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t AS SELECT range AS v FROM range(10000)");
            assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, c.getHoldability());
            assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, c.getMetaData().getResultSetHoldability());
            c.setAutoCommit(false);
            try (Statement q = c.createStatement();
                    ResultSet rs = q.executeQuery("SELECT v FROM t")) {
                assertTrue(rs.next());
                c.commit();
                int rows = 1;
                while (rs.next()) {
                    rows++;
                }
                assertEquals(10000, rows);
            }
            c.setAutoCommit(true);
            assertEquals(
                    "0A000",
                    assertThrows(SQLException.class, () -> c.setHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT))
                            .getSQLState());
        }
    }

    @Test
    void uncommittedRowsAreInvisibleToAnotherConnection() throws SQLException {
        String url = "jdbc:raydb:" + dir.resolve("tx.duckdb");
        try (Connection writer = DriverManager.getConnection(url);
                Connection reader = DriverManager.getConnection(url);
                Statement s = writer.createStatement()) {
            s.execute("CREATE TABLE t(v INTEGER)");
            writer.setAutoCommit(false);
            s.execute("INSERT INTO t VALUES (1)");
            assertEquals("0", Databases.scalar(reader, "SELECT count(*) FROM t"));
            writer.commit();
            assertEquals("1", Databases.scalar(reader, "SELECT count(*) FROM t"));
        }
    }

    @Test
    void readOnlyHintRefusesWrites() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(v INTEGER)");
            c.setReadOnly(true);
            assertTrue(c.isReadOnly());
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO t VALUES (1)"));
            assertEquals("25006", e.getSQLState());
            try (Statement q = c.createStatement()) {
                assertEquals("0", Databases.scalar(c, "SELECT count(*) FROM t"));
                assertThrows(SQLException.class, () -> q.execute("WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x"));
            }
            c.setReadOnly(false);
            try (Statement w = c.createStatement()) {
                assertEquals(1, w.executeUpdate("INSERT INTO t VALUES (1)"));
            }
        }
    }

    @Test
    void readOnlyDatabaseStaysReadOnly() throws SQLException {
        String url = "jdbc:raydb:" + dir.resolve("ro.duckdb");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t AS SELECT 1 AS v");
        }
        Properties info = new Properties();
        info.setProperty("access_mode", "READ_ONLY");
        try (Connection c = DriverManager.getConnection(url, info)) {
            assertTrue(c.isReadOnly());
            assertEquals(
                    "25006",
                    assertThrows(SQLException.class, () -> c.setReadOnly(false)).getSQLState());
            c.setReadOnly(true);
            assertEquals("1", Databases.scalar(c, "SELECT v FROM t"));
        }
    }

    @Test
    void savepointsAreDuckDbsAnswer() throws SQLException {
        try (Connection c = Databases.raydb();
                Connection duck = Databases.duckdb()) {
            c.setAutoCommit(false);
            duck.setAutoCommit(false);
            String viaRay = savepointOutcome(c);
            assertEquals(savepointOutcome(duck), viaRay.replace(" [0A000]", ""));
        }
    }

    private static String savepointOutcome(Connection c) {
        try {
            Savepoint sp = c.setSavepoint();
            return "ok " + sp;
        } catch (SQLException e) {
            return e.getClass().getSimpleName() + (e.getSQLState() == null ? "" : " [" + e.getSQLState() + "]");
        }
    }

    @Test
    void clientInfoAndValidity() throws SQLException {
        Connection c = Databases.raydb();
        c.setClientInfo("ApplicationName", "tests");
        Properties more = new Properties();
        more.setProperty("ClientUser", "me");
        assertEquals("tests", c.getClientInfo("ApplicationName"));
        c.setClientInfo(more);
        assertEquals("me", c.getClientInfo().getProperty("ClientUser"));
        assertTrue(c.isValid(0));
        assertThrows(SQLException.class, () -> c.isValid(-1));
        c.close();
        assertThrows(java.sql.SQLClientInfoException.class, () -> c.setClientInfo("ApplicationName", "x"));
        assertFalse(c.isValid(1));
    }
}
