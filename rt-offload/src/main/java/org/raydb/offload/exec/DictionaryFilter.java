package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.plan.ColumnFilter;
import org.raydb.offload.plan.TableRef;

/**
 * Evaluates a filter's predicates that DuckDB must judge ({@link ColumnFilter#predicates()}) over the distinct
 * values of its column, on a DuckDB connection (the application's session, so that its settings count): the codes
 * whose value passes, and whether NULL does. One statement per filter and snapshot, not per row.
 */
public final class DictionaryFilter {

    private final Connection duckdb;

    public DictionaryFilter(Connection duckdb) {
        this.duckdb = duckdb;
    }

    /** The inclusive code intervals of {@code d} that both {@code intervals} and every predicate of {@code f} pass. */
    List<int[]> narrow(ColumnFilter f, SortedDictionary d, List<int[]> intervals) throws SQLException {
        if (f.predicates().isEmpty()) return intervals;
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
        String[] values = new String[n];
        for (int code = 0; code < n; code++) values[code] = (String) d.value(code);
        try (PreparedStatement p = duckdb.prepareStatement("SELECT i FROM (SELECT unnest(?::VARCHAR[]) AS " + column
                + ", unnest(range(?)) AS i) WHERE " + where)) {
            p.setArray(1, duckdb.createArrayOf("VARCHAR", values));
            p.setLong(2, n);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) pass[(int) rs.getLong(1)] = true;
            }
        }
        try (PreparedStatement p =
                        duckdb.prepareStatement("SELECT " + where + " FROM (SELECT NULL::VARCHAR AS " + column + ")");
                ResultSet rs = p.executeQuery()) {
            rs.next();
            pass[n] = rs.getBoolean(1) && !rs.wasNull();
        }
        return pass;
    }
}
