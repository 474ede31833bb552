package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The catalog oids a planner binds statements with: kept while the file stamps hold, read again otherwise. */
class CatalogOidsTest {

    private static final TableRef T = new TableRef("memory", "main", "t");

    private static long oid(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT table_oid FROM duckdb_tables() WHERE table_name = '" + table + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @Test
    void keptWhileTheStampsHoldAndReadAgainWhenTheyMove() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            exec(c, "CREATE TABLE t(a INTEGER)");
            long first = oid(c, "t");
            AtomicReference<Object> stamp = new AtomicReference<>("file 1");
            CatalogOids oids = new CatalogOids(stamp::get);
            assertEquals(first, oids.current(c).get(T));
            exec(c, "DROP TABLE t");
            exec(c, "CREATE TABLE t(a INTEGER)");
            assertNotEquals(first, oid(c, "t"));
            assertEquals(first, oids.current(c).get(T), "kept: the stamps did not move");
            stamp.set("file 2");
            assertEquals(oid(c, "t"), oids.current(c).get(T), "read again: the stamps moved");
        }
    }

    @Test
    void withoutStampsEveryStatementReadsThem() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            exec(c, "CREATE TABLE t(a INTEGER)");
            CatalogOids oids = new CatalogOids(() -> null);
            oids.current(c);
            exec(c, "DROP TABLE t");
            exec(c, "CREATE TABLE t(a INTEGER)");
            assertEquals(oid(c, "t"), oids.current(c).get(T));
        }
    }

    /** A table the kept oids lack (created since they were read) is bound again after reading them. */
    @Test
    void aTableCreatedSinceTheyWereKeptIsBoundWithItsOid() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            exec(c, "CREATE TABLE t(a INTEGER)");
            CatalogOids oids = new CatalogOids(() -> "unchanged");
            oids.current(c);
            exec(c, "CREATE TABLE u(a INTEGER)");
            TableBinding bound = TableBinding.of(c, "SELECT sum(a) FROM u", oids);
            assertEquals(new TableRef("memory", "main", "u"), bound.table());
            assertEquals(oid(c, "u"), bound.oid());
        }
    }
}
