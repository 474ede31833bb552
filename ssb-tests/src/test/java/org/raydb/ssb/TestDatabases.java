package org.raydb.ssb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.raydb.ssb.gen.ScaleFactor;
import org.raydb.ssb.load.SsbDatabase;

/**
 * Generated SSB database files shared by the tests of one JVM run: each (scale factor, seed) is generated
 * once, into {@code target/test-dbs/} (a fresh file per run, so every run tests the current generator,
 * deleted when the JVM exits).
 */
public final class TestDatabases {

    public static final long SEED = 19920101;
    private static final Path FOLDER = Path.of("target", "test-dbs");
    private static final Map<String, Path> MADE = new HashMap<>();

    private TestDatabases() {}

    public static synchronized Path generated(double sf) throws SQLException {
        ScaleFactor scale = new ScaleFactor(sf);
        Path file = MADE.get(scale.label());
        if (file == null) {
            file = FOLDER.resolve(
                    "ssb-sf" + scale.label() + "-" + ProcessHandle.current().pid() + ".duckdb");
            startFresh(file);
            SsbDatabase.generated(file, scale, SEED, Runtime.getRuntime().availableProcessors(), Progress.silent());
            MADE.put(scale.label(), file);
        }
        return file;
    }

    public static Path freshFile(String name) {
        Path file = FOLDER.resolve(name + "-" + ProcessHandle.current().pid() + ".duckdb");
        startFresh(file);
        return file;
    }

    /** Removes what an earlier run left at {@code file} and has the JVM remove this run's file at exit. */
    private static void startFresh(Path file) {
        file.toFile().deleteOnExit();
        Path.of(file + ".wal").toFile().deleteOnExit();
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(Path.of(file + ".wal"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
