package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** DuckDB's errors arrive with DuckDB's message, the documented SQLState and JDBC subclass. */
class ErrorStatesTest {

    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = Databases.raydb();
        try (Statement s = connection.createStatement()) {
            s.execute(
                    "CREATE TABLE parent(id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, qty INTEGER CHECK (qty > 0))");
            s.execute("CREATE TABLE child(parent_id INTEGER REFERENCES parent(id))");
            s.execute("INSERT INTO parent VALUES (1, 'one', 1)");
            s.execute("CREATE SEQUENCE seq MINVALUE 0 MAXVALUE 1 START 1");
            s.execute("SELECT nextval('seq')");
        }
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELEC 1|42601|Parser Error: syntax error",
                "SELECT * FROM missing|42P01|Catalog Error: Table with name missing does not exist",
                "SELECT * FROM nosuchschema.t|42P01|Catalog Error: Table with name",
                "SELECT no_such_function(1)|42883|Catalog Error: Scalar Function with name no_such_function",
                "CREATE TABLE parent(x INTEGER)|42P07|Catalog Error: Table with name \"parent\" already exists",
                "SELECT nope FROM parent|42703|Binder Error: Referenced column \"nope\" not found",
                "INSERT INTO parent VALUES (1, 'dup', 1)|23505|Constraint Error: Duplicate key \"id: 1\"",
                "INSERT INTO parent VALUES (6, 'a', 1), (6, 'b', 1)|23505|Constraint Error: PRIMARY KEY or UNIQUE constraint",
                "INSERT INTO parent VALUES (2, NULL, 1)|23502|Constraint Error: NOT NULL constraint failed",
                "INSERT INTO parent VALUES (3, 'x', -1)|23514|Constraint Error: CHECK constraint failed",
                "INSERT INTO child VALUES (99)|23503|Constraint Error: Violates foreign key constraint",
                "SELECT 'abc'::INTEGER|22018|Conversion Error: Could not convert string 'abc'",
                "SELECT 1000::TINYINT|22003|Conversion Error: Type INT32 with value 1000",
                "SELECT 1 // 0|22012|Invalid Input Error: Division by zero",
                "SELECT error('boom')|22023|Invalid Input Error: boom",
                "SELECT nextval('seq')|2200H|Sequence Error:",
                "DROP TABLE parent|42000|Catalog Error: Could not drop"
            })
    void duckDbErrorsGetTheirState(String sql, String state, String messageStart) throws SQLException {
        Statement s = connection.createStatement();
        SQLException e = assertThrows(SQLException.class, () -> s.execute(sql));
        assertEquals(state, e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
        assertEquals(e.getMessage(), e.getCause().getMessage(), "DuckDB's message is kept word for word");
        assertEquals("1", Databases.scalar(connection, "SELECT count(*) FROM parent"), "connection still works");
        assertFalse(s.isClosed(), "the statement carries on over a fresh DuckDB statement");
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM parent")) {
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
        }
    }

    @Test
    void aStatementKeepsItsOptionsAcrossAFailure() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.setQueryTimeout(7);
            s.setFetchSize(123); // DuckDB accepts and ignores it: it must read back as before
            s.setMaxRows(2);
            int fetchSize = s.getFetchSize();
            assertThrows(SQLException.class, () -> s.execute("SELEC 1"));
            assertEquals(7, s.getQueryTimeout());
            assertEquals(fetchSize, s.getFetchSize());
            assertEquals(2, s.getMaxRows());
        }
    }

    @Test
    void aPreparedStatementClosesWithItsFailedDuckDbStatementAndSaysWhy() throws SQLException {
        PreparedStatement ps = connection.prepareStatement("INSERT INTO parent VALUES (?, 'x', 1)");
        ps.setInt(1, 1);
        SQLException e = assertThrows(SQLException.class, ps::executeUpdate);
        assertEquals("23505", e.getSQLState());
        assertTrue(ps.isClosed());
        SQLException closed = assertThrows(SQLException.class, () -> ps.setInt(1, 2));
        assertEquals("55000", closed.getSQLState());
        assertTrue(
                closed.getMessage().contains("DuckDB closes a statement whose execution failed"), closed.getMessage());
    }

    @Test
    void stateClassPicksTheJdbcSubclass() throws SQLException {
        assertInstanceOf(SQLSyntaxErrorException.class, failure("SELEC 1"));
        assertInstanceOf(
                SQLIntegrityConstraintViolationException.class, failure("INSERT INTO parent VALUES (1, 'dup', 1)"));
        assertInstanceOf(SQLDataException.class, failure("SELECT 'x'::DATE"));
        SQLException prepared = assertThrows(SQLException.class, () -> connection.prepareStatement("SELEC ?"));
        assertEquals("42601", prepared.getSQLState());
        SQLException call = assertThrows(SQLException.class, () -> connection.prepareCall("CALL x()"));
        assertInstanceOf(SQLFeatureNotSupportedException.class, call);
        assertEquals("0A000", call.getSQLState());
    }

    @Test
    void failedTransactionIsReportedAndRollbackRecovers() throws SQLException {
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            s.execute("INSERT INTO parent VALUES (5, 'five', 5)");
        }
        failure("INSERT INTO parent VALUES (1, 'dup', 1)");
        SQLException aborted = failure("SELECT count(*) FROM parent");
        assertEquals("25P02", aborted.getSQLState(), aborted.getMessage());
        connection.rollback();
        assertEquals("1", Databases.scalar(connection, "SELECT count(*) FROM parent"));
        connection.setAutoCommit(true);
    }

    private SQLException failure(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            return assertThrows(SQLException.class, () -> s.execute(sql));
        }
    }
}
