package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Filters on one column that the offload cannot read from DuckDB's plan (LIKE other than a prefix, NOT LIKE, ILIKE,
 * regular expressions, {@code lower}, {@code substring}, {@code year(d)}, {@code date_trunc}, arithmetic on the
 * column, an OR of such): such a conjunct of the
 * aggregating SELECT's WHERE is taken out of the statement before it is planned, and DuckDB itself evaluates it
 * over the column's distinct values (and NULL) when the job is prepared, so the offload selects exactly the rows
 * DuckDB would. A conjunct qualifies when it reads one column and nothing else of the row, and calls only functions
 * DuckDB marks CONSISTENT (the same result for the same input: not {@code random()}, not {@code now()}).
 */
final class DictionaryPredicates {

    private static final Set<String> REFUSED_CLASSES =
            Set.of("SUBQUERY", "PARAMETER", "WINDOW", "STAR", "LAMBDA", "POSITIONAL_REFERENCE", "DEFAULT");

    private DictionaryPredicates() {}

    /**
     * Takes the qualifying conjuncts out of the aggregating SELECT's WHERE in {@code tree}; returns their SQL text
     * (over the column as written) by column, empty where there is none (the tree is then unchanged).
     */
    static Map<String, List<String>> extract(Connection session, Map<String, Object> tree, TableBinding binding)
            throws SQLException, NotQualified {
        Map<String, Object> select = SqlRewriter.aggregatingSelect(tree, binding.table());
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (select == null || select.get("where_clause") == null) {
            return out;
        }
        List<Object> conjuncts = new ArrayList<>();
        SqlRewriter.conjuncts(select.get("where_clause"), conjuncts);
        List<Object> kept = new ArrayList<>();
        for (Object conjunct : conjuncts) {
            String column = column(session, conjunct, binding);
            if (column == null) {
                kept.add(conjunct);
            } else {
                out.computeIfAbsent(column, c -> new ArrayList<>()).add(text(session, conjunct));
            }
        }
        if (!out.isEmpty()) {
            select.put("where_clause", kept.isEmpty() ? null : SqlRewriter.conjunction(kept));
        }
        return out;
    }

    /** The column (of a type the offload filters on) a qualifying conjunct reads, or null where it does not qualify. */
    private static String column(Connection session, Object conjunct, TableBinding binding) throws SQLException {
        Set<String> columns = new LinkedHashSet<>();
        Set<String> functions = new LinkedHashSet<>();
        boolean[] refused = {false};
        walk(conjunct, columns, functions, refused);
        if (refused[0] || columns.size() != 1) {
            return null;
        }
        String name = columns.iterator().next();
        String column = null;
        for (Map.Entry<String, ColumnType> c : binding.columns().entrySet()) {
            if (c.getKey().equalsIgnoreCase(name) && c.getValue().isKeyType()) {
                column = c.getKey();
            }
        }
        return column != null && consistent(session, functions) ? column : null;
    }

    static void walk(Object value, Set<String> columns, Set<String> functions, boolean[] refused) {
        if (value instanceof Map<?, ?> map) {
            Object cls = map.get("class");
            if (cls != null && REFUSED_CLASSES.contains(cls.toString())) {
                refused[0] = true;
                return;
            }
            if ("COLUMN_REF".equals(cls)) {
                List<?> names = (List<?>) map.get("column_names");
                if (names.size() > 2) {
                    refused[0] = true; // schema- or catalog-qualified: not resolved against a derived table here
                }
                columns.add(String.valueOf(names.get(names.size() - 1)).toLowerCase(Locale.ROOT));
                return;
            }
            if ("FUNCTION".equals(cls)) {
                functions.add(String.valueOf(map.get("function_name")));
            }
            for (Object v : map.values()) walk(v, columns, functions, refused);
        } else if (value instanceof List<?> list) {
            for (Object v : list) walk(v, columns, functions, refused);
        }
    }

    /** Whether DuckDB marks every function CONSISTENT (an unknown name is not). */
    static boolean consistent(Connection session, Set<String> functions) throws SQLException {
        for (String f : functions) {
            try (PreparedStatement p = session.prepareStatement(
                    "SELECT bool_and(stability = 'CONSISTENT') FROM duckdb_functions() WHERE function_name = ?")) {
                p.setString(1, f);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next() || !rs.getBoolean(1) || rs.wasNull()) return false;
                }
            }
        }
        return true;
    }

    /**
     * The conjunct as SQL text, as DuckDB writes it back from its parse tree, with its column unqualified (the
     * evaluation reads it from a derived table of that one column).
     */
    static String text(Connection session, Object conjunct) throws SQLException, NotQualified {
        Map<String, Object> tree = SqlRewriter.parse(session, "SELECT 1");
        Map<String, Object> copy = SqlRewriter.copy(Map.of("e", conjunct));
        unqualify(copy.get("e"));
        @SuppressWarnings("unchecked")
        Map<String, Object> node =
                (Map<String, Object>) ((Map<String, Object>) ((List<?>) tree.get("statements")).get(0)).get("node");
        node.put("select_list", List.of(copy.get("e")));
        String sql = SqlRewriter.deserialize(session, tree).strip();
        if (!sql.regionMatches(true, 0, "SELECT ", 0, 7)) {
            throw new NotQualified("a filter could not be written back as SQL");
        }
        return sql.substring(7);
    }

    @SuppressWarnings("unchecked")
    private static void unqualify(Object value) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = (Map<String, Object>) raw;
            if ("COLUMN_REF".equals(map.get("class"))) {
                List<?> names = (List<?>) map.get("column_names");
                map.put("column_names", List.of(names.get(names.size() - 1)));
                return;
            }
            map.values().forEach(DictionaryPredicates::unqualify);
        } else if (value instanceof List<?> list) {
            list.forEach(DictionaryPredicates::unqualify);
        }
    }
}
