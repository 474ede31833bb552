package org.raydb.ssb.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.ssb.Progress;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.schema.SsbTable;

/**
 * Writes generated tables out as dbgen-style .tbl files (some with the trailing '|', some without, lineorder
 * in three chunks), imports them into a fresh database and finds the same data.
 */
class TblImporterTest {

    @TempDir
    Path tblFolder;

    @Test
    void importsWhatDbgenWrites() throws Exception {
        Path source = TestDatabases.generated(0.01);
        try (Connection connection = SsbDatabase.open(source)) {
            for (SsbTable table : SsbTable.values()) {
                boolean trailing = table != SsbTable.PART && table != SsbTable.DATE;
                int chunks = table == SsbTable.LINEORDER ? 3 : 1;
                writeTbl(connection, table, trailing, chunks);
            }
        }
        Path imported = TestDatabases.freshFile("imported");
        SsbDatabase.Contents contents = SsbDatabase.imported(imported, tblFolder, Progress.silent());
        assertEquals(contents.lineorderRows(), contents.flatRows());
        try (Connection original = SsbDatabase.open(source);
                Connection copy = SsbDatabase.open(imported)) {
            for (SsbTable table : SsbTable.values()) {
                assertEquals(fingerprint(original, table), fingerprint(copy, table), table.sqlName());
            }
        }
    }

    @Test
    void namesAFileWithTheWrongColumnCount() throws IOException {
        Path file = tblFolder.resolve("supplier.tbl");
        Files.writeString(file, "1|Supplier#000000001|addr|\n");
        SQLException e = assertThrows(SQLException.class, () -> TblImporter.trailingSeparator(file, SsbTable.SUPPLIER));
        assertEquals("22P04", e.getSQLState());
        assertTrue(e.getMessage().contains("supplier.tbl"), e.getMessage());
    }

    @Test
    void namesAMissingTable() {
        SQLException e = assertThrows(SQLException.class, () -> TblImporter.filesOf(tblFolder, SsbTable.PART));
        assertEquals("58030", e.getSQLState());
        assertTrue(e.getMessage().contains("part.tbl"), e.getMessage());
    }

    @Test
    void ordersChunksByNumber() throws Exception {
        for (int n : new int[] {10, 2, 1}) {
            Files.writeString(tblFolder.resolve("lineorder.tbl." + n), "");
        }
        assertEquals(
                java.util.List.of("lineorder.tbl.1", "lineorder.tbl.2", "lineorder.tbl.10"),
                TblImporter.filesOf(tblFolder, SsbTable.LINEORDER).stream()
                        .map(p -> p.getFileName().toString())
                        .toList());
    }

    private void writeTbl(Connection connection, SsbTable table, boolean trailing, int chunks)
            throws SQLException, IOException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT * FROM " + table.quoted())) {
            int columns = rows.getMetaData().getColumnCount();
            Writer[] out = new Writer[chunks];
            for (int i = 0; i < chunks; i++) {
                String name = chunks == 1 ? table.tblFile() : table.tblFile() + "." + (i + 1);
                out[i] = Files.newBufferedWriter(tblFolder.resolve(name), StandardCharsets.UTF_8);
            }
            long row = 0;
            while (rows.next()) {
                StringBuilder line = new StringBuilder();
                for (int c = 1; c <= columns; c++) {
                    line.append(c > 1 ? "|" : "").append(rows.getString(c));
                }
                out[(int) (row++ % chunks)].write(
                        line.append(trailing ? "|\n" : "\n").toString());
            }
            for (Writer w : out) {
                w.close();
            }
        }
    }

    /** Row count and an order-independent hash of the rows. */
    private static String fingerprint(Connection connection, SsbTable table) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(
                        "SELECT count(*), sum(hash(t)::HUGEINT) FROM " + table.quoted() + " t")) {
            row.next();
            return row.getString(1) + " " + row.getString(2);
        }
    }
}
