package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The catalog oid of every table a session sees, read with one query of {@code duckdb_tables()} before a statement
 * is bound, and kept while the stamps of the database files are unchanged: a commit that creates, drops or alters a
 * table, whoever made it, appends to a file's write-ahead log (or a checkpoint rewrites the file), and the session's
 * own statements clear what the planner keeps. Asking for them in every new statement's bind took about half of
 * the bind's time (build machine, SF 1).
 *
 * <p>Read before the bind, never after it: an oid read after could be that of a table created again meanwhile, and
 * the run's check of the oid would then miss that its plan was bound on the one before. An oid read before is at
 * worst the older one, and an older oid only makes the run plan the statement again.
 */
final class CatalogOids {

    private static final String TABLES = "SELECT list([database_name, schema_name, table_name,"
            + " CAST(table_oid AS VARCHAR)]) FROM duckdb_tables()";

    private final Supplier<Object> stamps;
    private Map<TableRef, Long> kept;
    private Object keptAt;

    /** @param stamps the stamps of the database files the session's tables are in, {@code null} where none is known */
    CatalogOids(Supplier<Object> stamps) {
        this.stamps = stamps;
    }

    /** The oids as kept, or read now where the stamps moved or none are known. */
    Map<TableRef, Long> current(Connection session) throws SQLException {
        Object now = stamps.get();
        if (kept == null || now == null || !now.equals(keptAt)) {
            kept = read(session);
            keptAt = now;
        }
        return kept;
    }

    /** Forgets the kept oids: the next statement reads them again (before it is bound again, where it lacked one). */
    void clear() {
        kept = null;
        keptAt = null;
    }

    private static Map<TableRef, Long> read(Connection session) throws SQLException {
        Map<TableRef, Long> oids = new HashMap<>();
        try (PreparedStatement p = session.prepareStatement(TABLES);
                ResultSet rs = p.executeQuery()) {
            rs.next();
            java.sql.Array tables = rs.getArray(1);
            if (tables != null) {
                for (Object row : (Object[]) tables.getArray()) {
                    Object[] t = (Object[]) ((java.sql.Array) row).getArray();
                    oids.put(new TableRef((String) t[0], (String) t[1], (String) t[2]), Long.parseLong((String) t[3]));
                }
            }
        }
        return oids;
    }
}
