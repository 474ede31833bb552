package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.RowRanges;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.DerivedColumn;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.Utf8Order;

/**
 * Computes a {@link DerivedColumn}: DuckDB evaluates its expression once per distinct value of the source (and
 * for NULL), on the connection that loads, and every row takes its value's result. Exact by construction: the
 * expression's functions are CONSISTENT, so a value gives the same result wherever it occurs.
 */
final class DerivedValues {

    private DerivedValues() {}

    static ColumnData compute(Connection connection, ColumnData source, DerivedColumn derived, String name)
            throws SQLException {
        SortedDictionary d = SortedDictionary.build(source);
        int n = d.size();
        if (n > DictionaryFilter.MAX_VALUES) {
            throw new SQLException(
                    "the group key " + derived + " would be evaluated over " + n + " distinct values (at most "
                            + DictionaryFilter.MAX_VALUES + ")",
                    "0A000");
        }
        Object[] result = new Object[n + 1]; // per source code, the NULL code last: storage form or null
        String column = TableRef.quote(DerivedColumn.SOURCE);
        DictionaryFilter.Values values = DictionaryFilter.values(derived.sourceType(), d);
        try (PreparedStatement p = connection.prepareStatement("SELECT i, " + derived.expression() + " FROM (SELECT "
                + values.sql() + " AS " + column + ", unnest(range(?)) AS i)")) {
            p.setArray(1, connection.createArrayOf(values.arrayType(), values.elements()));
            p.setLong(2, n);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) result[(int) rs.getLong(1)] = stored(rs, 2, derived.type());
            }
        }
        try (PreparedStatement p = connection.prepareStatement("SELECT " + derived.expression() + " FROM (SELECT NULL::"
                        + DictionaryFilter.sqlType(derived.sourceType()) + " AS " + column + ")");
                ResultSet rs = p.executeQuery()) {
            rs.next();
            result[n] = stored(rs, 1, derived.type());
        }
        return column(name, derived.type(), d.codes(), result);
    }

    /** A result in its storage form ({@link ColumnType}), or null. */
    private static Object stored(ResultSet rs, int i, ColumnType type) throws SQLException {
        Object v = switch (type.kind()) {
            case VARCHAR -> rs.getString(i);
            case BOOLEAN -> rs.getBoolean(i) ? 1L : 0L;
            case DATE -> {
                LocalDate date = rs.getObject(i, LocalDate.class);
                yield date == null ? null : date.toEpochDay();
            }
            case TIMESTAMP -> {
                java.time.LocalDateTime t = rs.getObject(i, java.time.LocalDateTime.class);
                yield t == null
                        ? null
                        : Math.addExact(
                                Math.multiplyExact(t.toEpochSecond(java.time.ZoneOffset.UTC), 1_000_000L),
                                t.getNano() / 1000);
            }
            default -> rs.getLong(i);
        };
        return rs.wasNull() ? null : v;
    }

    /** The column whose row {@code r} holds {@code result[codes[r]]}. */
    private static ColumnData column(String name, ColumnType type, int[] codes, Object[] result) {
        int rows = codes.length;
        BitSet nulls = new BitSet(rows);
        for (int r = 0; r < rows; r++) {
            if (result[codes[r]] == null) nulls.set(r);
        }
        if (type.kind() == ColumnType.Kind.VARCHAR) {
            String[] dictionary = java.util.Arrays.stream(result)
                    .filter(v -> v != null)
                    .map(v -> (String) v)
                    .distinct()
                    .sorted(Utf8Order::compare)
                    .toArray(String[]::new);
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < dictionary.length; i++) index.put(dictionary[i], i);
            int[] byCode = new int[result.length];
            for (int c = 0; c < result.length; c++) {
                byCode[c] = result[c] == null ? dictionary.length : index.get((String) result[c]);
            }
            int[] out = new int[rows];
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) out[r] = byCode[codes[r]];
            });
            return ColumnData.ofStringCodes(name, type, out, dictionary, nulls);
        }
        long[] byCode = new long[result.length];
        for (int c = 0; c < result.length; c++) byCode[c] = result[c] == null ? 0 : (Long) result[c];
        if (ColumnData.holdsInts(type)) {
            int[] out = new int[rows];
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) out[r] = (int) byCode[codes[r]];
            });
            return ColumnData.ofInts(name, type, out, nulls);
        }
        long[] out = new long[rows];
        RowRanges.forEach(rows, (from, to) -> {
            for (int r = from; r < to; r++) out[r] = byCode[codes[r]];
        });
        return new ColumnData(name, type, out, null, nulls);
    }
}
