package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.raydb.arrow.DuckDbArrowReader;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.Utf8Order;

/**
 * Loads table columns from DuckDB through Arrow into {@link ColumnData}, with one scan for all of them.
 * DuckDB does the per-row work it is fastest at: for a VARCHAR column it lists the distinct values with
 * their {@code hash()}, Java sorts those few in UTF-8 byte order, and the scan exports each row's hash
 * (see {@link StringHashes}), so no string crosses into Java per row. Numbers arrive as Arrow buffers and
 * are copied in bulk.
 */
public final class ColumnLoader {

    /** Rows per Arrow batch: large, so that the per-batch import cost vanishes against the copies. */
    private static final int BATCH = 1 << 20;
    /** Above this many distinct values a VARCHAR column travels as strings (its list comes through JDBC). */
    static final int DICTIONARY_LIMIT = 1 << 16;

    private ColumnLoader() {
    }

    /** Loads {@code names} (with their plan types) of {@code table}, in DuckDB's scan order. */
    public static List<ColumnData> load(Connection connection, TableRef table, List<String> names,
            List<ColumnType> types, BufferAllocator allocator) throws SQLException {
        int rows = Math.toIntExact(single(connection, "SELECT count(*) FROM " + table.sql()));
        List<ArrowColumnReader> readers = new ArrayList<>();
        StringBuilder select = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            String column = TableRef.quote(names.get(i));
            String expression = column;
            StringHashes dictionary = null;
            if (types.get(i).kind() == ColumnType.Kind.VARCHAR) {
                dictionary = dictionary(connection, table, column);
                if (dictionary != null) {
                    expression = "CASE WHEN " + column + " IS NOT NULL THEN hash(" + column + ") END";
                }
            }
            readers.add(new ArrowColumnReader(names.get(i), types.get(i), rows, dictionary));
            select.append(i == 0 ? "" : ", ").append(expression).append(" AS c").append(i);
        }
        // Every load of one snapshot must line up row by row: DuckDB keeps a scan in insertion order unless
        // told not to, and only then does the order need a sort.
        String order = insertionOrderKept(connection) ? "" : " ORDER BY rowid";
        String sql = "SELECT " + select + " FROM " + table.sql() + order;
        int[] at = {0};
        DuckDbArrowReader.read(connection, sql, allocator, BATCH, batch -> {
            int n = batch.getRowCount();
            if (at[0] + n > rows) {
                throw new SQLException("table " + table + " grew while loading", "40001");
            }
            for (int i = 0; i < readers.size(); i++) {
                readers.get(i).append(batch.getVector(i), at[0], n);
            }
            at[0] += n;
        });
        if (at[0] != rows) {
            throw new SQLException("table " + table + " changed while loading (" + at[0] + " of " + rows
                    + " rows)", "40001");
        }
        List<ColumnData> out = new ArrayList<>();
        for (ArrowColumnReader reader : readers) {
            out.add(reader.build(table));
        }
        return out;
    }

    /**
     * The distinct non-NULL values of a VARCHAR column in UTF-8 byte order with their hashes, or
     * {@code null} when there are more than {@link #DICTIONARY_LIMIT} or two hashes collide.
     * {@code COLLATE C} keeps values apart that a default collation would merge.
     */
    private static StringHashes dictionary(Connection connection, TableRef table, String column)
            throws SQLException {
        List<String> values = new ArrayList<>();
        java.util.Map<String, Long> hashes = new java.util.HashMap<>();
        String sql = "SELECT v, hash(v) FROM (SELECT DISTINCT (" + column + " COLLATE C) AS v FROM " + table.sql()
                + " WHERE " + column + " IS NOT NULL LIMIT " + (DICTIONARY_LIMIT + 1) + ")";
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
                // UBIGINT: keep its 64 bits as Arrow will carry them.
                hashes.put(rs.getString(1), new java.math.BigInteger(rs.getString(2)).longValue());
            }
        }
        if (values.size() > DICTIONARY_LIMIT) {
            return null;
        }
        String[] sorted = values.toArray(String[]::new);
        java.util.Arrays.sort(sorted, Utf8Order::compare);
        long[] sortedHashes = new long[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            sortedHashes[i] = hashes.get(sorted[i]);
        }
        return StringHashes.of(sorted, sortedHashes);
    }

    private static boolean insertionOrderKept(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT current_setting('preserve_insertion_order')")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static long single(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
