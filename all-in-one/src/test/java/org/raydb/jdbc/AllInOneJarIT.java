package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The all-in-one jar works the way DBeaver loads a driver: from its own class loader whose parent is the
 * platform loader (so nothing of the test class path is visible), by class name, through Driver.connect; and
 * on this Java 22+ runtime it offloads from the jar alone.
 */
class AllInOneJarIT {

    @Test
    void connectsAndAnswersAnIdesMetadataCallsFromAnIsolatedClassLoader() throws Exception {
        Path jar = jar();
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

    @Test
    void offloadsFromTheJarAlone() throws Exception {
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {jar().toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Driver driver = (Driver) Class.forName("org.raydb.jdbc.RayDriver", true, loader)
                    .getDeclaredConstructor()
                    .newInstance();
            try (Connection c = driver.connect("jdbc:raydb::memory:?engine=cpu&offload=force", new Properties());
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t AS SELECT i % 3 AS g, i AS v FROM range(1000) r(i)");
                String q = "SELECT g, sum(v) FROM t GROUP BY g ORDER BY g";
                Map<String, String> explain = new HashMap<>();
                try (ResultSet rs = s.executeQuery("EXPLAIN OFFLOAD " + q)) {
                    while (rs.next()) explain.put(rs.getString(1), rs.getString(2));
                }
                assertEquals("true", explain.get("qualifies"), explain::toString);
                assertEquals("cpu", explain.get("engine"), explain::toString);
                try (ResultSet rs = s.executeQuery(q)) {
                    for (long g = 0; g < 3; g++) {
                        assertTrue(rs.next());
                        assertEquals(g, rs.getLong(1));
                        long sum = 0;
                        for (long v = g; v < 1000; v += 3) sum += v;
                        assertEquals(sum, rs.getLong(2));
                    }
                }
                Class<?> rayStatement = Class.forName("org.raydb.jdbc.RayStatement", false, loader);
                Object unwrapped = s.unwrap(rayStatement);
                assertEquals(true, rayStatement.getMethod("lastQueryOffloaded").invoke(unwrapped));
            }
        }
    }

    /** On Java 17 the same jar is a pure DuckDB driver: the offload's classes (Java 22) are never loaded. */
    @Test
    void runsOnJava17AsPureDuckDb() throws Exception {
        Path jdk17 = Path.of(System.getProperty("raydb.jdk17.home", "/usr/lib/jvm/java-17-openjdk-amd64"));
        Path java = jdk17.resolve("bin/java");
        assumeTrue(Files.isExecutable(java), "no JDK 17 at " + jdk17 + " (set -Draydb.jdk17.home): skipped");
        Path out = Files.createTempFile("all-jdk17-out", ".txt");
        Path err = Files.createTempFile("all-jdk17-err", ".txt");
        Process process = new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        jar().toString(),
                        Path.of("../driver/src/test/jdk17/Jdk17Check.java").toString())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the JDK 17 run finished");
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), stdout + Files.readString(err, StandardCharsets.UTF_8));
        List<String> lines = stdout.lines().toList();
        assertEquals("java=17", lines.get(0));
        assertEquals("sum=499500 threads=1", lines.get(2));
        assertEquals("explain qualifies=false", lines.get(5));
    }

    private static Path jar() {
        Path jar = Path.of(System.getProperty("raydb.all.jar"));
        assertTrue(Files.isRegularFile(jar), "the all-in-one jar " + jar);
        return jar;
    }
}
