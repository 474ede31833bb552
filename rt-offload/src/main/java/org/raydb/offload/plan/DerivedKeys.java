package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.raydb.offload.json.Json;

/**
 * GROUP BY on an expression over one column ({@code year(d)}, {@code date_trunc('month', d)}, {@code substring(s, 1,
 * 3)}, {@code v % 10}): in the aggregating SELECT of the parse tree, every occurrence of such a group expression
 * (in the select list, GROUP BY, HAVING and ORDER BY) becomes a {@link DerivedColumn}, so the statement planned is
 * a GROUP BY on a column. So does, as a BOOLEAN column, the condition of an aggregate's FILTER and the WHEN of a
 * one-branch CASE inside an aggregate ({@code sum(x) FILTER (WHERE s LIKE '%AIR%')}, {@code sum(CASE WHEN m =
 * 'MAIL' THEN 1 ELSE 0 END)}): the plan then reads them as CASE gates (see Expr.Case). The expression must call only
 * functions DuckDB marks CONSISTENT and give a type the offload reads back exactly (integers, BOOLEAN, DATE, TIMESTAMP,
 * VARCHAR); one that reads several of the table's own columns becomes a {@link RowColumn} instead (computed per row).
 * Other group expressions stay, and the plan declines them.
 */
final class DerivedKeys {

    /**
     * The derived columns a statement groups by (name to SQL type; empty: none, the tree unchanged) and the names
     * DuckDB gives the aggregating SELECT's columns as written ({@code null} where nothing changed).
     */
    record Derived(Map<String, String> columns, Map<String, ColumnType> types, List<String> names) {}

    private static final Set<String> SKIPPED_CLASSES = Set.of("COLUMN_REF", "CONSTANT");

    private DerivedKeys() {}

    /**
     * @param columns the aggregated table's columns with their types (a star join's virtual ones included)
     * @param virtual a star join's virtual columns with their SQL types (the table's own are read from DuckDB)
     */
    static Derived apply(
            Connection session,
            Map<String, Object> tree,
            TableRef table,
            Map<String, ColumnType> columns,
            Map<String, String> virtual,
            List<String> knownNames)
            throws SQLException, NotQualified {
        Map<String, Object> select = SqlRewriter.aggregatingSelect(tree, table);
        if (select == null) return new Derived(Map.of(), Map.of(), null);
        Deriving d = new Deriving(session, table, columns, virtual, knownNames, select);
        // Conditions first: one that a group key's expression is part of (CASE WHEN year(d) = 1994 beside GROUP BY
        // year(d)) still reads the table's column, not the key's.
        for (String part : List.of("select_list", "having", "modifiers")) {
            d.conditions(select.get(part), false);
        }
        List<Object> groups = SqlRewriter.list(select.get("group_expressions"));
        for (int index = 0; index < groups.size(); index++) {
            Object g = selected(groups.get(index), select, columns);
            String name = d.column(g, null);
            if (name == null) continue;
            String target = canonical(g);
            for (String part : List.of("select_list", "group_expressions", "having", "modifiers")) {
                select.put(part, replace(select.get(part), target, name));
            }
            // GROUP BY 1 or GROUP BY an alias: the key itself becomes the column too.
            List<Object> replaced = SqlRewriter.list(select.get("group_expressions"));
            replaced.set(index, replace(g, target, name));
            select.put("group_expressions", replaced);
        }
        return new Derived(d.derived, d.types, d.derived.isEmpty() ? null : d.names);
    }

    /** The derived columns of one statement as they are made, and the statement's names from before the first. */
    private static final class Deriving {
        private final Connection session;
        private final TableRef table;
        private final Map<String, ColumnType> columns;
        private final Map<String, String> virtual;
        private final Map<String, Object> select;
        private final Map<String, String> derived = new LinkedHashMap<>();
        private final Map<String, ColumnType> types = new LinkedHashMap<>();
        private Map<String, String> sqlTypes;
        private List<String> names;

        Deriving(
                Connection session,
                TableRef table,
                Map<String, ColumnType> columns,
                Map<String, String> virtual,
                List<String> knownNames,
                Map<String, Object> select) {
            this.session = session;
            this.table = table;
            this.columns = columns;
            this.virtual = virtual;
            this.names = knownNames;
            this.select = select;
        }

        /**
         * The derived column {@code e} becomes (of type {@code required} where given), or null where it reads no
         * key column, calls a function DuckDB does not mark CONSISTENT, or has another type. One that reads several
         * columns becomes a {@link RowColumn}.
         */
        String column(Object e, ColumnType.Kind required) throws SQLException, NotQualified {
            if (!(e instanceof Map<?, ?> m) || SKIPPED_CLASSES.contains(String.valueOf(m.get("class")))) return null;
            Set<String> read = new LinkedHashSet<>();
            Set<String> functions = new LinkedHashSet<>();
            boolean[] refused = {false};
            DictionaryPredicates.walk(e, read, functions, refused);
            if (refused[0] || read.isEmpty()) return null;
            if (read.size() > 1) return rowColumn(e, required);
            String column = null;
            for (String c : columns.keySet()) {
                if (c.equalsIgnoreCase(read.iterator().next())) column = c;
            }
            if (column == null || !columns.get(column).isKeyType()) return null;
            if (!DictionaryPredicates.consistent(session, functions)) return null;
            // Written over a name of its own: the source's may hold the separators of a virtual column's.
            String text = DictionaryPredicates.text(
                    session, renamed(SqlRewriter.copy(Map.of("e", e)).get("e")));
            if (!DerivedColumn.nameable(text)) return null;
            if (sqlTypes == null) {
                sqlTypes = new LinkedHashMap<>(PlanningDatabase.columnTypes(session, table));
                sqlTypes.putAll(virtual);
            }
            String sqlType = sqlTypes.get(column);
            ColumnType type = sqlType == null ? null : resultType(session, text, column, sqlType);
            if (type == null || (required != null && type.kind() != required)) return null;
            if (names == null) {
                // The names of the statement as written, before any of its expressions becomes a column.
                names = SqlRewriter.selectNames(session, SqlRewriter.copy(select));
            }
            String name = new DerivedColumn(column, columns.get(column), text, type).name();
            for (String other : derived.keySet()) {
                if (other.equalsIgnoreCase(name) && !other.equals(name)) {
                    // The planning replica names its columns after them, and DuckDB's column names ignore case.
                    throw new NotQualified("two expressions of " + column + " that differ only in letter case");
                }
            }
            derived.put(name, type.kind().name());
            types.put(name, type);
            return name;
        }

        /** The {@link RowColumn} {@code e}, which reads several columns, becomes (see {@link #column}). */
        String rowColumn(Object e, ColumnType.Kind required) throws SQLException, NotQualified {
            RowColumn row = RowColumns.column(session, table, columns, e);
            if (row == null || (required != null && row.type().kind() != required)) return null;
            if (names == null) {
                names = SqlRewriter.selectNames(session, SqlRewriter.copy(select));
            }
            derived.put(row.name(), row.type().sql());
            types.put(row.name(), row.type());
            return row.name();
        }

        /**
         * In aggregate calls within {@code value}: each FILTER condition and each one-branch CASE's WHEN on one
         * column becomes a reference to a derived BOOLEAN column, in place (PlanMatcher reads them as gates).
         */
        @SuppressWarnings("unchecked")
        void conditions(Object value, boolean inAggregate) throws SQLException, NotQualified {
            if (value instanceof List<?> l) {
                for (Object v : l) conditions(v, inAggregate);
                return;
            }
            if (!(value instanceof Map<?, ?> raw)) return;
            Map<String, Object> map = (Map<String, Object>) raw;
            boolean aggregate = inAggregate
                    || ("FUNCTION".equals(map.get("class"))
                            && AggregateFunction.forName(String.valueOf(map.get("function_name"))) != null);
            if (aggregate && !inAggregate && map.get("filter") != null) {
                String gate = column(map.get("filter"), ColumnType.Kind.BOOLEAN);
                if (gate != null) map.put("filter", SqlRewriter.columnRef(gate, ""));
            }
            if (aggregate && "CASE".equals(map.get("class"))) {
                for (Object check : SqlRewriter.list(map.get("case_checks"))) {
                    if (!(check instanceof Map<?, ?>)) continue;
                    Map<String, Object> c = (Map<String, Object>) check;
                    String gate = column(c.get("when_expr"), ColumnType.Kind.BOOLEAN);
                    if (gate != null) c.put("when_expr", SqlRewriter.columnRef(gate, ""));
                }
            }
            for (Object v : map.values()) conditions(v, aggregate);
        }
    }

    /**
     * The expression a GROUP BY item stands for: a select item's where it is its ordinal or its alias (and names
     * no column of the table), else itself.
     */
    private static Object selected(Object group, Map<String, Object> select, Map<String, ColumnType> columns) {
        if (!(group instanceof Map<?, ?> m)) return group;
        List<Object> items = SqlRewriter.list(select.get("select_list"));
        if ("CONSTANT".equals(m.get("class"))
                && m.get("literal") instanceof Map<?, ?> literal
                && "INTEGER".equals(literal.get("kind"))) {
            int ordinal = Integer.parseInt(String.valueOf(literal.get("text")));
            return ordinal >= 1 && ordinal <= items.size() ? items.get(ordinal - 1) : group;
        }
        if ("COLUMN_REF".equals(m.get("class"))
                && m.get("column_names") instanceof List<?> names
                && names.size() == 1) {
            String name = String.valueOf(names.get(0));
            if (columns.keySet().stream().anyMatch(c -> c.equalsIgnoreCase(name))) return group;
            for (Object item : items) {
                if (item instanceof Map<?, ?> i && name.equalsIgnoreCase(String.valueOf(i.get("alias")))) return item;
            }
        }
        return group;
    }

    /** The expression's type where the offload reads it back exactly, else {@code null}. */
    private static ColumnType resultType(Connection session, String text, String column, String sqlType)
            throws SQLException {
        String sql = "SELECT " + text + " FROM (SELECT NULL::" + sqlType + " AS " + TableRef.quote(DerivedColumn.SOURCE)
                + ")";
        String type;
        try (PreparedStatement p = session.prepareStatement(sql)) {
            type = p.getMetaData().getColumnTypeName(1);
        } catch (SQLException e) {
            return null; // DuckDB binds it otherwise in the query (it may not bind at all): the plan decides
        }
        ColumnType read = ColumnType.ofResult(type);
        // A derived key of one column takes no DECIMAL result (row columns do).
        return read == null || read.kind() == ColumnType.Kind.DECIMAL ? null : read;
    }

    /** {@code expression} with every column reference naming {@link DerivedColumn#SOURCE} instead. */
    @SuppressWarnings("unchecked")
    private static Object renamed(Object expression) {
        if (expression instanceof Map<?, ?> raw) {
            Map<String, Object> map = (Map<String, Object>) raw;
            if ("COLUMN_REF".equals(map.get("class"))) {
                map.put("column_names", new ArrayList<>(List.of(DerivedColumn.SOURCE)));
                return map;
            }
            map.values().forEach(DerivedKeys::renamed);
        } else if (expression instanceof List<?> list) {
            list.forEach(DerivedKeys::renamed);
        }
        return expression;
    }

    /**
     * A copy of {@code value} in which every expression equal to {@code target} (its canonical form) is a
     * reference to {@code name}, keeping its alias.
     */
    private static Object replace(Object value, String target, String name) {
        if (value instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object v : l) out.add(replace(v, target, name));
            return out;
        }
        if (!(value instanceof Map<?, ?> raw)) return value;
        @SuppressWarnings("unchecked")
        Map<String, Object> map = new LinkedHashMap<>((Map<String, Object>) raw);
        if (map.containsKey("class") && canonical(map).equals(target)) {
            return SqlRewriter.columnRef(name, map.getOrDefault("alias", ""));
        }
        map.replaceAll((k, v) -> replace(v, target, name));
        return map;
    }

    /** An expression's JSON without its places in the text and its own alias: equal for equal expressions. */
    private static String canonical(Object expression) {
        @SuppressWarnings("unchecked")
        Map<String, Object> top = new LinkedHashMap<>((Map<String, Object>) expression);
        top.remove("alias");
        return Json.write(withoutLocations(top));
    }

    private static Object withoutLocations(Object value) {
        if (value instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object v : l) out.add(withoutLocations(v));
            return out;
        }
        if (!(value instanceof Map<?, ?> raw)) return value;
        Map<Object, Object> out = new LinkedHashMap<>();
        raw.forEach((k, v) -> {
            if (!"query_location".equals(k) && !"query_location_length".equals(k)) out.put(k, withoutLocations(v));
        });
        return out;
    }
}
