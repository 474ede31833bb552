package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A view the aggregating SELECT reads, merged into it so that the statement reads the view's table as every
 * other offloaded statement does: {@code FROM v WHERE outer} becomes {@code FROM t AS v WHERE (view's WHERE)
 * AND (outer)}. Only views that select plain columns of one table under their own names (or {@code *}) and
 * filter them qualify: the merge is then the view's meaning exactly. A view that renames, computes, joins,
 * groups, orders, limits or lists column names of its own is DuckDB's. The merged statement must bind to the same
 * table, with the same columns, as the statement as written (so the view chosen here is the one DuckDB's binder
 * chose, and its body's names resolve to the same table).
 */
final class ViewInlining {

    private ViewInlining() {}

    /**
     * Merges the view the aggregating SELECT reads into {@code tree} where {@code binding}'s table is not named in
     * it; returns whether it did (the tree is changed then).
     */
    static boolean inline(Connection session, Map<String, Object> tree, TableBinding binding)
            throws SQLException, NotQualified {
        List<Map<String, Object>> readers = new ArrayList<>();
        if (names(tree, binding.table(), readers)) {
            return false;
        }
        if (readers.size() != 1) {
            throw new NotQualified("the table " + binding.table() + " was not found in the SQL text");
        }
        Map<String, Object> select = readers.get(0);
        Map<String, Object> ref = map(select.get("from_table"));
        String view = String.valueOf(ref.get("table_name"));
        Map<String, Object> body = body(session, ref, view);
        Map<String, Object> base = new LinkedHashMap<>(map(body.get("from_table")));
        String alias = String.valueOf(ref.get("alias"));
        base.put("alias", alias.isEmpty() || alias.equals("null") ? view : alias);
        select.put("from_table", base);
        Object outer = select.get("where_clause");
        Object inner = body.get("where_clause");
        select.put(
                "where_clause",
                outer == null ? inner : inner == null ? outer : SqlRewriter.conjunction(List.of(inner, outer)));
        TableBinding merged = TableBinding.of(session, SqlRewriter.deserialize(session, tree));
        if (!merged.table().equals(binding.table()) || !merged.identity().equals(binding.identity())) {
            throw new NotQualified("the view " + view + " does not merge into the query as DuckDB binds it");
        }
        return true;
    }

    /** The view's SELECT, parsed, where it qualifies. */
    private static Map<String, Object> body(Connection session, Map<String, Object> ref, String view)
            throws SQLException, NotQualified {
        String schema = String.valueOf(ref.get("schema_name"));
        String catalog = String.valueOf(ref.get("catalog_name"));
        List<String> definitions = new ArrayList<>();
        try (PreparedStatement p = session.prepareStatement("SELECT sql FROM duckdb_views() WHERE NOT internal"
                + " AND lower(view_name) = lower(?) AND (? = '' OR lower(schema_name) = lower(?)"
                + " OR lower(database_name) = lower(?)) AND (? = '' OR lower(database_name) = lower(?))")) {
            p.setString(1, view);
            p.setString(2, schema);
            p.setString(3, schema);
            p.setString(4, schema);
            p.setString(5, catalog);
            p.setString(6, catalog);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) definitions.add(rs.getString(1));
            }
        }
        if (definitions.size() != 1) {
            throw new NotQualified(
                    definitions.isEmpty()
                            ? "the relation " + view + " is neither the scanned table nor a view"
                            : "more than one view is named " + view);
        }
        Map<String, Object> parsed = SqlRewriter.parse(session, query(definitions.get(0), view));
        List<?> statements = (List<?>) parsed.get("statements");
        Map<String, Object> node = map(map(statements.get(0)).get("node"));
        String why = unmergeable(node);
        if (why != null) {
            throw new NotQualified("the view " + view + " " + why);
        }
        return node;
    }

    /** Why a view's SELECT cannot be merged, or null. */
    private static String unmergeable(Map<String, Object> node) {
        if (!"SELECT_NODE".equals(node.get("type"))) return "is not one SELECT";
        if (!list(node.get("modifiers")).isEmpty()) return "orders, limits or removes duplicates";
        if (!list(map(node.get("cte_map")).get("map")).isEmpty()) return "has a WITH clause";
        if (!list(node.get("group_expressions")).isEmpty()
                || node.get("having") != null
                || node.get("qualify") != null
                || node.get("sample") != null
                || !"STANDARD_HANDLING".equals(node.get("aggregate_handling"))) {
            return "groups, samples or has a QUALIFY clause";
        }
        Map<String, Object> from = map(node.get("from_table"));
        if (!"BASE_TABLE".equals(from.get("type"))) return "reads more than one base table";
        if (!String.valueOf(from.get("alias")).isEmpty() || from.get("at_clause") != null) {
            return "gives its table an alias or a point in time";
        }
        for (Object item : list(node.get("select_list"))) {
            Map<String, Object> e = map(item);
            boolean star = "STAR".equals(e.get("class"))
                    && String.valueOf(e.get("relation_name")).isEmpty()
                    && list(e.get("exclude_list")).isEmpty()
                    && list(e.get("replace_list")).isEmpty()
                    && list(e.get("rename_list")).isEmpty()
                    && !Boolean.TRUE.equals(e.get("columns"))
                    && e.get("expr") == null;
            List<Object> names = list(e.get("column_names"));
            boolean column = "COLUMN_REF".equals(e.get("class"))
                    && names.size() == 1
                    && (String.valueOf(e.get("alias")).isEmpty()
                            || String.valueOf(e.get("alias")).equalsIgnoreCase(String.valueOf(names.get(0))));
            if (!star && !column) return "computes or renames a column";
        }
        return null;
    }

    /**
     * The query of {@code CREATE [TEMP] VIEW name AS query;} as DuckDB writes a view's definition; a view with a
     * list of column names of its own does not qualify.
     */
    static String query(String definition, String view) throws NotQualified {
        int at = skipWords(definition, 0, "CREATE", "OR", "REPLACE", "TEMP", "TEMPORARY", "VIEW");
        // The (possibly qualified, possibly quoted) name.
        while (true) {
            at = skipSpace(definition, at);
            if (at < definition.length() && definition.charAt(at) == '"') {
                at = definition.indexOf('"', at + 1);
                while (at >= 0 && at + 1 < definition.length() && definition.charAt(at + 1) == '"') {
                    at = definition.indexOf('"', at + 2);
                }
                if (at < 0) throw new NotQualified("the definition of view " + view + " could not be read");
                at++;
            } else {
                while (at < definition.length()
                        && (Character.isLetterOrDigit(definition.charAt(at)) || definition.charAt(at) == '_')) {
                    at++;
                }
            }
            if (at < definition.length() && definition.charAt(at) == '.') {
                at++;
                continue;
            }
            break;
        }
        at = skipSpace(definition, at);
        if (at < definition.length() && definition.charAt(at) == '(') {
            throw new NotQualified("the view " + view + " names its columns itself");
        }
        int query = skipWords(definition, at, "AS");
        if (query == at) throw new NotQualified("the definition of view " + view + " could not be read");
        String text = definition.substring(query).strip();
        return text.endsWith(";") ? text.substring(0, text.length() - 1) : text;
    }

    /** Past any of {@code words} (case-insensitive, whole words) and the spaces around them, from {@code at}. */
    private static int skipWords(String text, int at, String... words) {
        boolean moved = true;
        while (moved) {
            moved = false;
            int start = skipSpace(text, at);
            for (String w : words) {
                int end = start + w.length();
                if (end <= text.length()
                        && text.substring(start, end).toUpperCase(Locale.ROOT).equals(w)
                        && (end == text.length() || Character.isWhitespace(text.charAt(end)))) {
                    at = end;
                    moved = true;
                    break;
                }
            }
        }
        return at;
    }

    private static int skipSpace(String text, int at) {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        return at;
    }

    /**
     * Whether a table reference in the tree names {@code table}; else the SELECT nodes whose FROM is some other
     * single relation are collected into {@code readers}.
     */
    private static boolean names(Object value, TableRef table, List<Map<String, Object>> readers) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> m = map(raw);
            if ("BASE_TABLE".equals(m.get("type"))
                    && table.name().equalsIgnoreCase(String.valueOf(m.get("table_name")))) {
                return true;
            }
            if ("SELECT_NODE".equals(m.get("type"))
                    && m.get("from_table") instanceof Map<?, ?> f
                    && "BASE_TABLE".equals(f.get("type"))) {
                readers.add(m);
            }
            for (Object v : m.values()) {
                if (names(v, table, readers)) return true;
            }
        } else if (value instanceof List<?> l) {
            for (Object v : l) {
                if (names(v, table, readers)) return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o == null ? Map.of() : (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }
}
