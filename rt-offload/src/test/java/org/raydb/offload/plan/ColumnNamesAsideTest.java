package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.raydb.offload.json.Json;

/**
 * The planning database names a statement's columns on a connection of its own ({@link PlanningDatabase#names}):
 * with the session's settings mirrored there too, whether they were mirrored before that connection opened or after,
 * since some (as {@code preserve_identifier_case}) belong to a connection and change the names.
 */
class ColumnNamesAsideTest {

    private static final String SQL = "SELECT Grp, sum(LO_Revenue), count(*) AS N FROM u GROUP BY Grp";

    private Connection session;
    private PlanningDatabase db;
    private String namesTree;
    private final TableRef table = new TableRef("memory", "main", "u");

    @BeforeEach
    void open() throws SQLException, NotQualified {
        session = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TABLE u (Lo_Revenue INTEGER, Grp INTEGER)");
        }
        db = new PlanningDatabase();
        try (Statement s = db.connection().createStatement()) {
            s.execute("CREATE TABLE replica_u (Lo_Revenue INTEGER, Grp INTEGER)");
        }
        // Parsed where identifiers keep their case: only the naming connection's setting can lower them.
        namesTree = Json.write(SqlRewriter.namesTree(SqlRewriter.parse(session, SQL), table));
    }

    @AfterEach
    void close() throws SQLException {
        db.close();
        session.close();
    }

    private List<String> sessionNames() throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement p = session.prepareStatement(SQL)) {
            for (int i = 1; i <= p.getMetaData().getColumnCount(); i++)
                names.add(p.getMetaData().getColumnName(i));
        }
        return names;
    }

    private void lowerIdentifiers() throws SQLException {
        try (Statement s = session.createStatement()) {
            s.execute("SET preserve_identifier_case = false");
        }
        db.mirrorSettings(PlanningDatabase.settings(session));
    }

    @Test
    void settingsMirroredBeforeTheNamingConnectionOpens() throws Exception {
        lowerIdentifiers();
        assertEquals(List.of("Grp", "sum(lo_revenue)", "n"), sessionNames());
        assertEquals(sessionNames(), db.names(namesTree, table, "replica_u"));
    }

    @Test
    void settingsMirroredOnceItIsOpen() throws Exception {
        assertEquals(List.of("Grp", "sum(LO_Revenue)", "N"), db.names(namesTree, table, "replica_u"));
        lowerIdentifiers();
        assertEquals(sessionNames(), db.names(namesTree, table, "replica_u"));
        db.mirrorSettings(Map.of("preserve_identifier_case", "true"));
        assertEquals(List.of("Grp", "sum(LO_Revenue)", "N"), db.names(namesTree, table, "replica_u"));
    }
}
