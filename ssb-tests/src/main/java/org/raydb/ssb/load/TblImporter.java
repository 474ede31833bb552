package org.raydb.ssb.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.raydb.ssb.Progress;
import org.raydb.ssb.schema.Column;
import org.raydb.ssb.schema.SsbTable;
import org.raydb.ssb.sql.MonitoredSql;
import org.raydb.ssb.sql.TableCounts;

/**
 * Loads the reference dbgen's pipe-separated {@code .tbl} files (each table as {@code <table>.tbl} or as
 * chunks {@code <table>.tbl.1} ... {@code <table>.tbl.N}, lines with or without a trailing {@code |}) into
 * the (existing, empty) SSB tables, through DuckDB's {@code read_csv} with the SSB column types spelt out.
 */
public final class TblImporter {

    private static final String TRAILING_COLUMN = "dbgen_trailing_separator";

    private TblImporter() {}

    /** Imports every table from {@code directory}; returns the row count of each. */
    public static Map<SsbTable, Long> importAll(Connection connection, Path directory, Progress progress)
            throws SQLException {
        Map<SsbTable, Long> rows = new EnumMap<>(SsbTable.class);
        for (SsbTable table : SsbTable.values()) {
            List<Path> files = filesOf(directory, table);
            try (Progress.Phase phase = progress.start("import " + table.tblFile(), MonitoredSql.SCALE, "")) {
                MonitoredSql.execute(
                        connection, insertSql(table, files, trailingSeparator(files.get(0), table)), phase);
            }
            rows.put(table, TableCounts.rows(connection, table.sqlName()));
        }
        return rows;
    }

    /** {@code <table>.tbl}, or else its chunks {@code <table>.tbl.N} in the order of N. */
    static List<Path> filesOf(Path directory, SsbTable table) throws SQLException {
        Path whole = directory.resolve(table.tblFile());
        if (Files.isRegularFile(whole)) {
            return List.of(whole);
        }
        Pattern chunk = Pattern.compile(Pattern.quote(table.tblFile()) + "\\.(\\d+)");
        List<Path> chunks = new ArrayList<>();
        try (Stream<Path> entries = Files.list(directory)) {
            entries.filter(p -> chunk.matcher(p.getFileName().toString()).matches())
                    .forEach(chunks::add);
        } catch (IOException e) {
            throw new SQLException("cannot list " + directory + ": " + e.getMessage(), "58030", e);
        }
        if (chunks.isEmpty()) {
            throw new SQLException(
                    "no " + table.tblFile() + " (or " + table.tblFile() + ".N) in " + directory, "58030");
        }
        chunks.sort(Comparator.comparingLong(p -> chunkNumber(chunk, p)));
        return chunks;
    }

    private static long chunkNumber(Pattern chunk, Path file) {
        Matcher m = chunk.matcher(file.getFileName().toString());
        m.matches();
        return Long.parseLong(m.group(1));
    }

    /** Whether the file's lines end in a separator: then they have one field more than the table has columns. */
    static boolean trailingSeparator(Path file, SsbTable table) throws SQLException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = reader.readLine();
            if (line == null) {
                return false;
            }
            long separators = line.chars().filter(c -> c == '|').count();
            int columns = table.columns().size();
            if (separators == columns) {
                return true;
            }
            if (separators == columns - 1) {
                return false;
            }
            throw new SQLException(
                    file + ": a line has " + separators + " '|' separators, but " + table.sqlName() + " has " + columns
                            + " columns",
                    "22P04");
        } catch (IOException e) {
            throw new SQLException("cannot read " + file + ": " + e.getMessage(), "58030", e);
        }
    }

    static String insertSql(SsbTable table, List<Path> files, boolean trailingSeparator) {
        String fileList = files.stream()
                .map(p -> "'" + p.toAbsolutePath().toString().replace("'", "''") + "'")
                .collect(Collectors.joining(", ", "[", "]"));
        List<String> types = new ArrayList<>();
        for (Column column : table.columns()) {
            types.add("'" + column.name() + "': '" + column.sqlType() + "'");
        }
        if (trailingSeparator) {
            types.add("'" + TRAILING_COLUMN + "': 'VARCHAR'");
        }
        String names = table.columns().stream().map(Column::name).collect(Collectors.joining(", "));
        return "INSERT INTO " + table.quoted() + " SELECT " + names + " FROM read_csv(" + fileList
                + ", delim = '|', header = false, quote = '', escape = '', auto_detect = false,"
                + " columns = {" + String.join(", ", types) + "})";
    }
}
