package org.raydb.offload;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Compares two query answers as DuckDB returned them: same column types, and the same rows as a multiset
 * (row order is compared only through the values, since ties under ORDER BY may legitimately come in
 * either order); DOUBLE values may differ by 1e-12 relative, everything else must be equal.
 */
public final class ResultComparator {

    private ResultComparator() {
    }

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

    /** {@code null} when equal (DOUBLE to 1e-12 relative), else what differs. */
    public static String difference(List<List<Object>> expected, List<List<Object>> actual) {
        return difference(expected, actual, 1e-12);
    }

    /** {@code null} when equal with DOUBLEs within {@code relative} (0: bit for bit), else what differs. */
    public static String difference(List<List<Object>> expected, List<List<Object>> actual, double relative) {
        if (expected.size() != actual.size()) {
            return "row count " + actual.size() + " instead of " + expected.size();
        }
        List<List<Object>> a = sorted(expected);
        List<List<Object>> b = sorted(actual);
        for (int i = 0; i < a.size(); i++) {
            if (!rowEquals(a.get(i), b.get(i), relative)) {
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

    /** Sort key that ignores DOUBLE noise (rounded to 10 significant digits). */
    private static String key(List<Object> row) {
        StringBuilder out = new StringBuilder();
        for (Object v : row) {
            if (v instanceof Double d) {
                out.append(new BigDecimal(d).round(new java.math.MathContext(10)).toString());
            } else {
                out.append(v);
            }
            out.append('\u0001');
        }
        return out.toString();
    }

    private static boolean rowEquals(List<Object> x, List<Object> y, double relative) {
        for (int i = 0; i < x.size(); i++) {
            Object a = x.get(i);
            Object b = y.get(i);
            if (a instanceof Double d && b instanceof Double e) {
                if (!(d.equals(e) || Math.abs(d - e) <= relative * Math.max(Math.abs(d), Math.abs(e)))) {
                    return false;
                }
            } else if (!Objects.equals(a, b)) {
                return false;
            }
        }
        return true;
    }
}
