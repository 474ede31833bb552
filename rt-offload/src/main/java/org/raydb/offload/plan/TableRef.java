package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** A base table as the plan names it. */
public record TableRef(String catalog, String schema, String name) {

    /** DuckDB's catalog oid of the table, {@code -1} when absent: a table created again or altered has another. */
    public long oid(Connection session) throws SQLException {
        return catalogEntry(session, "table_oid", -1);
    }

    /** The catalog oids of {@code tables} (one query), by table; a table not in the catalog is absent. */
    static Map<TableRef, Long> oids(Connection session, Collection<TableRef> tables) throws SQLException {
        Map<TableRef, Long> out = new HashMap<>();
        if (tables.size() == 1) {
            TableRef t = tables.iterator().next();
            long oid = t.oid(session);
            if (oid >= 0) out.put(t, oid);
            return out;
        }
        StringBuilder sql = new StringBuilder(
                "SELECT database_name, schema_name, table_name, table_oid FROM duckdb_tables() WHERE table_name IN (");
        for (int i = 0; i < tables.size(); i++) sql.append(i == 0 ? "?" : ", ?");
        try (PreparedStatement p = session.prepareStatement(sql.append(')').toString())) {
            int i = 1;
            for (TableRef t : tables) p.setString(i++, t.name());
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    TableRef t = new TableRef(rs.getString(1), rs.getString(2), rs.getString(3));
                    if (tables.contains(t)) out.put(t, rs.getLong(4));
                }
            }
        }
        return out;
    }

    /** DuckDB's estimate of the table's rows, from its catalog (no scan); {@code absent} when there is no such table. */
    public long estimatedRows(Connection session, long absent) throws SQLException {
        return catalogEntry(session, "estimated_size", absent);
    }

    private long catalogEntry(Connection session, String column, long absent) throws SQLException {
        try (PreparedStatement p = session.prepareStatement("SELECT " + column + " FROM duckdb_tables()"
                + " WHERE database_name = ? AND schema_name = ? AND table_name = ?")) {
            p.setString(1, catalog);
            p.setString(2, schema);
            p.setString(3, name);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? rs.getLong(1) : absent;
            }
        }
    }

    /** The quoted, fully qualified name for SQL text. */
    public String sql() {
        return quote(catalog) + "." + quote(schema) + "." + quote(name);
    }

    public static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @Override
    public String toString() {
        return catalog + "." + schema + "." + name;
    }
}
