package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;

/**
 * The base table a statement reads, as DuckDB's binder resolves it in the application's own session: temporary
 * tables, {@code USE}, {@code search_path} and the open transaction's catalog all count. It is read from the
 * unoptimized plan ({@code optimize := false}), which binds without running any optimizer, so asking changes
 * nothing in the session or the database.
 *
 * @param table    the catalog, schema and name the binder chose
 * @param identity the table's columns as bound (names and types), which tell one version of its schema from
 *                 another
 * @param oid      the table's catalog oid
 * @param columns  the table's columns as bound, by name, with their types
 */
record TableBinding(TableRef table, String identity, long oid, Map<String, ColumnType> columns) {

    static TableBinding of(Connection session, String sql) throws SQLException, NotQualified {
        List<TableBinding> tables = bind(session, sql).tables();
        if (tables.size() != 1) {
            throw new NotQualified(
                    tables.isEmpty() ? "no base table" : "more than one table scan (joins or self-joins)");
        }
        return tables.get(0);
    }

    /**
     * A statement as DuckDB's binder resolved it in a session, with the catalog's tables as that same query saw
     * them.
     *
     * @param plan  DuckDB's unoptimized plan (JSON): the tables, views, macros, functions and collations as bound
     * @param gets  the plan's table scans
     * @param refs  the table each scan reads (a table read twice is there twice)
     * @param reads the columns each scan reads, by name
     * @param oids  the catalog oid of every table of the session's catalogs, by table
     */
    record Bound(
            String plan, List<JsonNode> gets, List<TableRef> refs, List<Set<String>> reads, Map<TableRef, Long> oids) {

        /** Every base table the statement reads, one per scan, with its oid. */
        List<TableBinding> tables() throws NotQualified {
            List<TableBinding> out = new ArrayList<>();
            for (int i = 0; i < gets.size(); i++) {
                TableRef table = refs.get(i);
                Long oid = oids.get(table);
                if (oid == null) {
                    throw new NotQualified("the table " + table + " is not in DuckDB's catalog");
                }
                out.add(of(table, oid, gets.get(i)));
            }
            return out;
        }
    }

    /**
     * The catalog's tables are read in the bind's own query: one call to DuckDB instead of two (about 1 ms of a new
     * statement's planning on the 2-core build machine), and the oids are those of the catalog the plan was bound in.
     */
    private static final String PLAN = "json_serialize_plan(?::VARCHAR, optimize := false)";

    private static final String BIND = "SELECT " + PLAN + ","
            + " (SELECT list([database_name, schema_name, table_name, CAST(table_oid AS VARCHAR)]) FROM duckdb_tables())";

    /** DuckDB's unoptimized plan of {@code sql} in the session, as {@link Bound#plan} has it (or its error). */
    static String plan(Connection session, String sql) throws SQLException {
        try (PreparedStatement p = session.prepareStatement("SELECT " + PLAN)) {
            p.setString(1, sql);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    static Bound bind(Connection session, String sql) throws SQLException, NotQualified {
        String json;
        Map<TableRef, Long> oids = new java.util.HashMap<>();
        try (PreparedStatement p = session.prepareStatement(BIND)) {
            p.setString(1, sql);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                json = rs.getString(1);
                java.sql.Array tables = rs.getArray(2);
                if (tables != null) {
                    for (Object row : (Object[]) tables.getArray()) {
                        Object[] t = (Object[]) ((java.sql.Array) row).getArray();
                        oids.put(new TableRef((String) t[0], (String) t[1], (String) t[2]), Long.parseLong((String)
                                t[3]));
                    }
                }
            }
        }
        JsonNode root = JsonNode.of(Json.parse(json));
        if (Boolean.TRUE.equals(root.raw("error"))) {
            throw new NotQualified("DuckDB could not plan it: " + root.str("error_message"), true);
        }
        List<JsonNode> gets = new ArrayList<>();
        collectScans(root.raw("plans"), gets);
        List<TableRef> refs = new ArrayList<>();
        List<Set<String>> reads = new ArrayList<>();
        for (JsonNode get : gets) {
            if (!"seq_scan".equals(get.qnameLast("qname"))) {
                throw new NotQualified("scan of " + get.qnameLast("qname") + " (not a base table)");
            }
            JsonNode data = get.obj("function_data");
            refs.add(new TableRef(data.str("catalog"), data.str("schema"), data.str("table")));
            reads.add(read(get));
        }
        return new Bound(json, gets, refs, reads, oids);
    }

    /** The columns a scan reads: its column indexes into its names (the row id's index is past them). */
    private static Set<String> read(JsonNode get) {
        List<?> names = (List<?>) get.raw("names");
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode index : get.nodes("column_indexes")) {
            if (index.raw("index") instanceof BigDecimal i
                    && i.signum() >= 0
                    && i.compareTo(BigDecimal.valueOf(names.size())) < 0) {
                out.add(String.valueOf(names.get(i.intValue())));
            }
        }
        return out;
    }

    private static TableBinding of(TableRef table, long oid, JsonNode get) {
        List<?> names = (List<?>) get.raw("names");
        List<JsonNode> types = get.nodes("returned_types");
        Map<String, ColumnType> columns = new LinkedHashMap<>();
        for (int i = 0; i < names.size() && i < types.size(); i++) {
            columns.put(String.valueOf(names.get(i)), ColumnType.fromPlan(types.get(i)));
        }
        return new TableBinding(
                table, Json.write(get.raw("names")) + Json.write(get.raw("returned_types")), oid, columns);
    }

    /** This binding with {@code added} columns (computed ones, {@link DerivedColumn}); itself where none. */
    TableBinding with(Map<String, ColumnType> added) {
        if (added.isEmpty()) return this;
        Map<String, ColumnType> all = new LinkedHashMap<>(columns);
        all.putAll(added);
        return new TableBinding(table, identity + added.keySet(), oid, all);
    }

    private static void collectScans(Object value, List<JsonNode> out) {
        if (value instanceof Map<?, ?> map) {
            if ("LOGICAL_GET".equals(map.get("type"))) {
                out.add(JsonNode.of(map));
            }
            map.values().forEach(v -> collectScans(v, out));
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collectScans(v, out));
        }
    }
}
