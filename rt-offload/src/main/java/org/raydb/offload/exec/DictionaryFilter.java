package org.raydb.offload.exec;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.plan.ColumnFilter;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.TableRef;

/**
 * Evaluates a filter's predicates that DuckDB must judge ({@link ColumnFilter#predicates()}) over the distinct
 * values of its column, on a DuckDB connection (the application's session, so that its settings count): the codes
 * whose value passes, and whether NULL does. One statement per filter and snapshot, not per row.
 */
public final class DictionaryFilter {

    /**
     * The most distinct values handed to DuckDB as one array: beyond, the array itself costs what a scan does (a
     * key column of SF 20 holds tens of millions), and DuckDB answers the query.
     */
    static final int MAX_VALUES = 1 << 20;

    private final Connection duckdb;

    public DictionaryFilter(Connection duckdb) {
        this.duckdb = duckdb;
    }

    /** The inclusive code intervals of {@code d} that both {@code intervals} and every predicate of {@code f} pass. */
    List<int[]> narrow(ColumnFilter f, SortedDictionary d, List<int[]> intervals) throws SQLException, NotQualified {
        if (f.predicates().isEmpty()) return intervals;
        if (d.size() > MAX_VALUES) {
            throw new NotQualified("a filter DuckDB would judge over " + d.size() + " distinct values of " + f.column()
                    + " (at most " + MAX_VALUES + ")");
        }
        boolean[] pass = passing(f, d);
        List<int[]> out = new ArrayList<>();
        for (int[] iv : intervals) {
            int start = -1;
            for (int code = iv[0]; code <= iv[1] + 1; code++) {
                boolean in = code <= iv[1] && pass[code];
                if (in && start < 0) start = code;
                if (!in && start >= 0) {
                    out.add(new int[] {start, code - 1});
                    start = -1;
                }
            }
        }
        return out;
    }

    /** Per code (the NULL code last), whether every predicate is TRUE for its value. */
    private boolean[] passing(ColumnFilter f, SortedDictionary d) throws SQLException {
        String column = TableRef.quote(f.column());
        String where = "(" + String.join(") AND (", f.predicates()) + ")";
        int n = d.size();
        boolean[] pass = new boolean[n + 1];
        Values values = values(f.type(), d);
        try (PreparedStatement p = duckdb.prepareStatement("SELECT i FROM (SELECT " + values.sql() + " AS " + column
                + ", unnest(range(?)) AS i) WHERE " + where)) {
            p.setArray(1, duckdb.createArrayOf(values.arrayType(), values.elements()));
            p.setLong(2, n);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) pass[(int) rs.getLong(1)] = true;
            }
        }
        try (PreparedStatement p = duckdb.prepareStatement(
                        "SELECT " + where + " FROM (SELECT NULL::" + sqlType(f.type()) + " AS " + column + ")");
                ResultSet rs = p.executeQuery()) {
            rs.next();
            pass[n] = rs.getBoolean(1) && !rs.wasNull();
        }
        return pass;
    }

    /** The dictionary's values as one array parameter and the SQL that turns its elements into the column's type. */
    record Values(String sql, String arrayType, Object[] elements) {}

    /** Exact in every case: strings as they are, numbers and dates from their stored integers or exact text. */
    static Values values(ColumnType type, SortedDictionary d) {
        int n = d.size();
        if (type.kind() == ColumnType.Kind.VARCHAR) {
            String[] strings = new String[n];
            for (int code = 0; code < n; code++) strings[code] = (String) d.value(code);
            return new Values("unnest(?::VARCHAR[])", "VARCHAR", strings);
        }
        if (type.kind() == ColumnType.Kind.DECIMAL) {
            String[] text = new String[n];
            for (int code = 0; code < n; code++) {
                text[code] =
                        BigDecimal.valueOf((Long) d.value(code), type.scale()).toPlainString();
            }
            return new Values("unnest(?::VARCHAR[])::" + sqlType(type), "VARCHAR", text);
        }
        Long[] longs = new Long[n];
        for (int code = 0; code < n; code++) longs[code] = (Long) d.value(code);
        String element = "unnest(?::BIGINT[])";
        String sql = switch (type.kind()) {
            case DATE -> "(DATE '1970-01-01' + " + element + "::INTEGER)";
            case TIMESTAMP -> "make_timestamp(" + element + ")";
            case BOOLEAN -> "(" + element + " <> 0)";
            default -> element + "::" + sqlType(type);
        };
        return new Values(sql, "BIGINT", longs);
    }

    static String sqlType(ColumnType type) {
        return type.kind() == ColumnType.Kind.DECIMAL
                ? "DECIMAL(" + type.width() + "," + type.scale() + ")"
                : type.kind().name();
    }
}
