package org.raydb.ssb.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.raydb.ssb.Progress;
import org.raydb.ssb.flat.FlatTableBuilder;
import org.raydb.ssb.gen.ScaleFactor;
import org.raydb.ssb.gen.SsbGenerator;
import org.raydb.ssb.schema.SsbSchema;
import org.raydb.ssb.schema.SsbTable;
import org.raydb.ssb.sql.TableCounts;

/**
 * A DuckDB database file holding the SSB tables and {@code lineorder_flat}: made by generating, by importing
 * {@code .tbl} files, or reused when it already holds what was asked for.
 */
public final class SsbDatabase {

    private SsbDatabase() {}

    /** What is in the database and how it got there. */
    public record Contents(
            Path file,
            Provenance provenance,
            long lineorderRows,
            long flatRows,
            boolean reused,
            double generateSeconds,
            double flatSeconds) {}

    public static String duckdbUrl(Path file) {
        return "jdbc:duckdb:" + file;
    }

    /** Generates SF {@code sf} with {@code seed} into {@code file}, unless it already holds exactly that. */
    public static Contents generated(Path file, ScaleFactor sf, long seed, int threads, Progress progress)
            throws SQLException {
        Provenance wanted = Provenance.generated(sf.label(), seed);
        try (Connection connection = open(file)) {
            Optional<Provenance> existing = Provenance.read(connection);
            if (existing.isPresent() && existing.get().satisfies(wanted)) {
                return new Contents(
                        file,
                        existing.get(),
                        TableCounts.rows(connection, "lineorder"),
                        TableCounts.rows(connection, SsbSchema.FLAT_TABLE),
                        true,
                        0,
                        0);
            }
            Provenance.clear(connection);
            SsbSchema.recreate(connection);
            long start = System.nanoTime();
            Map<SsbTable, Long> rows = new SsbGenerator(sf, seed, threads).generate(connection, progress);
            double generateSeconds = seconds(start);
            return finish(connection, file, wanted, rows.get(SsbTable.LINEORDER), generateSeconds, progress);
        }
    }

    /** Imports the reference dbgen's {@code .tbl} files of {@code directory} into {@code file}. */
    public static Contents imported(Path file, Path directory, Progress progress) throws SQLException {
        try (Connection connection = open(file)) {
            Provenance.clear(connection);
            SsbSchema.recreate(connection);
            long start = System.nanoTime();
            Map<SsbTable, Long> rows = TblImporter.importAll(connection, directory, progress);
            double importSeconds = seconds(start);
            return finish(
                    connection,
                    file,
                    Provenance.imported(directory.toString()),
                    rows.get(SsbTable.LINEORDER),
                    importSeconds,
                    progress);
        }
    }

    public static Connection open(Path file) throws SQLException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new SQLException("cannot create the folder of " + file + ": " + e.getMessage(), "58030", e);
        }
        return DriverManager.getConnection(duckdbUrl(file));
    }

    private static Contents finish(
            Connection connection,
            Path file,
            Provenance provenance,
            long lineorderRows,
            double loadSeconds,
            Progress progress)
            throws SQLException {
        long start = System.nanoTime();
        long flatRows = FlatTableBuilder.build(connection, progress);
        double flatSeconds = seconds(start);
        Provenance done = provenance.withFlatBuilt();
        done.write(connection);
        try (var statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
        }
        return new Contents(file, done, lineorderRows, flatRows, false, loadSeconds, flatSeconds);
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
