package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * WHERE conjuncts of the aggregating SELECT that compare an expression over several of the table's columns with a
 * constant, or range it between two ({@code l_extendedprice * (1 - l_discount) > 50000}), compare a {@link RowColumn}
 * instead: the expression is replaced by a reference to the column, so the statement planned filters one column,
 * whose values DuckDB computes as the table's columns are exported. The constants stay in the statement, so a new
 * constant filters the same column. Expressions over one column are {@link DictionaryPredicates}' (evaluated per
 * distinct value).
 */
final class RowColumns {

    private RowColumns() {}

    /**
     * Replaces the qualifying expressions in {@code tree}; returns the row columns by name with their type (empty:
     * none, the tree unchanged).
     *
     * @param columns the table's columns with their types (a star join's virtual ones included: those stay)
     */
    static Map<String, ColumnType> apply(
            Connection session, Map<String, Object> tree, TableRef table, Map<String, ColumnType> columns)
            throws SQLException, NotQualified {
        Map<String, ColumnType> out = new LinkedHashMap<>();
        SqlRewriter.rewriteWhere(tree, table, conjunct -> {
            if (!(conjunct instanceof Map<?, ?> raw)) return null;
            @SuppressWarnings("unchecked")
            Map<String, Object> c = (Map<String, Object>) raw;
            String side = null;
            if ("BETWEEN".equals(c.get("class")) && constant(c.get("lower")) && constant(c.get("upper"))) {
                side = "input";
            } else if ("COMPARISON".equals(c.get("class"))
                    && CompareOperators.supported(String.valueOf(c.get("type")))) {
                side = constant(c.get("right")) ? "left" : constant(c.get("left")) ? "right" : null;
            }
            RowColumn column = side == null ? null : column(session, table, columns, c.get(side));
            if (column == null || column.type().kind() == ColumnType.Kind.BOOLEAN) return null;
            c.put(side, SqlRewriter.columnRef(column.name(), ""));
            out.put(column.name(), column.type());
            return c;
        });
        return out;
    }

    /** Whether a parse-tree expression is a constant, or a cast of one. */
    private static boolean constant(Object e) {
        if (!(e instanceof Map<?, ?> m)) return false;
        if ("CONSTANT".equals(m.get("class"))) return true;
        return "CAST".equals(m.get("class")) && constant(m.get("child"));
    }

    /**
     * The row column {@code e} is, or {@code null} where it reads fewer than two columns, one that is not the
     * table's own, a function DuckDB does not mark CONSISTENT, or has a type a filter or key does not read exactly.
     *
     * @param columns the table's columns with their types (a star join's virtual ones are not its own)
     */
    static RowColumn column(Connection session, TableRef table, Map<String, ColumnType> columns, Object e)
            throws SQLException, NotQualified {
        Set<String> read = new LinkedHashSet<>();
        Set<String> functions = new LinkedHashSet<>();
        boolean[] refused = {false};
        DictionaryPredicates.walk(e, read, functions, refused);
        if (refused[0] || read.size() < 2) return null;
        for (String c : read) {
            if (columns.keySet().stream()
                    .noneMatch(name -> name.equalsIgnoreCase(c) && VirtualColumn.parse(name) == null)) {
                return null;
            }
        }
        if (!DictionaryPredicates.consistent(session, functions)) return null;
        @SuppressWarnings("unchecked")
        Map<String, Object> bare =
                (Map<String, Object>) SqlRewriter.copy(Map.of("e", e)).get("e");
        bare.put("alias", ""); // a select item's: the export names the column itself
        String text = DictionaryPredicates.text(session, bare);
        if (!RowColumn.nameable(text)) return null;
        ColumnType type = type(session, table, text);
        return type == null || !type.isKeyType() ? null : new RowColumn(text, type);
    }

    /** The type of {@code expression} over {@code table}'s columns where the offload reads it back exactly, else null. */
    static ColumnType type(Connection session, TableRef table, String expression) throws SQLException {
        try (PreparedStatement p =
                session.prepareStatement("SELECT " + expression + " FROM " + table.sql() + " LIMIT 0")) {
            return ColumnType.ofResult(p.getMetaData().getColumnTypeName(1));
        } catch (SQLException e) {
            return null; // DuckDB binds it otherwise in the query (it may not bind at all): the plan decides
        }
    }
}
