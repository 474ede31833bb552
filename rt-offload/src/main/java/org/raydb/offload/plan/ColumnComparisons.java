package org.raydb.offload.plan;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * WHERE conjuncts of the aggregating SELECT that compare two of the table's columns ({@code a < b}) become filters
 * on a computed BOOLEAN column ({@link ColumnComparison}): the conjunct is replaced by {@code column = true}, so
 * the statement planned filters one column, and the column is computed from the two when they load. Comparisons
 * of types that do not compare exactly here, and conjuncts of any other form, stay as they are.
 */
final class ColumnComparisons {

    private ColumnComparisons() {}

    /**
     * Replaces the qualifying conjuncts in {@code tree}; returns the computed columns by name with their type
     * (empty: none, the tree unchanged).
     */
    static Map<String, ColumnType> apply(Map<String, Object> tree, TableRef table, Map<String, ColumnType> columns)
            throws SQLException, NotQualified {
        Map<String, ColumnType> out = new LinkedHashMap<>();
        SqlRewriter.rewriteWhere(tree, table, conjunct -> {
            ColumnComparison c = comparison(conjunct, columns);
            if (c == null) return null;
            out.put(c.name(), ColumnType.of(ColumnType.Kind.BOOLEAN));
            return isTrue(c.name());
        });
        return out;
    }

    private static ColumnComparison comparison(Object conjunct, Map<String, ColumnType> columns) {
        if (!(conjunct instanceof Map<?, ?> m)
                || !"COMPARISON".equals(m.get("class"))
                || !CompareOperators.supported(String.valueOf(m.get("type")))) {
            return null;
        }
        String left = column(m.get("left"), columns);
        String right = column(m.get("right"), columns);
        if (left == null || right == null || left.equals(right)) return null;
        ColumnType l = columns.get(left);
        ColumnType r = columns.get(right);
        if (!ColumnComparison.comparable(l, r)) return null;
        return new ColumnComparison(String.valueOf(m.get("type")), left, l, right, r);
    }

    /** The table's own column a reference names (ignoring case, as DuckDB does), or {@code null}. */
    private static String column(Object expression, Map<String, ColumnType> columns) {
        if (!(expression instanceof Map<?, ?> m) || !"COLUMN_REF".equals(m.get("class"))) return null;
        List<?> names = (List<?>) m.get("column_names");
        if (names.size() > 2) return null;
        String name = String.valueOf(names.get(names.size() - 1));
        for (String c : columns.keySet()) {
            if (c.equalsIgnoreCase(name) && VirtualColumn.parse(c) == null && VirtualColumn.nameable(c)) return c;
        }
        return null;
    }

    /** {@code "name" = true} as a parse-tree conjunct. */
    private static Map<String, Object> isTrue(String name) {
        Map<String, Object> literal = new LinkedHashMap<>();
        literal.put("class", "CONSTANT");
        literal.put("type", "VALUE_CONSTANT");
        literal.put("alias", "");
        literal.put("query_location", 0L);
        literal.put("literal", new LinkedHashMap<>(Map.of("kind", "BOOLEAN", "text", "true")));
        Map<String, Object> cmp = new LinkedHashMap<>();
        cmp.put("class", "COMPARISON");
        cmp.put("type", "COMPARE_EQUAL");
        cmp.put("alias", "");
        cmp.put("query_location", 0L);
        cmp.put("left", SqlRewriter.columnRef(name, ""));
        cmp.put("right", literal);
        return cmp;
    }
}
