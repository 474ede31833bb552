package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.offload.OffloadSettings.Mode;

class ConnectTest {

    @TempDir
    Path dir;

    @Test
    void registeredThroughServiceLoader() {
        assertTrue(ServiceLoader.load(Driver.class).stream().anyMatch(p -> p.type() == RayDriver.class));
    }

    @Test
    void unknownKeysReachDuckDb() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:raydb::memory:?threads=3")) {
            assertEquals("3", Databases.scalar(c, "SELECT current_setting('threads')"));
        }
        Properties info = new Properties();
        info.setProperty("threads", "1");
        try (Connection c = DriverManager.getConnection("jdbc:raydb:?threads=3", info)) {
            assertEquals("1", Databases.scalar(c, "SELECT current_setting('threads')"), "Properties win");
        }
    }

    @Test
    void driverKeysAreParsedAndNotSentToDuckDb() throws SQLException {
        try (Connection c = DriverManager.getConnection(
                "jdbc:raydb:?offload=off&engine=cpu&verify=true" + "&gpu.memory=1g&device=0")) {
            RayConnection ray = c.unwrap(RayConnection.class);
            assertEquals(Mode.OFF, ray.offloadSettings().mode());
            assertEquals(1L << 30, ray.offloadSettings().gpuMemory().bytes());
        }
    }

    @Test
    void explainOffloadNamesWhyOffloadIsOff() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:raydb:?offload=off");
                Statement s = c.createStatement();
                java.sql.ResultSet rs = s.executeQuery("EXPLAIN OFFLOAD SELECT 1")) {
            assertTrue(rs.next());
            assertEquals("qualifies", rs.getString("item"));
            assertEquals("false", rs.getString("value"));
            assertTrue(rs.next());
            assertEquals("reason", rs.getString("item"));
            assertEquals("offload=off", rs.getString("value"));
            assertFalse(rs.next());
        }
    }

    @Test
    void badDriverValueFailsTheConnect() {
        SQLException e =
                assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:raydb:?offload=sometimes"));
        assertTrue(
                e.getMessage().contains("'offload'") && e.getMessage().contains("auto, off or force"), e.getMessage());
    }

    @Test
    void badDuckDbOptionIsDuckDbsErrorWithAState() {
        SQLException e =
                assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:raydb:?no_such_option=1"));
        assertTrue(e.getMessage().contains("no_such_option"), e.getMessage());
        assertEquals("22023", e.getSQLState());
    }

    @Test
    void absoluteAndRelativeFilesPersist() throws Exception {
        Path file = dir.resolve("abs.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t AS SELECT 7 AS v");
        }
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file)) {
            assertEquals("7", Databases.scalar(c, "SELECT v FROM t"));
        }
        assertTrue(Files.exists(file));

        Path cwd = Path.of("").toAbsolutePath();
        Path relative = cwd.relativize(dir.resolve("rel.duckdb"));
        try (Connection c = DriverManager.getConnection("jdbc:raydb:" + relative + "?threads=2");
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE r AS SELECT 'rel' AS v");
        }
        assertTrue(Files.exists(dir.resolve("rel.duckdb")), "relative path resolves against the working directory");
    }

    @Test
    void inMemoryDatabasesAreSeparate() throws SQLException {
        try (Connection a = DriverManager.getConnection("jdbc:raydb::memory:");
                Connection b = DriverManager.getConnection("jdbc:raydb:");
                Statement s = a.createStatement()) {
            s.execute("CREATE TABLE only_in_a(x INT)");
            SQLException e = assertThrows(SQLException.class, () -> Databases.scalar(b, "SELECT * FROM only_in_a"));
            assertEquals("42P01", e.getSQLState());
        }
    }

    @Test
    void propertyInfoListsDriverKeysThenDuckDbs() throws SQLException {
        Driver driver = DriverManager.getDriver("jdbc:raydb:");
        assertInstanceOf(RayDriver.class, driver);
        Properties info = new Properties();
        info.setProperty("offload", "off");
        DriverPropertyInfo[] properties = driver.getPropertyInfo("jdbc:raydb:", info);
        assertEquals("device", properties[0].name);
        assertEquals(
                "off",
                Arrays.stream(properties)
                        .filter(p -> p.name.equals("offload"))
                        .findFirst()
                        .orElseThrow()
                        .value);
        assertTrue(Arrays.stream(properties).anyMatch(p -> p.name.equals("threads")), "DuckDB's options too");
        assertNull(driver.connect("jdbc:duckdb:", null), "another driver's URL is not ours");
    }

    @Test
    void dataSourceConnects() throws SQLException {
        RayDataSource dataSource = new RayDataSource();
        dataSource.setUrl("jdbc:raydb::memory:");
        dataSource.setOffload("off");
        dataSource.setProperty("threads", "2");
        try (Connection c = dataSource.getConnection("ignored", "ignored")) {
            assertEquals("2", Databases.scalar(c, "SELECT current_setting('threads')"));
            assertEquals(
                    Mode.OFF, c.unwrap(RayConnection.class).offloadSettings().mode());
        }
        dataSource.setUrl("jdbc:h2:mem:");
        assertEquals(
                "08001",
                assertThrows(SQLException.class, dataSource::getConnection).getSQLState());
    }
}
