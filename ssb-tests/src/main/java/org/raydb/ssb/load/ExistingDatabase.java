package org.raydb.ssb.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.raydb.ssb.Progress;
import org.raydb.ssb.flat.FlatTableBuilder;
import org.raydb.ssb.schema.SsbSchema;
import org.raydb.ssb.sql.TableCounts;

/** An SSB database file used as it is ({@code --db FILE} alone); {@code lineorder_flat} is built if missing. */
public final class ExistingDatabase {

    private ExistingDatabase() {}

    public static SsbDatabase.Contents open(Path file, Progress progress) throws SQLException {
        if (!Files.isRegularFile(file)) {
            throw new SQLException(
                    "database file " + file + " does not exist (give --sf N or --from-tbl DIR to " + "make it)",
                    "58030");
        }
        try (Connection connection = SsbDatabase.open(file)) {
            Provenance provenance = Provenance.read(connection).orElseGet(() -> Provenance.imported("unknown"));
            long lineorder = TableCounts.rows(connection, "lineorder");
            long flat;
            double flatSeconds = 0;
            if (provenance.flatBuilt()) {
                flat = TableCounts.rows(connection, SsbSchema.FLAT_TABLE);
            } else {
                long start = System.nanoTime();
                flat = FlatTableBuilder.build(connection, progress);
                flatSeconds = (System.nanoTime() - start) / 1e9;
                provenance = provenance.withFlatBuilt();
                provenance.write(connection);
            }
            return new SsbDatabase.Contents(file, provenance, lineorder, flat, true, 0, flatSeconds);
        }
    }

    /** The scale factor: as recorded when generated, else estimated from the customer count (30,000 x SF). */
    public static double scaleFactor(Path file, Provenance provenance) throws SQLException {
        if (!provenance.sf().isEmpty()) {
            return Double.parseDouble(provenance.sf());
        }
        try (Connection connection = SsbDatabase.open(file)) {
            return TableCounts.rows(connection, "customer") / 30_000.0;
        }
    }
}
