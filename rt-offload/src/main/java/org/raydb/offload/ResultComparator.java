package org.raydb.offload;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares two query answers as DuckDB returned them: same column types, and the same rows as a multiset
 * (row order is compared only through the values, since ties under ORDER BY may legitimately come in
 * either order); every value must be equal, DOUBLEs bit for bit.
 */
public final class ResultComparator {

    private ResultComparator() {}

    /** All rows of a result set (consumed, not closed). */
    public static List<List<Object>> rows(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<List<Object>> out = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                row.add(rs.getObject(i));
            }
            out.add(row);
        }
        return out;
    }

    public static List<String> types(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            out.add(md.getColumnName(i) + " " + md.getColumnTypeName(i));
        }
        return out;
    }

    /** {@code null} when equal (DOUBLEs bit for bit, as the offload promises), else what differs. */
    public static String difference(List<List<Object>> expected, List<List<Object>> actual) {
        if (expected.size() != actual.size()) {
            return "row count " + actual.size() + " instead of " + expected.size();
        }
        List<List<Object>> a = sorted(expected);
        List<List<Object>> b = sorted(actual);
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return "row " + b.get(i) + " instead of " + a.get(i);
            }
        }
        return null;
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort((x, y) -> String.valueOf(key(x)).compareTo(String.valueOf(key(y))));
        return copy;
    }

    /** Sort key: the values' texts (a double's text names its exact value). */
    private static String key(List<Object> row) {
        StringBuilder out = new StringBuilder();
        for (Object v : row) {
            out.append(v).append('\u0001');
        }
        return out.toString();
    }
}
