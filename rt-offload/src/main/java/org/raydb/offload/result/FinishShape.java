package org.raydb.offload.result;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.arrow.vector.types.pojo.Field;
import org.raydb.offload.json.JsonNode;
import org.raydb.offload.plan.SqlRewriter;

/**
 * What a rewritten statement does with the offloaded groups when all it does is project, order and limit
 * them: {@code SELECT <columns> FROM (SELECT <result columns, some widened by CAST> FROM __raydb_result(..))
 * [ORDER BY <columns>] [LIMIT n [OFFSET m]]}, the shape {@link SqlRewriter} gives every SSB query. Read from
 * DuckDB's parse tree of the statement and DuckDB's metadata of its prepared form, so names resolve and
 * types come out as DuckDB binds them; {@link #of} says null for anything else (a HAVING, an expression, a
 * DISTINCT, a join, a CTE, a collation, an ORDER BY on floating point), which DuckDB then finishes.
 *
 * @param columns  per inner column (the subquery's select list): its result field and its value conversion
 * @param outputs  per output column, the inner column it shows
 * @param keys     the ORDER BY, outermost first
 * @param limit    LIMIT, or -1
 * @param offset   OFFSET, 0 without one
 */
record FinishShape(List<InnerColumn> columns, int[] outputs, List<SortKey> keys, long limit, long offset) {

    /** An inner column: the result field it reads, converted to the DuckDB type it has there. */
    record InnerColumn(String name, int field, String type, UnaryOperator<Object> conversion) {}

    /** One ORDER BY term over an inner column. */
    record SortKey(int column, boolean descending) {}

    /**
     * @param tree           DuckDB's parse tree of the rewritten statement
     * @param fields         the fields of the result it reads
     * @param metadata       DuckDB's metadata of the prepared statement
     * @param defaultOrder   DuckDB's {@code default_order} setting (for ORDER BY terms without a direction)
     * @param collation      DuckDB's {@code default_collation} setting (strings order by bytes only without one)
     */
    static FinishShape of(
            Map<String, Object> tree,
            List<Field> fields,
            ResultSetMetaData metadata,
            String defaultOrder,
            String collation)
            throws SQLException {
        List<JsonNode> statements = JsonNode.of(tree).nodes("statements");
        if (statements.size() != 1 || !collation.isEmpty()) return null;
        JsonNode outer = statements.get(0).obj("node");
        if (!plainSelect(outer)) return null;
        List<InnerColumn> columns = resultColumns(outer, fields);
        if (columns == null) return null;

        List<JsonNode> items = outer.nodes("select_list");
        if (items.size() != metadata.getColumnCount()) return null;
        int[] outputs = new int[items.size()];
        List<String> outputNames = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String ref = columnRef(items.get(i));
            int c = ref == null
                    ? -1
                    : unique(columns.stream().map(InnerColumn::name).toList(), ref);
            // The column must come out with exactly the type its conversion makes.
            if (c < 0
                    || !DuckDbObjects.typeName(metadata.getColumnTypeName(i + 1))
                            .equals(DuckDbObjects.typeName(columns.get(c).type()))) {
                return null;
            }
            outputs[i] = c;
            String alias = items.get(i).str("alias");
            outputNames.add(alias == null || alias.isEmpty() ? ref : alias);
        }

        List<SortKey> keys = List.of();
        long limit = -1;
        long offset = 0;
        List<JsonNode> modifiers = outer.nodes("modifiers");
        for (int m = 0; m < modifiers.size(); m++) {
            JsonNode modifier = modifiers.get(m);
            String type = modifier.str("type");
            if ("ORDER_MODIFIER".equals(type) && m == 0) {
                keys = sortKeys(modifier, columns, outputs, outputNames, defaultOrder);
                if (keys == null) return null;
            } else if ("LIMIT_MODIFIER".equals(type) && m == modifiers.size() - 1) {
                limit = constant(modifier.obj("limit"), -1);
                offset = constant(modifier.obj("offset"), 0);
                if (limit < -1 || offset < 0) return null;
            } else {
                return null;
            }
        }
        return new FinishShape(columns, outputs, keys, limit, offset);
    }

    /**
     * The columns {@code outer} reads where its FROM is the rewritten statements' subquery over the result's
     * relation ({@code FROM (SELECT <result columns, some under a CAST> FROM __raydb_result(..)) AS t}), each with
     * its result field and conversion; {@code null} for any other FROM.
     */
    static List<InnerColumn> resultColumns(JsonNode outer, List<Field> fields) {
        JsonNode from = outer.obj("from_table");
        if (from == null
                || !"SUBQUERY".equals(from.str("type"))
                || !from.list("column_name_alias").isEmpty()
                || from.raw("sample") != null) return null;
        JsonNode inner = from.obj("subquery").obj("node");
        if (!plainSelect(inner) || !inner.list("modifiers").isEmpty() || !readsResult(inner.obj("from_table"))) {
            return null;
        }
        return innerColumns(inner, fields);
    }

    /** A SELECT with nothing but a select list, a FROM and modifiers. */
    private static boolean plainSelect(JsonNode node) {
        return node != null
                && "SELECT_NODE".equals(node.str("type"))
                && node.obj("cte_map").list("map").isEmpty()
                && node.raw("where_clause") == null
                && node.list("group_expressions").isEmpty()
                && node.list("group_sets").isEmpty()
                && node.raw("having") == null
                && node.raw("qualify") == null
                && node.raw("sample") == null
                && "STANDARD_HANDLING".equals(node.str("aggregate_handling"));
    }

    private static boolean readsResult(JsonNode from) {
        return from != null
                && "TABLE_FUNCTION".equals(from.str("type"))
                && from.list("column_name_alias").isEmpty()
                && from.raw("sample") == null
                && SqlRewriter.RESULT_FUNCTION.equals(from.obj("function").str("function_name"));
    }

    /** The subquery's select list: bare result columns, or result columns under a CAST. */
    private static List<InnerColumn> innerColumns(JsonNode inner, List<Field> fields) {
        List<String> fieldNames = fields.stream().map(Field::getName).toList();
        List<InnerColumn> columns = new ArrayList<>();
        for (JsonNode item : inner.nodes("select_list")) {
            String ref;
            String type;
            if ("CAST".equals(item.str("class"))) {
                if (Boolean.TRUE.equals(item.raw("try_cast"))) return null;
                ref = columnRef(item.obj("child"));
                type = castType(item.obj("type_expr"));
                if (type == null) return null;
            } else {
                ref = columnRef(item);
                type = null;
            }
            int field = ref == null ? -1 : unique(fieldNames, ref);
            if (field < 0) return null;
            Field f = fields.get(field);
            String duckdbType = type == null ? ArrowToDuckDb.sqlType(f.getType()) : type;
            UnaryOperator<Object> conversion = DuckDbObjects.conversion(f.getType(), duckdbType);
            if (conversion == null) return null;
            String alias = item.str("alias");
            columns.add(new InnerColumn(alias == null || alias.isEmpty() ? ref : alias, field, duckdbType, conversion));
        }
        return columns;
    }

    /** A CAST's target type as DuckDB's metadata spells it: a plain type name, or DECIMAL(p,s); else null. */
    private static String castType(JsonNode typeExpr) {
        if (typeExpr == null) return null;
        String name = typeExpr.str("type_name");
        List<JsonNode> parameters = typeExpr.nodes("children");
        if (parameters.isEmpty()) return name;
        if (!"DECIMAL".equalsIgnoreCase(name) || parameters.size() != 2) return null;
        long precision = constant(parameters.get(0), -2);
        long scale = constant(parameters.get(1), -2);
        return precision < 0 || scale < 0 ? null : "DECIMAL(" + precision + "," + scale + ")";
    }

    /** ORDER BY terms that name an output column (its alias first, as DuckDB binds them) or an inner column. */
    private static List<SortKey> sortKeys(
            JsonNode modifier,
            List<InnerColumn> columns,
            int[] outputs,
            List<String> outputNames,
            String defaultOrder) {
        List<SortKey> keys = new ArrayList<>();
        for (JsonNode order : modifier.nodes("orders")) {
            String ref = columnRef(order.obj("expression"));
            if (ref == null) return null;
            int output = unique(outputNames, ref);
            int column;
            if (output >= 0) {
                column = outputs[output];
            } else if (outputNames.stream().anyMatch(n -> n.equalsIgnoreCase(ref))) {
                return null;
            } else {
                column = unique(columns.stream().map(InnerColumn::name).toList(), ref);
            }
            if (column < 0 || !DirectFinish.sortable(columns.get(column).type())) return null;
            String direction = order.str("type");
            if ("ORDER_DEFAULT".equals(direction)) direction = defaultOrder.toUpperCase(Locale.ROOT);
            Boolean descending = switch (direction) {
                case "ASCENDING", "ASC" -> false;
                case "DESCENDING", "DESC" -> true;
                default -> null;
            };
            if (descending == null) return null;
            keys.add(new SortKey(column, descending));
        }
        return keys;
    }

    /** The column a one-part, unqualified COLUMN_REF names, or null. */
    private static String columnRef(JsonNode expression) {
        if (expression == null || !"COLUMN_REF".equals(expression.str("class"))) return null;
        List<Object> names = expression.list("column_names");
        return names.size() == 1 ? names.get(0).toString() : null;
    }

    /** The index of the one name equal to {@code name} ignoring case, as DuckDB resolves identifiers; else -1. */
    private static int unique(List<String> names, String name) {
        int found = -1;
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                if (found >= 0) return -1;
                found = i;
            }
        }
        return found;
    }

    /** A non-negative integer constant's value, {@code absent} without one, -2 for anything else. */
    private static long constant(JsonNode expression, long absent) {
        if (expression == null) return absent;
        JsonNode literal = expression.obj("literal");
        if (!"CONSTANT".equals(expression.str("class")) || literal == null) return -2;
        String kind = literal.str("kind");
        if (!"INTEGER".equals(kind) && !"BIGINT".equals(kind)) return -2;
        long v;
        try {
            v = Long.parseLong(literal.str("text"));
        } catch (NumberFormatException e) {
            return -2;
        }
        return v < 0 ? -2 : v;
    }
}
