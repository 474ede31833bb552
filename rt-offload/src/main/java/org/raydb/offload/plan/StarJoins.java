package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a star join into an aggregation over the fact table alone. In DuckDB's parse tree of the statement, the
 * one SELECT whose FROM joins base tables must join one fact table by inner equi-joins to dimensions on keys
 * unique in them ({@link DimensionJoin}), or dimensions to sub-dimensions the same way (snowflake chains); every
 * other condition must read one table. The SELECT then reads the
 * fact table only: each dimension column it names becomes the fact table's {@link VirtualColumn} and the join
 * conditions go (the plan filters the fact rows whose key meets no dimension row instead). Planned over a
 * replica of the fact table with those columns added, the statement is an ordinary flat aggregation, and the
 * offload runs it as one. Everything else (outer joins, joins on expressions or on several columns, cycles,
 * keys that are not unique) declines, naming the join.
 */
final class StarJoins {

    /**
     * A star join as an aggregation over its fact table.
     *
     * @param fact           the fact table bound, its columns including the virtual ones
     * @param joins          one per dimension
     * @param virtualColumns the virtual columns the statement reads, with their SQL types
     * @param tree           the statement's parse tree, its joining SELECT reading the fact table alone
     * @param names          the joining SELECT's column names as DuckDB gives the application's statement
     */
    record Star(
            TableBinding fact,
            List<DimensionJoin> joins,
            Map<String, String> virtualColumns,
            Map<String, Object> tree,
            List<String> names) {}

    private StarJoins() {}

    /** A table as the joining SELECT names it. */
    private record Leaf(String refName, Map<String, Object> node, TableBinding binding) {}

    /** A column of one of the join's tables. */
    private record Resolved(Leaf leaf, String column) {}

    /** {@code left.leftColumn = right.rightColumn}. */
    private record Edge(Leaf left, String leftColumn, Leaf right, String rightColumn) {}

    /**
     * @param tables     every base table the statement reads ({@link TableBinding.Bound#tables})
     * @param uniqueKeys how each dimension key was found unique, by table, column and oid (a cache the planner
     *                   keeps; {@code ""}: not unique)
     */
    static Star flatten(
            Connection session,
            Map<String, Object> tree,
            List<TableBinding> tables,
            Map<List<Object>, String> uniqueKeys)
            throws SQLException, NotQualified {
        List<Map<String, Object>> selects = new ArrayList<>();
        joiningSelects(tree, selects);
        if (selects.size() != 1) {
            throw new NotQualified(
                    selects.isEmpty()
                            ? "more than one table scan outside one SELECT's joins (subqueries or set operations)"
                            : "joins in more than one SELECT");
        }
        Map<String, Object> node = selects.get(0);
        if (node.get("qualify") != null || node.get("sample") != null) {
            throw new NotQualified("QUALIFY or SAMPLE on a joining SELECT");
        }
        List<Object> conjuncts = new ArrayList<>();
        List<Leaf> leaves = new ArrayList<>();
        leaves(SqlRewriter.asMap(node.get("from_table")), tables, leaves, conjuncts);
        if (leaves.size() != tables.size()) {
            throw new NotQualified("a table is read outside the joining SELECT's FROM (a subquery)");
        }
        Set<String> refNames = new HashSet<>();
        for (Leaf l : leaves) {
            if (!refNames.add(l.refName().toLowerCase(Locale.ROOT))) {
                throw new NotQualified("two tables of the join under one name (" + l.refName() + ")", true);
            }
        }
        if (contains(node, "SUBQUERY", new HashSet<>(Set.of("from_table")))) {
            throw new NotQualified("a subquery in a joining SELECT");
        }
        for (Object item : SqlRewriter.list(node.get("select_list"))) {
            Object cls = SqlRewriter.asMap(item).get("class");
            if ("STAR".equals(cls) || "COLUMNS".equals(cls)) {
                throw new NotQualified("SELECT * in a joining SELECT");
            }
        }
        // Names before anything changes: the application's statement is what they are DuckDB's names of.
        List<String> names = SqlRewriter.selectNames(session, SqlRewriter.copy(node));
        SqlRewriter.conjuncts(node.get("where_clause"), conjuncts);

        List<Edge> edges = new ArrayList<>();
        List<Object> filters = new ArrayList<>();
        for (Object c : conjuncts) {
            Edge edge = edge(c, leaves);
            if (edge != null) {
                edges.add(edge);
                continue;
            }
            Set<Leaf> read = new HashSet<>();
            for (Map<String, Object> ref : columnRefs(c)) {
                Resolved r = resolve(ref, leaves);
                if (r == null) {
                    throw new NotQualified("the name " + String.join(".", names(ref))
                            + " in a join's condition is not a column of its tables");
                }
                read.add(r.leaf());
            }
            if (read.size() > 1) {
                throw new NotQualified("a condition over several tables of the join that is not an equality of two"
                        + " columns (only inner equi-joins on a unique key qualify)");
            }
            filters.add(c);
        }
        List<Edge> oriented = new ArrayList<>();
        Leaf fact = fact(session, leaves, edges, uniqueKeys, oriented);
        List<DimensionJoin> joins = new ArrayList<>();
        Map<Leaf, DimensionJoin> joinOf = new LinkedHashMap<>();
        for (Edge e : oriented) {
            Leaf dim = e.right();
            TableRef dimension = dim.binding().table();
            ColumnType type = e.left().binding().columns().get(e.leftColumn());
            String uniqueness = uniqueKeys.get(uniqueKey(dim.binding(), e.rightColumn()));
            DimensionJoin parent = joinOf.get(e.left());
            DimensionJoin join = parent == null
                    ? new DimensionJoin(
                            List.of(new VirtualColumn.Hop(
                                    e.leftColumn(), dimension.schema(), dimension.name(), e.rightColumn())),
                            type,
                            dimension,
                            uniqueness)
                    : parent.then(e.leftColumn(), dimension, e.rightColumn(), type, uniqueness);
            joins.add(join);
            joinOf.put(dim, join);
        }
        for (Leaf l : leaves) {
            for (String column : l.binding().columns().keySet()) {
                if (!VirtualColumn.nameable(column)) {
                    throw new NotQualified("the column name " + column + " (a star join names its columns with "
                            + VirtualColumn.SEPARATOR + ")");
                }
            }
            for (String part :
                    List.of(l.binding().table().schema(), l.binding().table().name())) {
                if (!VirtualColumn.nameable(part)) {
                    throw new NotQualified("the table name " + l.binding().table());
                }
            }
        }
        checkAliases(node, leaves, fact);

        Map<String, String> virtual = new LinkedHashMap<>();
        Map<String, ColumnType> columns = new LinkedHashMap<>(fact.binding().columns());
        Map<TableRef, Map<String, String>> sqlTypes = new LinkedHashMap<>();
        List<Object> rewrittenFilters = new ArrayList<>();
        for (Object f : filters) {
            rewrittenFilters.add(toFact(f, leaves, fact, joinOf, virtual, columns, sqlTypes, session));
        }
        for (String part : List.of("select_list", "group_expressions", "having", "modifiers")) {
            node.put(part, toFact(node.get(part), leaves, fact, joinOf, virtual, columns, sqlTypes, session));
        }
        node.put("where_clause", rewrittenFilters.isEmpty() ? null : SqlRewriter.conjunction(rewrittenFilters));
        node.put("from_table", fact.node());

        StringBuilder identity = new StringBuilder(fact.binding().identity());
        for (Map.Entry<Leaf, DimensionJoin> e : joinOf.entrySet()) {
            identity.append(" JOIN ")
                    .append(e.getValue())
                    .append(e.getKey().binding().identity());
        }
        TableBinding bound = new TableBinding(
                fact.binding().table(), identity.toString(), fact.binding().oid(), columns);
        return new Star(bound, List.copyOf(joins), virtual, tree, names);
    }

    /** SELECT nodes whose FROM is a join. */
    private static void joiningSelects(Object value, List<Map<String, Object>> out) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = SqlRewriter.asMap(raw);
            if ("SELECT_NODE".equals(map.get("type"))
                    && map.get("from_table") instanceof Map<?, ?> from
                    && "JOIN".equals(from.get("type"))) {
                out.add(map);
            }
            map.values().forEach(v -> joiningSelects(v, out));
        } else if (value instanceof List<?> list) {
            list.forEach(v -> joiningSelects(v, out));
        }
    }

    /** The base tables of a FROM made of inner joins, and their ON conditions' conjuncts. */
    private static void leaves(
            Map<String, Object> from, List<TableBinding> tables, List<Leaf> out, List<Object> conjuncts)
            throws NotQualified {
        String type = String.valueOf(from.get("type"));
        if (type.equals("JOIN")) {
            String join = String.valueOf(from.get("join_type"));
            String ref = String.valueOf(from.get("ref_type"));
            if (!join.equals("INNER")) {
                throw new NotQualified("a " + join + " join (only inner joins qualify)");
            }
            if (!ref.equals("CROSS") && !ref.equals("REGULAR")) {
                throw new NotQualified("a " + ref + " join (only inner equi-joins qualify)");
            }
            if (!SqlRewriter.list(from.get("using_columns")).isEmpty()) {
                throw new NotQualified("a join with USING (only inner equi-joins with ON or WHERE qualify)");
            }
            String alias = (String) from.get("alias");
            if (alias != null && !alias.isEmpty()) {
                throw new NotQualified("a join under an alias");
            }
            leaves(SqlRewriter.asMap(from.get("left")), tables, out, conjuncts);
            leaves(SqlRewriter.asMap(from.get("right")), tables, out, conjuncts);
            SqlRewriter.conjuncts(from.get("condition"), conjuncts);
            return;
        }
        if (!type.equals("BASE_TABLE")) {
            throw new NotQualified(
                    "a join with a " + type.toLowerCase(Locale.ROOT).replace('_', ' ') + " (only base tables qualify)");
        }
        if (from.get("sample") != null
                || from.get("at_clause") != null
                || !SqlRewriter.list(from.get("column_name_alias")).isEmpty()) {
            throw new NotQualified("table alias columns, SAMPLE or AT on a joined table");
        }
        TableBinding binding = null;
        for (TableBinding t : tables) {
            if (PlanningDatabase.names(from, t.table())) {
                binding = t;
                break;
            }
        }
        if (binding == null) {
            throw new NotQualified("the joined table " + from.get("table_name") + " is a view or not a base table");
        }
        String alias = (String) from.get("alias");
        out.add(new Leaf(
                alias == null || alias.isEmpty() ? String.valueOf(from.get("table_name")) : alias, from, binding));
    }

    /** The join condition a conjunct is ({@code a.x = b.y} over two tables), or {@code null}. */
    private static Edge edge(Object conjunct, List<Leaf> leaves) throws NotQualified {
        Map<String, Object> m = SqlRewriter.asMap(conjunct);
        if (!"COMPARE_EQUAL".equals(m.get("type"))
                || !(m.get("left") instanceof Map<?, ?> l)
                || !(m.get("right") instanceof Map<?, ?> r)
                || !"COLUMN_REF".equals(l.get("class"))
                || !"COLUMN_REF".equals(r.get("class"))) {
            return null;
        }
        Resolved left = resolve(SqlRewriter.asMap(l), leaves);
        Resolved right = resolve(SqlRewriter.asMap(r), leaves);
        if (left == null || right == null || left.leaf() == right.leaf()) {
            return null;
        }
        return new Edge(left.leaf(), left.column(), right.leaf(), right.column());
    }

    /**
     * The fact table: the table from which every other is reached by joins, each from a column of the table before
     * to a column unique in the table joined (a star, or snowflake chains), the joins a tree. Tables are tried as
     * the fact table largest first. {@code oriented} receives each join as (table before, its column, table
     * joined, its key), every table after the one it is joined from.
     */
    private static Leaf fact(
            Connection session,
            List<Leaf> leaves,
            List<Edge> edges,
            Map<List<Object>, String> uniqueKeys,
            List<Edge> oriented)
            throws SQLException, NotQualified {
        if (edges.size() != leaves.size() - 1) {
            throw new NotQualified(
                    edges.size() < leaves.size() - 1
                            ? "a table joined without an equality to another (a cross product)"
                            : "a join on several columns or a cycle of joins (only one key column per dimension qualifies)");
        }
        Map<Leaf, Long> rows = new LinkedHashMap<>();
        for (Leaf l : leaves) rows.put(l, l.binding().table().estimatedRows(session, 0));
        List<Leaf> candidates = new ArrayList<>(leaves);
        candidates.sort((a, b) -> Long.compare(rows.get(b), rows.get(a)));
        NotQualified first = null;
        for (Leaf candidate : candidates) {
            List<Edge> order = new ArrayList<>();
            List<Leaf> reached = new ArrayList<>(List.of(candidate));
            for (int i = 0; i < reached.size(); i++) {
                Leaf from = reached.get(i);
                for (Edge e : edges) {
                    Edge out = e.left() == from && !reached.contains(e.right())
                            ? e
                            : e.right() == from && !reached.contains(e.left())
                                    ? new Edge(e.right(), e.rightColumn(), e.left(), e.leftColumn())
                                    : null;
                    if (out != null) {
                        order.add(out);
                        reached.add(out.right());
                    }
                }
            }
            if (reached.size() != leaves.size()) {
                throw new NotQualified("a table joined without an equality to another (a cross product)");
            }
            try {
                for (Edge e : order) {
                    checkKeys(session, e.left(), e.leftColumn(), e.right(), e.rightColumn(), uniqueKeys);
                }
                oriented.addAll(order);
                return candidate;
            } catch (NotQualified e) {
                if (first == null) first = e;
            }
        }
        throw first;
    }

    private static void checkKeys(
            Connection session, Leaf from, String fk, Leaf dim, String key, Map<List<Object>, String> uniqueKeys)
            throws SQLException, NotQualified {
        TableRef dimension = dim.binding().table();
        String join = from.refName() + "." + fk + " = " + dim.refName() + "." + key;
        ColumnType fkType = from.binding().columns().get(fk);
        ColumnType keyType = dim.binding().columns().get(key);
        if (!fkType.equals(keyType) && !(fkType.isInteger() && keyType.isInteger())) {
            throw new NotQualified("the join " + join + " compares " + fkType + " with " + keyType
                    + " (only keys of one type, or integers of any width, qualify)");
        }
        if (!joinable(keyType)) {
            throw new NotQualified("the join " + join + " is on a " + keyType + " key");
        }
        if (!dimension.catalog().equals(from.binding().table().catalog())) {
            throw new NotQualified("the join " + join + " reaches another database (" + dimension.catalog() + ")");
        }
        List<Object> cacheKey = uniqueKey(dim.binding(), key);
        String uniqueness = uniqueKeys.get(cacheKey);
        if (uniqueness == null) {
            uniqueness = uniqueness(session, dimension, key);
            uniqueKeys.put(cacheKey, uniqueness);
        }
        if (uniqueness.isEmpty()) {
            throw new NotQualified("the join " + join + " is on " + dimension.name() + "." + key
                    + ", which is not unique in " + dimension.name() + " (a dimension's key must be)");
        }
    }

    /** Key types held as 64-bit storage values or strings, which the load matches exactly. */
    private static boolean joinable(ColumnType type) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP, BOOLEAN, VARCHAR -> true;
            case DECIMAL -> type.width() <= 18;
            default -> false;
        };
    }

    private static List<Object> uniqueKey(TableBinding table, String key) {
        return List.of(table.table(), key.toLowerCase(Locale.ROOT), table.oid());
    }

    /**
     * How {@code key} is unique in {@code table}: a one-column PRIMARY KEY or UNIQUE constraint, else counted
     * over the table now; {@code ""} where it is not. The load counts again on every snapshot it gathers from.
     */
    private static String uniqueness(Connection session, TableRef table, String key) throws SQLException {
        try (PreparedStatement p = session.prepareStatement("SELECT constraint_type FROM duckdb_constraints()"
                + " WHERE database_name = ? AND schema_name = ? AND table_name = ?"
                + " AND constraint_type IN ('PRIMARY KEY', 'UNIQUE') AND len(constraint_column_names) = 1"
                + " AND lower(constraint_column_names[1]) = lower(?) ORDER BY constraint_type")) {
            p.setString(1, table.catalog());
            p.setString(2, table.schema());
            p.setString(3, table.name());
            p.setString(4, key);
            try (ResultSet rs = p.executeQuery()) {
                if (rs.next()) return rs.getString(1);
            }
        }
        String k = TableRef.quote(key);
        try (PreparedStatement p = session.prepareStatement(
                        "SELECT count(" + k + ") = count(DISTINCT " + k + ") FROM " + table.sql());
                ResultSet rs = p.executeQuery()) {
            rs.next();
            return rs.getBoolean(1) ? "unique in the data" : "";
        }
    }

    /**
     * A SELECT item's alias that names a dimension's column too would bind differently once that column is the
     * fact table's: such statements stay DuckDB's.
     */
    private static void checkAliases(Map<String, Object> node, List<Leaf> leaves, Leaf fact) throws NotQualified {
        for (Object item : SqlRewriter.list(node.get("select_list"))) {
            String alias = (String) SqlRewriter.asMap(item).get("alias");
            if (alias == null || alias.isEmpty()) continue;
            for (Leaf l : leaves) {
                if (l == fact) continue;
                for (String c : l.binding().columns().keySet()) {
                    if (c.equalsIgnoreCase(alias)) {
                        throw new NotQualified("the alias " + alias + " names a column of " + l.refName() + " too");
                    }
                }
            }
        }
    }

    /**
     * A copy of an expression (or list) in which every dimension column is its virtual column, recorded with its
     * type; the fact table's own columns and names that are no table's (a SELECT item's alias) stay.
     */
    private static Object toFact(
            Object value,
            List<Leaf> leaves,
            Leaf fact,
            Map<Leaf, DimensionJoin> joinOf,
            Map<String, String> virtual,
            Map<String, ColumnType> columns,
            Map<TableRef, Map<String, String>> sqlTypes,
            Connection session)
            throws SQLException, NotQualified {
        if (value instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object v : l) out.add(toFact(v, leaves, fact, joinOf, virtual, columns, sqlTypes, session));
            return out;
        }
        if (!(value instanceof Map<?, ?> raw)) {
            return value;
        }
        Map<String, Object> map = new LinkedHashMap<>(SqlRewriter.asMap(raw));
        if ("COLUMN_REF".equals(map.get("class"))) {
            Resolved r = resolve(map, leaves);
            if (r == null || r.leaf() == fact) return map;
            DimensionJoin join = joinOf.get(r.leaf());
            String name = join.column(r.column()).name();
            TableRef dimension = r.leaf().binding().table();
            Map<String, String> types = sqlTypes.get(dimension);
            if (types == null) {
                types = PlanningDatabase.columnTypes(session, dimension);
                sqlTypes.put(dimension, types);
            }
            String sqlType = types.get(r.column());
            if (sqlType == null) {
                throw new NotQualified("the column " + r.column() + " of " + dimension + " could not be read");
            }
            virtual.put(name, sqlType);
            columns.put(name, r.leaf().binding().columns().get(r.column()));
            map.put("column_names", new ArrayList<>(List.of(name)));
            return map;
        }
        for (Map.Entry<String, Object> e : map.entrySet()) {
            e.setValue(toFact(e.getValue(), leaves, fact, joinOf, virtual, columns, sqlTypes, session));
        }
        return map;
    }

    /** The table and column a column reference names, or {@code null} where it names none of the join's. */
    private static Resolved resolve(Map<String, Object> ref, List<Leaf> leaves) throws NotQualified {
        List<String> names = names(ref);
        if (names.size() == 1) {
            Resolved found = null;
            for (Leaf l : leaves) {
                String c = column(l, names.get(0));
                if (c != null) {
                    if (found != null) {
                        throw new NotQualified(
                                "the column " + names.get(0) + " is in several tables of the join", true);
                    }
                    found = new Resolved(l, c);
                }
            }
            return found;
        }
        if (names.size() == 2) {
            for (Leaf l : leaves) {
                if (l.refName().equalsIgnoreCase(names.get(0))) {
                    String c = column(l, names.get(1));
                    if (c == null) {
                        throw new NotQualified("the column " + String.join(".", names) + " is not in its table", true);
                    }
                    return new Resolved(l, c);
                }
            }
            return null;
        }
        throw new NotQualified("a column reference with " + names.size() + " parts in a joining SELECT");
    }

    /** The table's column a name means (DuckDB matches names regardless of case), or {@code null}. */
    private static String column(Leaf leaf, String name) {
        for (String c : leaf.binding().columns().keySet()) {
            if (c.equalsIgnoreCase(name)) return c;
        }
        return null;
    }

    private static List<String> names(Map<String, Object> ref) {
        List<String> out = new ArrayList<>();
        for (Object n : SqlRewriter.list(ref.get("column_names"))) out.add(String.valueOf(n));
        return out;
    }

    private static List<Map<String, Object>> columnRefs(Object value) {
        List<Map<String, Object>> out = new ArrayList<>();
        columnRefs(value, out);
        return out;
    }

    private static void columnRefs(Object value, List<Map<String, Object>> out) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = SqlRewriter.asMap(raw);
            if ("COLUMN_REF".equals(map.get("class"))) {
                out.add(map);
                return;
            }
            map.values().forEach(v -> columnRefs(v, out));
        } else if (value instanceof List<?> list) {
            list.forEach(v -> columnRefs(v, out));
        }
    }

    /** Whether an expression class occurs under {@code value}, outside the keys {@code skip}. */
    private static boolean contains(Object value, String cls, Set<String> skip) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = SqlRewriter.asMap(raw);
            if (cls.equals(map.get("class"))) return true;
            for (Map.Entry<String, Object> e : map.entrySet()) {
                if (!skip.contains(e.getKey()) && contains(e.getValue(), cls, Set.of())) return true;
            }
        } else if (value instanceof List<?> list) {
            for (Object v : list) {
                if (contains(v, cls, Set.of())) return true;
            }
        }
        return false;
    }
}
