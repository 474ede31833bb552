package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.RowRanges;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.VirtualColumn;

/**
 * Makes a star join's dimension columns columns of the fact table ({@link VirtualColumn}): the dimension's key
 * and columns are loaded (dimensions are small), each fact row's foreign key is matched to the dimension row
 * with that key, and each column is gathered through the match, NULL where there is none. From then on the
 * columns are the fact table's like any other: encoded, uploaded and filtered or grouped the same way. The key
 * must be unique in the dimension's data as loaded; where it is not, the load fails and DuckDB answers.
 */
final class DimensionGather {

    /** A dense table from key to dimension row is used up to this many slots per fact row (else a hash map). */
    private static final long DENSE_SLOTS_PER_ROW = 4;

    private DimensionGather() {}

    /**
     * The virtual columns {@code names} (with their types) of {@code fact}, whose foreign keys {@code factColumn}
     * gives (loaded in the same snapshot; a snowflake's second join starts from a virtual column gathered before),
     * in the fact table's row order.
     */
    static List<ColumnData> gather(
            Connection connection,
            TableRef fact,
            Function<String, ColumnData> factColumn,
            List<String> names,
            List<ColumnType> types,
            BufferAllocator allocator,
            QueryCancel cancel)
            throws SQLException {
        Map<List<String>, List<Integer>> byJoin = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            VirtualColumn v = VirtualColumn.parse(names.get(i));
            byJoin.computeIfAbsent(
                            List.of(
                                    v.via(),
                                    v.last().schema(),
                                    v.last().table(),
                                    v.last().key()),
                            k -> new ArrayList<>())
                    .add(i);
        }
        ColumnData[] out = new ColumnData[names.size()];
        for (List<Integer> wanted : byJoin.values()) {
            VirtualColumn first = VirtualColumn.parse(names.get(wanted.get(0)));
            ColumnData foreignKey = factColumn.apply(first.via());
            TableRef dimension = first.dimension(fact.catalog());
            List<String> dimNames = new ArrayList<>(List.of(first.last().key()));
            List<ColumnType> dimTypes = new ArrayList<>(
                    List.of(keyType(connection, dimension, first.last().key(), foreignKey.type())));
            for (int i : wanted) {
                String column = VirtualColumn.parse(names.get(i)).column();
                if (!dimNames.contains(column)) {
                    dimNames.add(column);
                    dimTypes.add(types.get(i));
                }
            }
            List<ColumnData> loaded = ColumnLoader.load(connection, dimension, dimNames, dimTypes, allocator, cancel);
            int[] match = match(foreignKey, loaded.get(0), dimension);
            cancel.check();
            for (int i : wanted) {
                ColumnData source = loaded.get(
                        dimNames.indexOf(VirtualColumn.parse(names.get(i)).column()));
                out[i] = gather(names.get(i), types.get(i), source, match);
            }
        }
        return List.of(out);
    }

    /**
     * The dimension key's type: the foreign key's, unless both are integers of other widths (their values compare
     * alike, and each loads as it is stored).
     */
    private static ColumnType keyType(Connection connection, TableRef dimension, String key, ColumnType foreignKey)
            throws SQLException {
        try (java.sql.PreparedStatement p = connection.prepareStatement("SELECT data_type FROM duckdb_columns()"
                + " WHERE database_name = ? AND schema_name = ? AND table_name = ? AND column_name = ?")) {
            p.setString(1, dimension.catalog());
            p.setString(2, dimension.schema());
            p.setString(3, dimension.name());
            p.setString(4, key);
            try (java.sql.ResultSet rs = p.executeQuery()) {
                String type = rs.next() ? rs.getString(1) : "";
                return switch (type) {
                    case "TINYINT", "SMALLINT", "INTEGER", "BIGINT" -> ColumnType.of(ColumnType.Kind.valueOf(type));
                    default -> foreignKey;
                };
            }
        }
    }

    /** Per fact row, the dimension row whose key equals its foreign key, or -1. */
    private static int[] match(ColumnData foreignKey, ColumnData key, TableRef dimension) throws SQLException {
        int rows = foreignKey.rows();
        int[] match = new int[rows];
        if (foreignKey.isString()) {
            Map<String, Integer> rowOf = new HashMap<>();
            for (int r = 0; r < key.rows(); r++) {
                if (!key.isNull(r) && rowOf.put(key.stringAt(r), r) != null) throw notUnique(dimension, key);
            }
            String[] values = foreignKey.stringDictionary();
            int[] byCode = new int[values.length + 1];
            for (int c = 0; c < values.length; c++) byCode[c] = rowOf.getOrDefault(values[c], -1);
            byCode[values.length] = -1;
            int[] codes = foreignKey.stringCodes();
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) match[r] = byCode[codes[r]];
            });
            return match;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int r = 0; r < key.rows(); r++) {
            if (key.isNull(r)) continue;
            min = Math.min(min, key.longAt(r));
            max = Math.max(max, key.longAt(r));
        }
        BitSet nulls = foreignKey.nullRows();
        if (min > max) {
            java.util.Arrays.fill(match, -1);
            return match;
        }
        long span = max - min + 1;
        if (span > 0 && span <= Math.max(1 << 16, DENSE_SLOTS_PER_ROW * Math.max(rows, key.rows()))) {
            int[] rowOf = new int[(int) span];
            java.util.Arrays.fill(rowOf, -1);
            for (int r = 0; r < key.rows(); r++) {
                if (key.isNull(r)) continue;
                int slot = (int) (key.longAt(r) - min);
                if (rowOf[slot] >= 0) throw notUnique(dimension, key);
                rowOf[slot] = r;
            }
            long lo = min;
            long hi = max;
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) {
                    long v = foreignKey.longAt(r);
                    match[r] = nulls.get(r) || v < lo || v > hi ? -1 : rowOf[(int) (v - lo)];
                }
            });
            return match;
        }
        Map<Long, Integer> rowOf = new HashMap<>();
        for (int r = 0; r < key.rows(); r++) {
            if (!key.isNull(r) && rowOf.put(key.longAt(r), r) != null) throw notUnique(dimension, key);
        }
        RowRanges.forEach(rows, (from, to) -> {
            for (int r = from; r < to; r++) {
                match[r] = nulls.get(r) ? -1 : rowOf.getOrDefault(foreignKey.longAt(r), -1);
            }
        });
        return match;
    }

    private static SQLException notUnique(TableRef dimension, ColumnData key) {
        return new SQLException("the join key " + dimension + "." + key.name() + " is not unique in the data", "23505");
    }

    /** {@code source}'s value in each fact row's matching dimension row, NULL where none matches. */
    private static ColumnData gather(String name, ColumnType type, ColumnData source, int[] match) {
        int rows = match.length;
        BitSet nulls = new BitSet(rows);
        for (int r = 0; r < rows; r++) {
            int m = match[r];
            if (m < 0 || source.isNull(m)) nulls.set(r);
        }
        if (source.isString()) {
            String[] dictionary = source.stringDictionary();
            int[] from = source.stringCodes();
            int[] codes = new int[rows];
            RowRanges.forEach(rows, (lo, hi) -> {
                for (int r = lo; r < hi; r++) codes[r] = nulls.get(r) ? dictionary.length : from[match[r]];
            });
            return ColumnData.ofStringCodes(name, type, codes, dictionary, nulls);
        }
        if (ColumnData.holdsInts(type)) {
            int[] ints = new int[rows];
            RowRanges.forEach(rows, (lo, hi) -> {
                for (int r = lo; r < hi; r++) ints[r] = nulls.get(r) ? 0 : (int) source.longAt(match[r]);
            });
            return ColumnData.ofInts(name, type, ints, nulls);
        }
        long[] longs = new long[rows];
        RowRanges.forEach(rows, (lo, hi) -> {
            for (int r = lo; r < hi; r++) longs[r] = nulls.get(r) ? 0 : source.longAt(match[r]);
        });
        return new ColumnData(name, type, longs, null, nulls);
    }
}
