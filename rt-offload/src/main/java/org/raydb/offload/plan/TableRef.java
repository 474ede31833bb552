package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** A base table as the plan names it. */
public record TableRef(String catalog, String schema, String name) {

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
