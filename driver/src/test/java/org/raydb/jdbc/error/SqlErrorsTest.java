package org.raydb.jdbc.error;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import org.junit.jupiter.api.Test;

class SqlErrorsTest {

    @Test
    void keepsAStateDuckDbAlreadySet() {
        SQLException duckdb = new SQLException("Statement was closed", "08003");
        assertSame(duckdb, SqlErrors.translate(duckdb));
    }

    @Test
    void unknownMessagesAreGeneralErrors() {
        assertEquals(
                "HY000", SqlErrors.translate(new SQLException("something odd")).getSQLState());
        assertEquals(
                "HY000", SqlErrors.translate(new SQLException((String) null)).getSQLState());
    }

    @Test
    void featureNotSupportedKeepsItsType() {
        SQLException e = SqlErrors.translate(new SQLFeatureNotSupportedException("getHoldability"));
        assertInstanceOf(SQLFeatureNotSupportedException.class, e);
        assertEquals("0A000", e.getSQLState());
    }

    @Test
    void batchFailuresKeepTheirUpdateCounts() {
        BatchUpdateException duckdb =
                new BatchUpdateException("Constraint Error: NOT NULL constraint failed: t.v", new int[] {1, 1});
        SQLException e = SqlErrors.translate(duckdb);
        assertInstanceOf(BatchUpdateException.class, e);
        assertEquals("23502", e.getSQLState());
        assertArrayEquals(new long[] {1, 1}, ((BatchUpdateException) e).getLargeUpdateCounts());
    }

    @Test
    void statesOfTheRestOfDuckDbsErrorTypes() {
        assertEquals(SqlState.IO_ERROR, DuckDbErrorStates.of("IO Error: Cannot open file"));
        assertEquals(SqlState.OUT_OF_MEMORY, DuckDbErrorStates.of("Out of Memory Error: failed to allocate"));
        assertEquals(SqlState.QUERY_CANCELED, DuckDbErrorStates.of("INTERRUPT Error: Interrupted!"));
        assertEquals(
                SqlState.SERIALIZATION_FAILURE,
                DuckDbErrorStates.of("TransactionContext Error: Catalog write-write conflict on alter"));
        assertEquals(
                SqlState.INVALID_TRANSACTION_STATE,
                DuckDbErrorStates.of("TransactionContext Error: cannot start a transaction within a transaction"));
        assertEquals(SqlState.FEATURE_NOT_SUPPORTED, DuckDbErrorStates.of("Not implemented Error: nope"));
        assertEquals(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, DuckDbErrorStates.of("Out of Range Error: overflow"));
        assertEquals(SqlState.DEPENDENT_OBJECTS_STILL_EXIST, DuckDbErrorStates.of("Dependency Error: x"));
        assertEquals(SqlState.INTERNAL_ERROR, DuckDbErrorStates.of("INTERNAL Error: assertion"));
        assertEquals(
                SqlState.OBJECT_NOT_IN_STATE,
                DuckDbErrorStates.of("Resource In Use Error: connection has an open result"));
    }

    @Test
    void connectionStatesAreConnectionExceptions() {
        assertInstanceOf(SQLNonTransientConnectionException.class, SqlErrors.connectionClosed());
        assertEquals("08003", SqlErrors.connectionClosed().getSQLState());
    }
}
