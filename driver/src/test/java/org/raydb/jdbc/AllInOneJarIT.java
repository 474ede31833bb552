package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The all-in-one jar works the way DBeaver loads a driver: from its own class loader whose parent is the
 * platform loader (so nothing of the test class path is visible), by class name, through Driver.connect.
 */
class AllInOneJarIT {

    @Test
    void connectsAndAnswersAnIdesMetadataCallsFromAnIsolatedClassLoader() throws Exception {
        Path jar = Path.of(System.getProperty("raydb.driver.all.jar"));
        assertTrue(Files.isRegularFile(jar), "the all-in-one jar " + jar);
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> driverClass = Class.forName("org.raydb.jdbc.RayDriver", true, loader);
            assertSame(loader, driverClass.getClassLoader());
            assertNotEquals(RayDriver.class, driverClass, "not the test class path's driver");
            assertSame(
                    loader,
                    Class.forName("org.duckdb.DuckDBDriver", false, loader).getClassLoader(),
                    "DuckDB is inside the jar");
            assertTrue(
                    ServiceLoader.load(Driver.class, loader).stream()
                            .anyMatch(p -> p.type().getName().equals("org.raydb.jdbc.RayDriver")),
                    "merged services");

            Driver driver = (Driver) driverClass.getDeclaredConstructor().newInstance();
            assertNotNull(driver.getPropertyInfo("jdbc:raydb:", new Properties()));
            Properties props = new Properties();
            props.setProperty("user", "");
            props.setProperty("password", "");
            try (Connection c = driver.connect("jdbc:raydb::memory:", props)) {
                assertSame(loader, c.getClass().getClassLoader());
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT 6 * 7")) {
                    assertTrue(rs.next());
                    assertEquals(42, rs.getInt(1));
                }
                IdeMetadataCalls.exercise(c);
            }
        }
    }
}
