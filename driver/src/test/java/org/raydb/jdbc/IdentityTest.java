package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBPreparedStatement;
import org.duckdb.DuckDBResultSet;
import org.junit.jupiter.api.Test;

/** The application only ever sees the driver's objects, and unwrap reaches DuckDB's. */
class IdentityTest {

    @Test
    void objectsPointBackToTheDriversOwn() throws SQLException {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT ? AS v")) {
            assertSame(c, s.getConnection());
            assertSame(c, ps.getConnection());
            assertSame(c, c.getMetaData().getConnection());
            ResultSet rs = s.executeQuery("SELECT 1");
            assertSame(s, rs.getStatement());
            assertSame(rs, s.getResultSet(), "getResultSet returns the same wrapper");
            assertTrue(s.execute("SELECT 2"));
            assertSame(s, s.getResultSet().getStatement());
            ps.setInt(1, 5);
            ResultSet prs = ps.executeQuery();
            assertSame(ps, prs.getStatement());
            ResultSet tables = c.getMetaData().getTables(null, null, "%", null);
            assertNull(tables.getStatement(), "metadata results have no statement, as JDBC allows");
            assertFalse(c.getClass().getName().startsWith("org.duckdb"));
            assertFalse(rs.getClass().getName().startsWith("org.duckdb"));
        }
    }

    @Test
    void unwrapReachesDuckDbAndRayInterfaces() throws Exception {
        try (Connection c = Databases.raydb();
                Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT 1")) {
            assertTrue(c.isWrapperFor(DuckDBConnection.class));
            assertTrue(c.isWrapperFor(RayConnection.class));
            assertSame(c, c.unwrap(RayConnection.class));
            assertSame(s, s.unwrap(RayStatement.class));
            assertSame(ps, ps.unwrap(RayStatement.class));
            assertInstanceOf(DuckDBPreparedStatement.class, ps.unwrap(DuckDBPreparedStatement.class));
            ResultSet rs = ps.executeQuery();
            assertInstanceOf(DuckDBResultSet.class, rs.unwrap(DuckDBResultSet.class));
            assertInstanceOf(DatabaseMetaData.class, c.getMetaData().unwrap(DatabaseMetaData.class));
            assertFalse(c.isWrapperFor(String.class));

            // The Appender is the reason to unwrap: rows it appends are visible through the driver.
            s.execute("CREATE TABLE a(i INTEGER, t VARCHAR)");
            DuckDBConnection duckdb = c.unwrap(DuckDBConnection.class);
            try (DuckDBAppender appender = duckdb.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "a")) {
                for (int i = 0; i < 100; i++) {
                    appender.beginRow();
                    appender.append(i);
                    appender.append("row" + i);
                    appender.endRow();
                }
            }
            assertEquals("4950", Databases.scalar(c, "SELECT sum(i) FROM a"));
        }
    }

    @Test
    void metadataIsRayDbsOverDuckDb() throws SQLException {
        try (Connection c = Databases.raydb();
                Connection duck = Databases.duckdb()) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals("RayDB JDBC", md.getDriverName());
            assertEquals("0.1.0", md.getDriverVersion());
            assertEquals(0, md.getDriverMajorVersion());
            assertEquals(1, md.getDriverMinorVersion());
            assertEquals("jdbc:raydb:", md.getURL());
            assertEquals("DuckDB", md.getDatabaseProductName());
            String engine = Databases.scalar(duck, "SELECT library_version FROM pragma_version()");
            assertEquals(engine, md.getDatabaseProductVersion());
            String[] parts = engine.substring(1).split("\\.");
            assertEquals(Integer.parseInt(parts[0]), md.getDatabaseMajorVersion());
            assertEquals(Integer.parseInt(parts[1]), md.getDatabaseMinorVersion());
            assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
            RayDriver driver = new RayDriver();
            assertEquals(md.getDriverMajorVersion(), driver.getMajorVersion());
            assertEquals(md.getDriverMinorVersion(), driver.getMinorVersion());
        }
    }
}
