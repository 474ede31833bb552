package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;
import org.junit.jupiter.api.Test;

class CloseSemanticsTest {

    @Test
    void closingTheConnectionClosesEverythingItMade() throws SQLException {
        Connection c = Databases.raydb();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM range(10)");
        PreparedStatement ps = c.prepareStatement("SELECT ?");
        ResultSet metaResults = c.getMetaData().getSchemas();
        DuckDBConnection duckdb = c.unwrap(DuckDBConnection.class);
        c.close();
        assertTrue(c.isClosed());
        assertTrue(s.isClosed());
        assertTrue(rs.isClosed());
        assertTrue(ps.isClosed());
        assertTrue(metaResults.isClosed());
        assertTrue(duckdb.isClosed(), "DuckDB's connection is closed too");
        assertFalse(c.isValid(1));
        c.close(); // idempotent
    }

    @Test
    void useAfterCloseIsAnSqlExceptionWithAState() throws SQLException {
        Connection c = Databases.raydb();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1");
        rs.close();
        assertEquals("55000", assertThrows(SQLException.class, rs::next).getSQLState());
        s.close();
        assertEquals(
                "55000",
                assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1"))
                        .getSQLState());
        assertEquals("55000", assertThrows(SQLException.class, s::getConnection).getSQLState());
        c.close();
        assertEquals(
                "08003", assertThrows(SQLException.class, c::createStatement).getSQLState());
        assertEquals("08003", assertThrows(SQLException.class, c::commit).getSQLState());
        assertEquals("08003", assertThrows(SQLException.class, c::getMetaData).getSQLState());
        assertEquals(
                "08003",
                assertThrows(SQLException.class, () -> c.prepareStatement("SELECT 1"))
                        .getSQLState());
    }

    @Test
    void statementClosesItsResultsAndReexecutionClosesThePrevious() throws SQLException {
        try (Connection c = Databases.raydb()) {
            Statement s = c.createStatement();
            ResultSet first = s.executeQuery("SELECT 1");
            ResultSet second = s.executeQuery("SELECT 2");
            assertTrue(first.isClosed(), "re-execution closes the previous result set");
            assertTrue(second.next());
            assertEquals(2, second.getInt(1));
            s.close();
            assertTrue(second.isClosed());
            assertFalse(c.isClosed());
        }
    }

    @Test
    void closeOnCompletionClosesTheStatementWithItsLastResultSet() throws SQLException {
        try (Connection c = Databases.raydb()) {
            Statement s = c.createStatement();
            s.closeOnCompletion();
            assertTrue(s.isCloseOnCompletion());
            ResultSet rs = s.executeQuery("SELECT 1");
            ResultSet again = s.executeQuery("SELECT 2");
            assertTrue(rs.isClosed());
            assertFalse(s.isClosed(), "re-execution does not complete the statement");
            again.close();
            assertTrue(s.isClosed());
        }
    }

    @Test
    void closingTheResultSetClosesDuckDbs() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT 1");
            DuckDBResultSet duckdb = rs.unwrap(DuckDBResultSet.class);
            rs.close();
            assertTrue(duckdb.isClosed());
        }
    }

    @Test
    void maxRowsLimitsEveryResultOfTheStatement() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM range(?)")) {
            s.setMaxRows(3);
            assertEquals(3, s.getMaxRows());
            assertEquals(3, count(s.executeQuery("SELECT * FROM range(10)")));
            assertTrue(s.execute("SELECT * FROM range(10)"));
            assertEquals(3, count(s.getResultSet()));
            assertEquals(2, count(s.executeQuery("SELECT * FROM range(2)")));
            s.setLargeMaxRows(0);
            assertEquals(10, count(s.executeQuery("SELECT * FROM range(10)")));
            ps.setLargeMaxRows(5);
            ps.setInt(1, 100);
            assertEquals(5, count(ps.executeQuery()));
            assertEquals(
                    "22023",
                    assertThrows(SQLException.class, () -> s.setMaxRows(-1)).getSQLState());
        }
    }

    private static int count(ResultSet rs) throws SQLException {
        int rows = 0;
        while (rs.next()) {
            rows++;
        }
        assertFalse(rs.next());
        return rows;
    }

    @Test
    void abortClosesOnTheExecutor() throws Exception {
        Connection c = Databases.raydb();
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            c.abort(executor);
            executor.shutdown();
            assertTrue(executor.awaitTermination(30, TimeUnit.SECONDS));
            assertTrue(c.isClosed());
        } finally {
            executor.shutdownNow();
        }
    }
}
