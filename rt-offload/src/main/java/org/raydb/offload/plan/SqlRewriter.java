package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;

/**
 * Rewrites the application's SQL so that DuckDB finishes the query over the offloaded aggregate. Works on
 * DuckDB's own parse tree ({@code json_serialize_sql}): in the one SELECT that aggregates the base table,
 * the table becomes the offloaded result ({@value #RESULT_FUNCTION}{@code ('<slot>')}), which holds exactly
 * one row per group, so the SELECT stops aggregating: every aggregate call becomes its column, GROUP BY goes
 * and HAVING becomes the WHERE clause (the original WHERE was applied by the offload). ORDER BY, LIMIT,
 * DISTINCT, the select list and everything around (CTEs, outer queries) stay DuckDB's. Not aggregating again spares DuckDB a hash
 * aggregate over the result (about a millisecond of its time per query on the 2-core build machine).
 * {@code json_deserialize_sql} turns the tree back into text. Unaliased select items keep the column names
 * DuckDB gives the original query.
 */
public final class SqlRewriter {

    /** The table function DuckDB reads an offloaded result through ({@code result.ResultScan}). */
    public static final String RESULT_FUNCTION = "__raydb_result";

    /**
     * The call of {@value #RESULT_FUNCTION} over the slot {@code relationName}, as it appears (once) in the
     * rewritten statement.
     */
    public static String resultCall(String relationName) {
        return RESULT_FUNCTION + "('" + relationName.replace("'", "''") + "')";
    }

    /** Column name of aggregate {@code i} in the result relation. */
    public static String aggregateColumn(int i) {
        return "__raydb_a" + i;
    }

    private SqlRewriter() {}

    /**
     * @param session      the application's session, which names the aggregating SELECT's columns
     * @param parser       a connection for the parse-tree functions, which depend on no catalog or session
     * @param tree         the parse tree ({@link #parse}) of the statement with parameters bound; changed
     * @param plan         the matched plan
     * @param relationName the name of the result slot the rewritten statement reads
     * @param names        the aggregating SELECT's column names, given for a tree that is not the application's own
     *                     (a star join's, whose dimension columns became the fact table's); {@code null}: asked
     * @param namesSql     where {@code names} is {@code null}, the text of the aggregating SELECT's {@link #namesTree}
     *                     written out already ({@code null}: written out here)
     * @return the rewritten statement
     */
    static String rewrite(
            Connection session,
            Connection parser,
            Map<String, Object> tree,
            OffloadPlan plan,
            String relationName,
            List<String> names,
            String namesSql)
            throws NotQualified, SQLException {
        List<Map<String, Object>> targets = new ArrayList<>();
        findTargets(tree, plan.table(), targets);
        if (targets.size() != 1) {
            throw new NotQualified(
                    targets.isEmpty()
                            ? "the aggregation's SELECT was not found in the SQL text"
                            : "the table is read by more than one SELECT");
        }
        Map<String, Object> node = targets.get(0);
        JsonNode from = JsonNode.of(node.get("from_table"));
        if (!from.list("column_name_alias").isEmpty()
                || from.raw("sample") != null
                || from.raw("at_clause") != null
                || node.get("qualify") != null
                || node.get("sample") != null) {
            throw new NotQualified("table alias columns, SAMPLE, AT or QUALIFY on the aggregating SELECT");
        }
        if (names == null) {
            names = namesSql != null
                    ? names(session, namesSql, list(node.get("select_list")).size())
                    : selectNames(session, parser, node);
        }
        String alias = from.str("alias");
        String helper = helperSelect(
                plan,
                relationName,
                alias == null || alias.isEmpty() ? plan.table().name() : alias);
        List<Object> replacements = new ArrayList<>();
        for (int i = 0; i < plan.aggregates().size(); i++) {
            replacements.add(columnRef(aggregateColumn(i), ""));
        }

        List<Object> selectList = list(node.get("select_list"));
        for (int i = 0; i < selectList.size(); i++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> item = (Map<String, Object>) selectList.get(i);
            String itemAlias = (String) item.get("alias");
            Object replaced = replaceAggregates(item, plan, replacements);
            @SuppressWarnings("unchecked")
            Map<String, Object> r = (Map<String, Object>) replaced;
            if (itemAlias == null || itemAlias.isEmpty()) {
                r.put("alias", names.get(i));
            }
            selectList.set(i, r);
        }
        Object having = node.get("having");
        node.put("where_clause", having == null ? null : replaceAggregates(having, plan, replacements));
        node.put("having", null);
        node.put("group_expressions", new ArrayList<>());
        node.put("group_sets", new ArrayList<>());
        node.put("aggregate_handling", "STANDARD_HANDLING");
        for (Object m : list(node.get("modifiers"))) {
            Map<String, Object> modifier = asMap(m);
            if ("ORDER_MODIFIER".equals(modifier.get("type"))) {
                for (Object o : list(modifier.get("orders"))) {
                    Map<String, Object> order = asMap(o);
                    order.put("expression", replaceAggregates(order.get("expression"), plan, replacements));
                }
            }
        }
        // The helper's FROM is spliced in by the call that writes the statement out (one call, where there were two):
        // the tree goes with a placeholder there, found once in its JSON and nowhere else.
        String placeholder = "__raydb_from_" + relationName;
        node.put("from_table", placeholder);
        String json = Json.write(tree);
        String token = Json.write(placeholder);
        if (json.indexOf(token) != json.lastIndexOf(token)) {
            Map<String, Object> parsed = asMap(
                    asMap(list(parse(parser, helper).get("statements")).get(0)).get("node"));
            node.put("from_table", parsed.get("from_table"));
            return deserialize(parser, tree);
        }
        String written = HelperQueries.with(parser, SPLICE, p -> {
            p.setString(1, json);
            p.setString(2, token);
            p.setString(3, helper);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        });
        if (written == null) {
            throw new NotQualified("DuckDB could not write out the rewritten statement");
        }
        return written;
    }

    /** Writes out a tree's JSON with a placeholder replaced by the FROM of a statement's parse. */
    private static final String SPLICE = "SELECT json_deserialize_sql(replace(?::VARCHAR, ?::VARCHAR,"
            + " CAST(json_serialize_sql(?::VARCHAR)->'statements'->0->'node'->'from_table' AS VARCHAR))::JSON)";

    /**
     * The WHERE clause of the SELECT that aggregates {@code table} in a parse tree ({@code null} where it has
     * none or more than one SELECT reads the table): the clause the rewrite drops for the offload's filters.
     */
    static Object aggregatingWhere(Map<String, Object> tree, TableRef table) {
        Map<String, Object> select = aggregatingSelect(tree, table);
        return select == null ? null : select.get("where_clause");
    }

    /** The parse-tree conjunction of {@code conjuncts} (the one itself where there is one). */
    static Object conjunction(List<Object> conjuncts) {
        if (conjuncts.size() == 1) return conjuncts.get(0);
        Map<String, Object> and = new LinkedHashMap<>();
        and.put("class", "CONJUNCTION");
        and.put("type", "CONJUNCTION_AND");
        and.put("alias", "");
        and.put("query_location", 0L);
        and.put("children", conjuncts);
        return and;
    }

    /** A parse-tree reference to the column {@code name}, under {@code alias} (empty: none). */
    static Map<String, Object> columnRef(String name, Object alias) {
        Map<String, Object> ref = new LinkedHashMap<>();
        ref.put("class", "COLUMN_REF");
        ref.put("type", "COLUMN_REF");
        ref.put("alias", alias);
        ref.put("query_location", 0L);
        ref.put("column_names", new ArrayList<>(List.of(name)));
        return ref;
    }

    /** Adds the conjuncts of a parse-tree expression (itself where it is no AND; nothing for {@code null}). */
    static void conjuncts(Object expression, List<Object> out) {
        if (expression == null) return;
        if (expression instanceof Map<?, ?> m && "CONJUNCTION_AND".equals(m.get("type"))) {
            for (Object c : (List<?>) m.get("children")) conjuncts(c, out);
        } else {
            out.add(expression);
        }
    }

    /** A rewrite of one WHERE conjunct: what replaces it (itself, changed in place), or {@code null} to keep it. */
    interface ConjunctRewrite {
        Object rewrite(Object conjunct) throws SQLException, NotQualified;
    }

    /** Rewrites the conjuncts of the WHERE of the SELECT that reads {@code table}. */
    static void rewriteWhere(Map<String, Object> tree, TableRef table, ConjunctRewrite rewrite)
            throws SQLException, NotQualified {
        Map<String, Object> select = aggregatingSelect(tree, table);
        if (select == null || select.get("where_clause") == null) return;
        List<Object> conjuncts = new ArrayList<>();
        conjuncts(select.get("where_clause"), conjuncts);
        boolean changed = false;
        for (int i = 0; i < conjuncts.size(); i++) {
            Object replaced = rewrite.rewrite(conjuncts.get(i));
            if (replaced == null) continue;
            conjuncts.set(i, replaced);
            changed = true;
        }
        if (changed) select.put("where_clause", conjunction(conjuncts));
    }

    /** The one SELECT that reads {@code table} directly in a parse tree, or {@code null} (none, or several). */
    static Map<String, Object> aggregatingSelect(Map<String, Object> tree, TableRef table) {
        List<Map<String, Object>> targets = new ArrayList<>();
        findTargets(tree, table, targets);
        return targets.size() == 1 ? targets.get(0) : null;
    }

    /**
     * The one base table a parse tree names, as written ({@code catalog.schema.name}, empty parts where not written);
     * {@code null} where it names none or several.
     */
    static String writtenTable(Map<String, Object> tree) {
        List<Map<String, Object>> tables = new ArrayList<>();
        baseTables(tree, tables);
        if (tables.size() != 1) return null;
        Map<String, Object> t = tables.get(0);
        return t.get("catalog_name") + "." + t.get("schema_name") + "." + t.get("table_name");
    }

    private static void baseTables(Object value, List<Map<String, Object>> out) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = asMap(raw);
            if ("BASE_TABLE".equals(map.get("type"))) out.add(map);
            for (Object v : map.values()) baseTables(v, out);
        } else if (value instanceof List<?> list) {
            for (Object v : list) baseTables(v, out);
        }
    }

    /** DuckDB's parse tree of {@code sql} ({@code json_serialize_sql}). */
    public static Map<String, Object> parse(Connection connection, String sql) throws SQLException, NotQualified {
        Object parsed = HelperQueries.with(connection, "SELECT json_serialize_sql(?::VARCHAR)", p -> {
            p.setString(1, sql);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return Json.parse(rs.getString(1));
            }
        });
        Map<String, Object> tree = asMap(parsed);
        if (Boolean.TRUE.equals(tree.get("error"))) {
            throw new NotQualified("DuckDB could not serialize the statement: " + tree.get("error_message"));
        }
        return tree;
    }

    /** A deep copy of a parse tree. */
    static Map<String, Object> copy(Map<String, Object> tree) {
        return asMap(Json.parse(Json.write(tree)));
    }

    /** The SQL text of a parse tree ({@code json_deserialize_sql}). */
    static String deserialize(Connection connection, Map<String, Object> tree) throws SQLException {
        return HelperQueries.with(connection, "SELECT json_deserialize_sql(?::JSON)", p -> {
            p.setString(1, Json.write(tree));
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        });
    }

    /** SELECT nodes that read the plan's table directly. */
    private static void findTargets(Object value, TableRef table, List<Map<String, Object>> out) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = asMap(raw);
            if ("SELECT_NODE".equals(map.get("type")) && map.get("from_table") instanceof Map<?, ?> f) {
                Map<String, Object> from = asMap(f);
                if ("BASE_TABLE".equals(from.get("type"))
                        && table.name().equalsIgnoreCase(String.valueOf(from.get("table_name")))) {
                    out.add(map);
                }
            }
            for (Object v : map.values()) {
                findTargets(v, table, out);
            }
        } else if (value instanceof List<?> list) {
            for (Object v : list) {
                findTargets(v, table, out);
            }
        }
    }

    /** The names DuckDB gives the aggregating SELECT's columns (so the rewrite keeps them). */
    static List<String> selectNames(Connection session, Map<String, Object> node) throws SQLException, NotQualified {
        return selectNames(session, session, node);
    }

    /** {@link #selectNames(Connection, Map)}, the SELECT's text made on {@code parser}. */
    private static List<String> selectNames(Connection session, Connection parser, Map<String, Object> node)
            throws SQLException, NotQualified {
        return names(
                session,
                deserialize(parser, namesTree(node)),
                list(node.get("select_list")).size());
    }

    /**
     * The tree of a statement whose columns DuckDB names as those of {@code table}'s aggregating SELECT in {@code
     * tree}, for {@link #rewrite}'s {@code namesSql} (written out beside another call to DuckDB); {@code null} where
     * there is no one such SELECT or it selects * (the rewrite says why).
     */
    static Map<String, Object> namesTree(Map<String, Object> tree, TableRef table) {
        Map<String, Object> node = aggregatingSelect(tree, table);
        if (node == null) return null;
        try {
            return namesTree(node);
        } catch (NotQualified e) {
            return null;
        }
    }

    /** The number of columns a names tree's SELECT lists ({@link #namesTree}). */
    static int selectListSize(Map<String, Object> namesTree) {
        return list(asMap(asMap(list(namesTree.get("statements")).get(0)).get("node"))
                        .get("select_list"))
                .size();
    }

    private static Map<String, Object> namesTree(Map<String, Object> node) throws NotQualified {
        for (Object item : list(node.get("select_list"))) {
            Object cls = asMap(item).get("class");
            if ("STAR".equals(cls) || "COLUMNS".equals(cls)) {
                throw new NotQualified("SELECT * in the aggregating SELECT");
            }
        }
        // The names do not depend on WHERE: without it DuckDB does not bind and optimize a long filter again.
        Map<String, Object> unfiltered = new LinkedHashMap<>(node);
        unfiltered.put("where_clause", null);
        Map<String, Object> statement = new LinkedHashMap<>();
        statement.put("node", unfiltered);
        statement.put("named_param_map", List.of());
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("error", Boolean.FALSE);
        tree.put("statements", List.of(statement));
        return tree;
    }

    /**
     * The names {@code session} gives the {@code columns} columns of {@code text}, the text of an aggregating SELECT's
     * {@link #namesTree}.
     */
    static List<String> names(Connection session, String text, int columns) throws SQLException, NotQualified {
        List<String> names = new ArrayList<>();
        try (PreparedStatement p = session.prepareStatement(text)) {
            ResultSetMetaData md = p.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                names.add(md.getColumnName(i));
            }
        }
        if (names.size() != columns) {
            throw new NotQualified("the aggregating SELECT's columns could not be named");
        }
        return names;
    }

    /**
     * {@code SELECT a0, ... FROM (SELECT keys, CAST(a0 AS type) ... FROM __raydb_result('slot')) AS alias}, whose
     * select items (column references) replace the aggregate calls and whose FROM replaces the base table.
     */
    private static String helperSelect(OffloadPlan plan, String relationName, String alias) {
        StringBuilder inner = new StringBuilder();
        for (GroupKey g : plan.keys()) {
            inner.append(inner.isEmpty() ? "" : ", ").append(TableRef.quote(g.column()));
        }
        StringBuilder outer = new StringBuilder();
        for (int i = 0; i < plan.aggregates().size(); i++) {
            String col = aggregateColumn(i);
            Aggregate a = plan.aggregates().get(i);
            inner.append(inner.isEmpty() ? "" : ", ")
                    .append("CAST(")
                    .append(col)
                    .append(" AS ")
                    .append(a.resultType().sql())
                    .append(") AS ")
                    .append(col);
            outer.append(outer.isEmpty() ? "" : ", ").append(col);
        }
        if (inner.isEmpty()) {
            inner.append("1");
        }
        if (outer.isEmpty()) {
            outer.append("1");
        }
        return "SELECT " + outer + " FROM (SELECT " + inner + " FROM " + resultCall(relationName) + ") AS "
                + TableRef.quote(alias);
    }

    /** Replaces aggregate calls in an expression tree; returns the (possibly new) root. */
    private static Object replaceAggregates(Object expr, OffloadPlan plan, List<Object> replacements)
            throws NotQualified {
        if (!(expr instanceof Map<?, ?>)) {
            if (expr instanceof List<?> l) {
                List<Object> items = list(l);
                for (int i = 0; i < items.size(); i++) {
                    items.set(i, replaceAggregates(items.get(i), plan, replacements));
                }
            }
            return expr;
        }
        Map<String, Object> map = asMap(expr);
        if ("SUBQUERY".equals(map.get("class"))) {
            throw new NotQualified("subquery in the aggregating SELECT");
        }
        if ("FUNCTION".equals(map.get("class"))
                && AggregateFunction.forName(String.valueOf(map.get("function_name"))) != null
                && !Boolean.TRUE.equals(map.get("is_operator"))) {
            String canonical = aggregateCanonical(map);
            // DuckDB binds COUNT(<non-NULL constant>) as COUNT(*).
            String alternative = canonical.matches("count\\(-?[0-9.]+\\)") ? "count_star()" : canonical;
            for (int i = 0; i < plan.aggregates().size(); i++) {
                String planned = plan.aggregates().get(i).canonical();
                if (planned.equals(canonical) || planned.equals(alternative)) {
                    Map<String, Object> copy = asMap(Json.parse(Json.write(replacements.get(i))));
                    copy.put("alias", map.get("alias"));
                    return copy;
                }
            }
            throw new NotQualified("aggregate " + canonical + " could not be matched to the plan");
        }
        for (Map.Entry<String, Object> e : map.entrySet()) {
            Object v = e.getValue();
            if (v instanceof Map<?, ?> || v instanceof List<?>) {
                e.setValue(replaceAggregates(v, plan, replacements));
            }
        }
        return map;
    }

    private static String aggregateCanonical(Map<String, Object> call) throws NotQualified {
        String fn = String.valueOf(call.get("function_name")).toLowerCase(Locale.ROOT);
        List<Object> args = arguments(call);
        boolean distinct = Boolean.TRUE.equals(call.get("distinct"));
        if ((distinct && !(fn.equals("count") && args.size() == 1 && call.get("filter") == null))
                || !JsonNode.of(call.get("order_bys")).list("orders").isEmpty()) {
            throw new NotQualified("DISTINCT or ORDER BY inside " + fn);
        }
        if (distinct) fn = AggregateFunction.COUNT_DISTINCT.sqlName();
        if (fn.equals("count") && args.isEmpty()) {
            fn = "count_star";
        }
        String gate = null;
        if (call.get("filter") != null) {
            gate = gateName(call.get("filter"));
            if (gate == null) {
                throw new NotQualified("a FILTER condition on more than one column or on none, inside " + fn);
            }
        }
        if (fn.equals("count_star") && gate != null) {
            // The plan counts FILTER's rows as COUNT(CASE WHEN gate THEN 1 END) (PlanMatcher).
            return "count(" + Expr.caseCanonical(gate, "1", null) + ")" + Aggregate.FILTERED;
        }
        StringBuilder out = new StringBuilder(fn).append('(');
        for (Object a : args) {
            String c = canonical(a);
            if (c == null) {
                throw new NotQualified("argument of " + fn + " is not a column expression");
            }
            out.append(gate == null ? c : Expr.caseCanonical(gate, c, null));
        }
        return out.append(')').append(gate == null ? "" : Aggregate.FILTERED).toString();
    }

    private static List<Object> arguments(Map<String, Object> call) {
        List<Object> out = new ArrayList<>();
        Object args = call.get("arguments");
        if (args == null) {
            args = call.get("children");
        }
        for (Object a : list(args)) {
            Map<String, Object> m = asMap(a);
            out.add(m.containsKey("expression") && !m.containsKey("class") ? m.get("expression") : m);
        }
        return out;
    }

    /** The name of the column a CASE or FILTER condition reads as its gate, as written; null for another condition. */
    private static String gateName(Object condition) {
        if (!(condition instanceof Map<?, ?> c) || !"COLUMN_REF".equals(c.get("class"))) return null;
        List<Object> names = list(c.get("column_names"));
        return names.get(names.size() - 1).toString();
    }

    /** A NULL literal, cast or not. */
    private static boolean isNullConstant(Object expr) {
        Map<String, Object> m = asMap(expr);
        if ("CAST".equals(m.get("class"))) return isNullConstant(m.get("child"));
        if (!"CONSTANT".equals(m.get("class"))) return false;
        Object literal = m.get("literal");
        Object value = m.get("value");
        return literal instanceof Map<?, ?> l
                ? "NULL_LITERAL".equals(l.get("kind"))
                : value instanceof Map<?, ?> v && Boolean.TRUE.equals(v.get("is_null"));
    }

    /** The parse-tree twin of {@link Expr#canonical()}, or {@code null} when it has none. */
    private static String canonical(Object expr) {
        Map<String, Object> m = asMap(expr);
        String cls = String.valueOf(m.get("class"));
        switch (cls) {
            case "COLUMN_REF": {
                List<Object> names = list(m.get("column_names"));
                return names.get(names.size() - 1).toString().toLowerCase(Locale.ROOT);
            }
            case "CONSTANT": {
                Object literal = m.get("literal");
                String text;
                if (literal instanceof Map<?, ?> l) {
                    text = String.valueOf(asMap(l).get("text"));
                } else {
                    Object value = asMap(m.get("value")).get("value");
                    text = String.valueOf(value);
                }
                try {
                    return Expr.canonicalNumber(new BigDecimal(text));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
            case "CAST":
                return canonical(m.get("child"));
            case "CASE": {
                // Several WHENs nest as the plan reads them (PlanExpressions): each a CASE in the previous one's ELSE.
                List<Object> checks = list(m.get("case_checks"));
                if (checks.isEmpty()) return null;
                Object otherwise = m.get("else_expr");
                boolean noElse = otherwise == null || isNullConstant(otherwise);
                String text = noElse ? null : canonical(otherwise);
                if (!noElse && text == null) return null;
                for (int i = checks.size() - 1; i >= 0; i--) {
                    Map<String, Object> check = asMap(checks.get(i));
                    String gate = gateName(check.get("when_expr"));
                    String then = canonical(check.get("then_expr"));
                    if (gate == null || then == null) return null;
                    text = Expr.caseCanonical(gate, then, text);
                }
                return text;
            }
            case "FUNCTION": {
                String fn = String.valueOf(m.get("function_name"));
                List<Object> args = arguments(m);
                if (args.size() != 2 || !(fn.equals("+") || fn.equals("-") || fn.equals("*"))) {
                    return null;
                }
                String l = canonical(args.get(0));
                String r = canonical(args.get(1));
                if (l == null || r == null) {
                    return null;
                }
                if (!fn.equals("-") && l.compareTo(r) > 0) {
                    String t = l;
                    l = r;
                    r = t;
                }
                return "(" + l + fn + r + ")";
            }
            default:
                return null;
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object o) {
        return (Map<String, Object>) o;
    }

    /** A parse-tree list, empty for {@code null} (changes to it change the tree). */
    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return o == null ? new ArrayList<>() : (List<Object>) o;
    }
}
