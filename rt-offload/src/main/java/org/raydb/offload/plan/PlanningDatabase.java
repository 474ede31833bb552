package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;
import org.raydb.offload.json.Json;

/**
 * A private, empty DuckDB database in which one connection's queries get their optimized plans. DuckDB's
 * optimizer can only be tuned globally ({@code disabled_optimizers} has no session scope), and the plans the
 * offload reads need some optimizers off; tuning the application's database would change its own answers and
 * plans. Here each table a query reads has an empty replica with the same columns, and the query is planned
 * over it. Being empty, the replica also makes the plan independent of the table's size (DuckDB's
 * partitioned execution splits large aggregations by key range), so a decision never goes stale as data
 * grows. Settings the application changed in its session are mirrored, since they can change how a query
 * binds (collation, time zone, integer division, default order).
 *
 * <p>The same database finishes the offloaded statements DuckDB runs over their results ({@link #forFinishing}):
 * what hands a result over (a table function) would otherwise be registered in the application's database, where
 * DuckDB can never remove it. For that the optimizers are those of the application's session, as DuckDB would
 * have run the statement there.
 */
final class PlanningDatabase implements AutoCloseable {

    /**
     * Optimizers whose rewrites either break {@code json_serialize_plan} in DuckDB 2.0.0 (statistics
     * propagation, compressed materialization, column lifetime: "Failed to bind column reference" on queries
     * mixing COUNT(*) and AVG, or with HAVING and TOP N) or rewrite aggregates away from what the SQL text says
     * (SUM(x + c) into SUM(x) + c·COUNT; unused columns: an aggregate the outer query never reads is dropped from
     * the plan but still in the SQL text the rewrite keeps), and the IN-clause rewrite, which turns an IN list
     * of more than a few values into a join with a value list where a plain IN filter is what qualifies.
     */
    static final String DISABLED_OPTIMIZERS = "statistics_propagation,compressed_materialization,"
            + "aggregate_function_rewriter,partial_aggregate_pushdown,distinct_aggregate_rewrite,column_lifetime,"
            + "unused_columns,in_clause";
    /** Settings about resources, files and security: they do not change what a query means. */
    private static final Set<String> NOT_MIRRORED = Set.of(
            "disabled_optimizers",
            "threads",
            "worker_threads",
            "external_threads",
            "memory_limit",
            "max_memory",
            "temp_directory",
            "max_temp_directory_size",
            "enable_external_access",
            "allowed_directories",
            "allowed_paths",
            "lock_configuration",
            "home_directory",
            "extension_directory",
            "secret_directory",
            "access_mode",
            "checkpoint_threshold",
            "wal_autocheckpoint",
            "enable_progress_bar",
            "enable_progress_bar_print",
            "profiling_mode",
            "enable_profiling",
            "profile_output",
            "profiling_output",
            "log_query_path",
            "storage_compatibility_version",
            "autoinstall_known_extensions",
            "autoload_known_extensions",
            "custom_user_agent");

    /**
     * One planning database opened ahead, in the background: a new DuckDB instance takes tens of milliseconds
     * to open, which a connection's first statement would otherwise wait for.
     */
    private static final AtomicReference<PlanningDatabase> SPARE = new AtomicReference<>();

    private static final ExecutorService OPENER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "raydb-planning-database");
        t.setDaemon(true);
        return t;
    });

    private final Connection planning;
    /** A second connection here, on which a statement's columns are named while {@link #planning} plans it. */
    private Connection naming;

    private final Map<String, String> defaults;
    private final Map<String, String> mirrored = new HashMap<>();
    /** The application's {@code disabled_optimizers}, the one setting planning keeps its own value of. */
    private String sessionOptimizers = "";
    /** The {@code disabled_optimizers} in effect here now. */
    private String optimizers = DISABLED_OPTIMIZERS;
    /** Replica names by the bound table and its columns. */
    private final Map<String, String> replicas = new HashMap<>();

    PlanningDatabase() throws SQLException {
        Properties config = new Properties();
        config.setProperty("threads", "1");
        planning = new DuckDBDriver().connect("jdbc:duckdb:", config);
        HelperQueries.register(planning);
        // Read where planning databases open ahead, in the background, not on a statement's first planning.
        SessionFunctions.names(planning);
        try (Statement st = planning.createStatement()) {
            st.execute("SET disabled_optimizers = '" + DISABLED_OPTIMIZERS + "'");
        }
        defaults = settings(planning);
    }

    /** A planning database for a new planner: the spare where one is ready (and another is then opened). */
    static PlanningDatabase open() throws SQLException {
        PlanningDatabase spare = SPARE.getAndSet(null);
        openSpare();
        return spare != null ? spare : new PlanningDatabase();
    }

    /** Opens a spare in the background unless one is ready. */
    static void openSpare() {
        if (SPARE.get() != null) {
            return;
        }
        OPENER.execute(() -> {
            if (SPARE.get() != null) {
                return;
            }
            try {
                PlanningDatabase db = new PlanningDatabase();
                if (!SPARE.compareAndSet(null, db)) {
                    db.close();
                }
            } catch (SQLException | RuntimeException e) {
                // The next planner opens its own, as it would without spares.
            }
        });
    }

    Connection connection() {
        return planning;
    }

    /** The connection with the optimizers planning needs ({@link #DISABLED_OPTIMIZERS}). */
    Connection forPlanning() throws SQLException {
        return withOptimizers(DISABLED_OPTIMIZERS);
    }

    /** The connection with the application's session's optimizers, for statements whose answers it gets. */
    Connection forFinishing() throws SQLException {
        return withOptimizers(sessionOptimizers);
    }

    private Connection withOptimizers(String wanted) throws SQLException {
        if (!wanted.equals(optimizers)) {
            try (Statement st = planning.createStatement()) {
                st.execute("SET disabled_optimizers = '" + wanted.replace("'", "''") + "'");
            }
            optimizers = wanted;
        }
        return planning;
    }

    /** Makes the planning session's settings those of the application's session ({@link #settings}). */
    synchronized void mirrorSettings(Map<String, String> wanted) throws SQLException {
        sessionOptimizers = java.util.Objects.requireNonNullElse(wanted.get("disabled_optimizers"), "");
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            String name = e.getKey();
            String value = e.getValue();
            String current = mirrored.getOrDefault(name, defaults.get(name));
            if (NOT_MIRRORED.contains(name)
                    || !defaults.containsKey(name)
                    || java.util.Objects.equals(value, current)) {
                continue;
            }
            // A statement per setting: DuckDB's driver closes a statement whose execution failed, and one shared by
            // the loop left every setting after a failed one unmirrored (a default order after a search path).
            try (Statement st = planning.createStatement()) {
                st.execute(setting(name, value));
                mirrored.put(name, value);
                if (naming != null) {
                    try (Statement other = naming.createStatement()) {
                        other.execute(setting(name, value));
                    } catch (SQLException e3) {
                        closeNaming(); // opened again with every setting mirrored, or names nothing
                    }
                }
            } catch (SQLException e2) {
                // A setting that only names the application's objects (a search_path of its schemas)
                // cannot be mirrored and does not bind the replica differently.
            }
        }
    }

    private static String setting(String name, String value) {
        return value == null
                ? "RESET " + TableRef.quote(name)
                : "SET " + TableRef.quote(name) + " = '" + value.replace("'", "''") + "'";
    }

    /** A session's settings by name, as {@code duckdb_settings()} lists them (one query). */
    static Map<String, String> settings(Connection c) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT name, value FROM duckdb_settings()")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /**
     * The unqualified name of an empty table with the bound table's columns, created on first use. Its
     * column types are read in the application's session (which sees its temporary tables and its
     * transaction's catalog).
     */
    String replica(Connection session, TableBinding binding) throws SQLException, NotQualified {
        return replica(session, binding, Map.of());
    }

    /**
     * {@link #replica(Connection, TableBinding)} with {@code virtualColumns} (names and SQL types) added: a star
     * join's fact table with the dimensions' columns it reads ({@link VirtualColumn}).
     */
    String replica(Connection session, TableBinding binding, Map<String, String> virtualColumns)
            throws SQLException, NotQualified {
        String key = binding.table() + "\u0000" + binding.identity() + "\u0000" + virtualColumns;
        String name = replicas.get(key);
        if (name != null) {
            return name;
        }
        Map<String, String> types = new java.util.LinkedHashMap<>(columnTypes(session, binding.table()));
        if (types.isEmpty()) {
            throw new NotQualified("the columns of " + binding.table() + " could not be read");
        }
        types.putAll(virtualColumns);
        StringBuilder columns = new StringBuilder();
        types.forEach((column, type) -> columns.append(columns.isEmpty() ? "" : ", ")
                .append(TableRef.quote(column))
                .append(' ')
                .append(type));
        name = "__raydb_replica_" + replicas.size();
        try (Statement st = planning.createStatement()) {
            st.execute("CREATE OR REPLACE TABLE " + TableRef.quote(name) + " (" + columns + ")");
        } catch (SQLException e) {
            throw new NotQualified("a column type the planner cannot reproduce (" + e.getMessage() + ")");
        }
        replicas.put(key, name);
        return name;
    }

    /** A table's columns and their SQL types in order, as {@code session} sees them (empty: no such table). */
    static Map<String, String> columnTypes(Connection session, TableRef table) throws SQLException {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        try (PreparedStatement p = session.prepareStatement("SELECT column_name, data_type FROM duckdb_columns()"
                + " WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY column_index")) {
            p.setString(1, table.catalog());
            p.setString(2, table.schema());
            p.setString(3, table.name());
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return out;
    }

    /**
     * The statement (its parse tree, changed in place) with every reference to the bound table pointing at its
     * replica. A reference keeps the name it was written with as its alias, so qualified column references
     * still bind.
     */
    Map<String, Object> redirect(Map<String, Object> tree, TableRef table, String replica) throws NotQualified {
        int[] found = {0};
        redirect(tree, table, replica, found);
        if (found[0] == 0) {
            throw new NotQualified("the table " + table + " was not found in the SQL text");
        }
        return tree;
    }

    @SuppressWarnings("unchecked")
    private static void redirect(Object value, TableRef table, String replica, int[] found) {
        if (value instanceof Map<?, ?> raw) {
            Map<String, Object> map = (Map<String, Object>) raw;
            if ("BASE_TABLE".equals(map.get("type")) && names(map, table)) {
                String alias = (String) map.get("alias");
                if (alias == null || alias.isEmpty()) {
                    map.put("alias", map.get("table_name"));
                }
                map.put("catalog_name", "");
                map.put("schema_name", "");
                map.put("table_name", replica);
                map.put("qualified_name", Map.of("path", List.of(replica)));
                found[0]++;
                return;
            }
            for (Object v : map.values()) {
                redirect(v, table, replica, found);
            }
        } else if (value instanceof List<?> list) {
            for (Object v : list) {
                redirect(v, table, replica, found);
            }
        }
    }

    /** Whether a table reference as written can mean the bound table (the binder already chose it). */
    static boolean names(Map<String, Object> ref, TableRef table) {
        return table.name().equalsIgnoreCase(String.valueOf(ref.get("table_name")))
                && matches(ref.get("schema_name"), table.schema(), table.catalog())
                && matches(ref.get("catalog_name"), table.catalog(), null);
    }

    /** A written qualifier is empty, or names {@code expected} (or, for a lone qualifier, the catalog). */
    private static boolean matches(Object written, String expected, String alternative) {
        String w = written == null ? "" : written.toString();
        return w.isEmpty() || w.equalsIgnoreCase(expected) || (alternative != null && w.equalsIgnoreCase(alternative));
    }

    /**
     * The names DuckDB gives the columns of a names tree ({@link SqlRewriter#namesTree}, written out) over the bound
     * table's replica, on {@link #naming}, one use at a time: the replica has the table's columns, and the connection
     * the session's settings (some, as {@code preserve_identifier_case}, are a connection's own), so the names are
     * the session's. A select list the replica cannot bind (a function of the session's own) fails here and is named
     * in the session.
     */
    synchronized List<String> names(String namesTree, TableRef table, String replica)
            throws SQLException, NotQualified {
        if (naming == null) {
            Connection opened = planning.unwrap(DuckDBConnection.class).duplicate();
            try (Statement st = opened.createStatement()) {
                for (Map.Entry<String, String> e : mirrored.entrySet()) {
                    st.execute(setting(e.getKey(), e.getValue()));
                }
            } catch (SQLException e) {
                opened.close();
                throw e;
            }
            naming = opened;
            HelperQueries.register(naming);
        }
        Map<String, Object> tree = redirect(SqlRewriter.asMap(Json.parse(namesTree)), table, replica);
        return SqlRewriter.names(naming, SqlRewriter.deserialize(naming, tree), SqlRewriter.selectListSize(tree));
    }

    private void closeNaming() {
        if (naming == null) return;
        HelperQueries.forget(naming);
        try {
            naming.close();
        } catch (SQLException ignored) {
            // closed with its database
        }
        naming = null;
    }

    @Override
    public void close() {
        synchronized (this) {
            closeNaming();
        }
        HelperQueries.forget(planning);
        try {
            planning.close();
        } catch (SQLException ignored) {
            // Nothing is left to free in a private in-memory database.
        }
    }
}
