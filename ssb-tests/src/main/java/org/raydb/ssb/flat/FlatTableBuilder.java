package org.raydb.ssb.flat;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import org.raydb.ssb.Progress;
import org.raydb.ssb.schema.Column;
import org.raydb.ssb.schema.SsbSchema;
import org.raydb.ssb.schema.SsbTable;
import org.raydb.ssb.sql.MonitoredSql;
import org.raydb.ssb.sql.TableCounts;

/**
 * Builds {@code lineorder_flat}: every lineorder row joined with its customer, supplier, part and order
 * date, keeping all columns of the five tables under their SSB names (their prefixes keep them apart).
 */
public final class FlatTableBuilder {

    private FlatTableBuilder() {}

    /** CREATE TABLE ... AS, the columns in table order: lineorder, customer, supplier, part, date. */
    public static String createSql() {
        List<SsbTable> order =
                List.of(SsbTable.LINEORDER, SsbTable.CUSTOMER, SsbTable.SUPPLIER, SsbTable.PART, SsbTable.DATE);
        String columns = order.stream()
                .flatMap(table -> table.columns().stream())
                .map(Column::name)
                .collect(Collectors.joining(", "));
        return "CREATE OR REPLACE TABLE " + SsbSchema.FLAT_TABLE + " AS SELECT " + columns
                + " FROM lineorder"
                + " JOIN customer ON lo_custkey = c_custkey"
                + " JOIN supplier ON lo_suppkey = s_suppkey"
                + " JOIN part ON lo_partkey = p_partkey"
                + " JOIN \"date\" ON lo_orderdate = d_datekey";
    }

    /** Builds the table and returns its row count. */
    public static long build(Connection connection, Progress progress) throws SQLException {
        try (Progress.Phase phase = progress.start("build " + SsbSchema.FLAT_TABLE, MonitoredSql.SCALE, "")) {
            MonitoredSql.execute(connection, createSql(), phase);
        }
        return TableCounts.rows(connection, SsbSchema.FLAT_TABLE);
    }
}
