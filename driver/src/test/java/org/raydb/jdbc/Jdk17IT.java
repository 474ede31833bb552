package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.Test;

/** The built driver jar works on the machine's JDK 17, as pure delegation that says once why offload is off. */
class Jdk17IT {

    private static final Path JDK17 =
            Path.of(System.getProperty("raydb.jdk17.home", "/usr/lib/jvm/java-17-openjdk-amd64"));

    @Test
    void builtJarRunsOnJava17() throws Exception {
        Path java = JDK17.resolve("bin/java");
        assumeTrue(Files.isExecutable(java), "no JDK 17 at " + JDK17 + " (set -Draydb.jdk17.home): skipped");
        Path driverJar = Path.of(System.getProperty("raydb.driver.jar"));
        assertTrue(Files.isRegularFile(driverJar), "the packaged driver jar " + driverJar);
        Path duckdbJar = Path.of(DuckDBDriver.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());

        Path out = Files.createTempFile("jdk17-out", ".txt");
        Path err = Files.createTempFile("jdk17-err", ".txt");
        Process process = new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        driverJar + File.pathSeparator + duckdbJar,
                        Path.of("src/test/jdk17/Jdk17Check.java").toString())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the JDK 17 run finished");
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), stdout + stderr);

        List<String> lines = stdout.lines().toList();
        assertEquals("java=17", lines.get(0));
        assertEquals("connection=org.raydb.jdbc.core.ConnectionWrapper", lines.get(1));
        assertEquals("sum=499500 threads=1", lines.get(2));
        assertEquals("driver=RayDB JDBC 0.1.0", lines.get(3));
        assertEquals("second=true", lines.get(4));
        assertEquals("explain qualifies=false", lines.get(5));
        assertTrue(
                lines.get(6).startsWith("explain reason=Java 17 has no Foreign Function and Memory API"), lines.get(6));
        assertTrue(
                stderr.contains("INFO: RayDB offload is off, every query runs on DuckDB: Java 17 has no"
                        + " Foreign Function and Memory API"),
                stderr);
        assertEquals(1, stderr.split("RayDB offload is off", -1).length - 1, "logged once: " + stderr);
    }
}
