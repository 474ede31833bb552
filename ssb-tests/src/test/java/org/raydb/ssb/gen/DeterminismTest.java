package org.raydb.ssb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.Progress;
import org.raydb.ssb.schema.SsbSchema;
import org.raydb.ssb.schema.SsbTable;

/** The same seed gives the same tables, row order included, whatever the thread count; another seed does not. */
class DeterminismTest {

    private static final ScaleFactor SF = new ScaleFactor(0.02);

    @Test
    void threadCountDoesNotChangeTheData() throws SQLException {
        assertEquals(fingerprints(42, 1), fingerprints(42, 3));
    }

    @Test
    void seedChangesTheData() throws SQLException {
        List<String> a = fingerprints(42, 2);
        List<String> b = fingerprints(43, 2);
        assertEquals(a.get(SsbTable.DATE.ordinal()), b.get(SsbTable.DATE.ordinal()), "the date table is not random");
        assertNotEquals(a.get(SsbTable.LINEORDER.ordinal()), b.get(SsbTable.LINEORDER.ordinal()));
        assertNotEquals(a.get(SsbTable.CUSTOMER.ordinal()), b.get(SsbTable.CUSTOMER.ordinal()));
    }

    /** Per table: row count and a hash over every row together with its position. */
    private static List<String> fingerprints(long seed, int threads) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
            SsbSchema.recreate(connection);
            new SsbGenerator(SF, seed, threads).generate(connection, Progress.silent());
            List<String> prints = new ArrayList<>();
            for (SsbTable table : SsbTable.values()) {
                try (Statement statement = connection.createStatement();
                        ResultSet row = statement.executeQuery(
                                "SELECT count(*), sum(hash(rowid, t)::HUGEINT) FROM " + table.quoted() + " t")) {
                    row.next();
                    prints.add(table.sqlName() + " " + row.getString(1) + " " + row.getString(2));
                }
            }
            return prints;
        }
    }
}
