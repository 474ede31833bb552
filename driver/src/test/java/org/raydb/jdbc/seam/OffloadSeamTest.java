package org.raydb.jdbc.seam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.duckdb.DuckDBPreparedStatement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.RayStatement;
import org.raydb.jdbc.offload.OffloadSettings.Engine;
import org.raydb.jdbc.offload.OffloadSettings.Mode;
import org.raydb.jdbc.offload.Residency;

/** The driver routes through the offload seam as the Offloader contract says, using a recording fixture. */
class OffloadSeamTest {

    private RecordingOffloadProvider.Recording recording;
    private Connection connection;

    @BeforeEach
    void attach() throws SQLException {
        recording = new RecordingOffloadProvider.Recording();
        RecordingOffloadProvider.recording = recording;
        connection = DriverManager.getConnection("jdbc:raydb:?engine=cpu");
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE seam_flat AS SELECT range AS v FROM range(10)");
            s.execute("CREATE TABLE plain AS SELECT range AS v FROM range(5)");
        }
        recording.written.clear();
    }

    @AfterEach
    void detach() throws SQLException {
        connection.close();
        RecordingOffloadProvider.recording = null;
    }

    @Test
    void attachedWithTheConnectionsSettingsAndClosedWithIt() throws SQLException {
        assertEquals(1, recording.attached.size());
        assertEquals(Engine.CPU, recording.attached.get(0).engine());
        connection.close();
        assertEquals(1, recording.closed);
    }

    @Test
    void qualifyingQueryIsAnsweredByTheOffloader() throws SQLException {
        try (Statement s = connection.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT sum(v) FROM seam_flat");
            assertTrue(rs.next());
            assertEquals("offloader", rs.getString("answered_by"));
            assertSame(s, rs.getStatement());
            assertTrue(s.unwrap(RayStatement.class).lastQueryOffloaded());
            assertEquals(
                    java.util.Map.of("planning_us", 1L, "execution_us", 1L),
                    s.unwrap(RayStatement.class).lastOffloadTimings(),
                    "the offloader's timings of this query");
            assertEquals(List.of("SELECT sum(v) FROM seam_flat"), recording.queries);
            assertEquals(List.of(List.of()), recording.queryParameters);
            assertSame(
                    s.unwrap(DuckDBPreparedStatement.class),
                    recording.queryStatements.get(0),
                    "a plain statement lends its own DuckDB statement");
            assertEquals(-1, s.getUpdateCount());

            ResultSet plain = s.executeQuery("SELECT sum(v) FROM plain");
            assertTrue(rs.isClosed());
            assertTrue(plain.next());
            assertEquals(10, plain.getInt(1), "declined: DuckDB's own answer");
            assertFalse(((RayStatement) s).lastQueryOffloaded());
            assertTrue(((RayStatement) s).lastOffloadTimings().isEmpty(), "no timings for a declined query");
        }
    }

    @Test
    void aDeclinedQuerysOfferAndDuckDbsAnswerAreOneSpanOfDuckDbWork() throws SQLException {
        // Background builds give way to such spans: one that the offer started must not run beside DuckDB's answer.
        int before = recording.spansOpened.get();
        try (Statement s = connection.createStatement()) {
            s.executeQuery("SELECT sum(v) FROM plain").close();
            assertTrue(s.execute("SELECT count(*) FROM plain"));
        }
        assertEquals(List.of(1, 1), recording.spansOpenAtOffer);
        assertEquals(2, recording.spansOpened.get() - before);
        assertEquals(0, recording.spansOpen.get());
    }

    @Test
    void executeOfAQueryIsOfferedAndItsResultIsTheStatementsResult() throws SQLException {
        try (Statement s = connection.createStatement()) {
            assertTrue(s.execute("  /* leading comment */ SELECT count(*) FROM seam_flat"));
            ResultSet rs = s.getResultSet();
            assertSame(rs, s.getResultSet());
            assertTrue(rs.next());
            assertEquals("offloader", rs.getString(1));
            assertEquals(-1, s.getUpdateCount());
            assertFalse(s.getMoreResults());
            assertTrue(rs.isClosed());
            assertNull(s.getResultSet());
            assertEquals(-1, s.getUpdateCount());
        }
    }

    @Test
    void writesAreNotOfferedButReported() throws SQLException {
        try (Statement s = connection.createStatement()) {
            assertFalse(s.execute("INSERT INTO seam_flat VALUES (100)"));
            assertEquals(1, s.getUpdateCount());
            assertEquals(1, s.executeUpdate("UPDATE plain SET v = 0 WHERE v = 4"));
            s.execute("CREATE TABLE other(x INTEGER)");
            s.execute("SELECT 1");
        }
        try (Statement s = connection.createStatement();
                ResultSet returning = s.executeQuery("INSERT INTO plain VALUES (42) RETURNING v")) {
            assertTrue(returning.next());
            assertEquals(42, returning.getInt(1));
        }
        assertEquals(List.of("SELECT 1"), recording.queries, "only the query was offered");
        assertEquals(
                List.of(
                        "INSERT INTO seam_flat VALUES (100)",
                        "UPDATE plain SET v = 0 WHERE v = 4",
                        "CREATE TABLE other(x INTEGER)",
                        "INSERT INTO plain VALUES (42) RETURNING v"),
                recording.written);
    }

    @Test
    void preparedStatementsOfferTheirParametersOnAnotherDuckDbStatement() throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT sum(v) FROM seam_flat WHERE v > ? AND ? <> ''")) {
            ps.setInt(1, 7);
            ps.setString(2, "abc");
            ResultSet rs = ps.executeQuery();
            assertTrue(rs.next());
            assertEquals("offloader", rs.getString(1));
            assertEquals(2, rs.getInt(2));
            assertEquals("[7, abc]", rs.getString(3));
            assertSame(ps, rs.getStatement());
            assertTrue(ps.unwrap(RayStatement.class).lastQueryOffloaded());
            assertEquals(Arrays.asList(7, "abc"), recording.queryParameters.get(0));
            assertNotSame(
                    ps.unwrap(DuckDBPreparedStatement.class),
                    recording.queryStatements.get(0),
                    "DuckDB's prepared statement is never handed other SQL");
            ps.clearParameters();
            ps.setNull(1, java.sql.Types.INTEGER);
            ps.setString(2, "x");
            assertTrue(ps.execute());
            assertEquals(Arrays.asList(null, "x"), recording.queryParameters.get(1));
            assertEquals(
                    "[null, x]", ps.getResultSet().next() ? ps.getResultSet().getString(3) : null);
        }
        try (PreparedStatement ps = connection.prepareStatement("SELECT sum(v) FROM plain WHERE v > ?")) {
            ps.setInt(1, 2);
            ResultSet rs = ps.executeQuery();
            assertTrue(rs.next());
            assertEquals(7, rs.getInt(1));
            assertFalse(((RayStatement) ps).lastQueryOffloaded());
        }
    }

    @Test
    void explainOffloadIsAnsweredByTheOffloader() throws SQLException {
        try (Statement s = connection.createStatement()) {
            ResultSet rs = s.executeQuery("-- why?\n  explain   OFFLOAD SELECT sum(v) FROM seam_flat");
            assertTrue(rs.next());
            assertEquals("qualifies", rs.getString("item"));
            assertEquals("true", rs.getString("value"));
            assertTrue(rs.next());
            assertEquals("recording fixture", rs.getString("value"));
            assertEquals(List.of("SELECT sum(v) FROM seam_flat"), recording.explained);
            assertTrue(recording.queries.isEmpty(), "EXPLAIN OFFLOAD does not run the query");
            assertTrue(s.execute("EXPLAIN OFFLOAD SELECT 1"));
            assertTrue(s.getResultSet().next());
            assertEquals("false", s.getResultSet().getString(2));
        }
        // DuckDB prepares the explained query (its parameters); executing explains it.
        try (PreparedStatement ps =
                connection.prepareStatement("EXPLAIN OFFLOAD SELECT sum(v) FROM seam_flat" + " WHERE v > ?")) {
            ps.setInt(1, 2);
            ResultSet rs = ps.executeQuery();
            assertTrue(rs.next());
            assertEquals("qualifies", rs.getString("item"));
            assertEquals("SELECT sum(v) FROM seam_flat WHERE v > ?", recording.explained.get(2));
        }
        SQLException prepared = assertThrows(
                SQLException.class, () -> connection.prepareStatement("EXPLAIN OFFLOAD SELEC ? FROM seam_flat"));
        assertEquals("42601", prepared.getSQLState(), "DuckDB's error on the explained query");
    }

    @Test
    void batchesAndRollbacksAreReported() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.addBatch("INSERT INTO plain VALUES (1)");
            s.addBatch("DELETE FROM plain WHERE v = 0");
            s.executeBatch();
        }
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO seam_flat VALUES (?)")) {
            ps.setInt(1, 1);
            ps.addBatch();
            ps.executeBatch();
        }
        assertEquals(
                List.of(
                        "INSERT INTO plain VALUES (1)",
                        "DELETE FROM plain WHERE v = 0",
                        "INSERT INTO seam_flat VALUES (?)"),
                recording.written);
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            s.execute("SELECT 1");
            connection.rollback();
            assertEquals(3, recording.written.size(), "a rollback of a transaction that did not write is silent");
            s.execute("DELETE FROM seam_flat");
            connection.rollback();
        }
        assertEquals("ROLLBACK", recording.written.get(recording.written.size() - 1));
        try (Statement s = connection.createStatement()) {
            int before = recording.written.size();
            connection.commit();
            assertEquals(before, recording.written.size(), "a commit of a transaction that did not write is silent");
            s.execute("INSERT INTO seam_flat VALUES (2)");
            connection.commit();
        }
        assertEquals("COMMIT", recording.written.get(recording.written.size() - 1));
        connection.setAutoCommit(true);
    }

    @Test
    void forceModeFailuresReachTheApplication() throws SQLException {
        try (Connection forced = DriverManager.getConnection("jdbc:raydb:?offload=force");
                Statement s = forced.createStatement()) {
            assertEquals(Mode.FORCE, recording.attached.get(1).mode());
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 42"));
            assertEquals("0A000", e.getSQLState());
            assertTrue(e.getMessage().contains("offload=force"));
            assertFalse(s.isClosed(), "the offloader's refusal leaves the statement usable");
            assertThrows(SQLException.class, () -> s.executeQuery("SELECT 43"));
        }
    }

    @Test
    void residencyIsTheOffloadersAndNoneWithoutOne() throws SQLException {
        assertEquals(
                RecordingOffloadProvider.RESIDENCY,
                connection.unwrap(RayConnection.class).residency());
        try (Connection off = DriverManager.getConnection("jdbc:raydb:?offload=off")) {
            assertEquals(Residency.NONE, off.unwrap(RayConnection.class).residency());
        }
    }

    @Test
    void offloadOffNeverAttaches() throws SQLException {
        try (Connection off = DriverManager.getConnection("jdbc:raydb:?offload=off");
                Statement s = off.createStatement()) {
            s.execute("CREATE TABLE seam_flat AS SELECT 1 AS v");
            ResultSet rs = s.executeQuery("SELECT v FROM seam_flat");
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
        }
        assertEquals(1, recording.attached.size(), "only the test's own connection attached");
    }
}
