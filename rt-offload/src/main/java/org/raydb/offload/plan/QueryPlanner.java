package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plans queries on a dedicated DuckDB connection to the same database (so the application's session
 * settings are untouched) and caches the decisions by SQL text and parameter values. The planning
 * connection disables optimizers whose rewrites either break {@code json_serialize_plan} in DuckDB 2.0.0
 * (statistics propagation, compressed materialization, column lifetime: "Failed to bind column reference"
 * on queries mixing COUNT(*) and AVG, or with HAVING and TOP N) or rewrite aggregates away from what the SQL
 * text says (SUM(x + c) into SUM(x) + c·COUNT; unused columns: an aggregate the outer query never reads is
 * dropped from the plan but still in the SQL text the rewrite keeps), and the IN-clause rewrite, which turns
 * an IN list of more than a few values into a join with a value list where a plain IN filter is what qualifies.
 * Plans of DuckDB's optimizer do not depend on the table's data once statistics propagation is off, so a
 * cached decision stays valid until the schema changes ({@link #clear()}).
 */
public final class QueryPlanner implements AutoCloseable {

    static final String DISABLED_OPTIMIZERS = "statistics_propagation,compressed_materialization,"
            + "aggregate_function_rewriter,partial_aggregate_pushdown,distinct_aggregate_rewrite,column_lifetime,"
            + "unused_columns,in_clause";
    private static final int CACHE_SIZE = 512;
    private static final AtomicLong RELATIONS = new AtomicLong();

    private final Connection planning;
    private final Map<List<Object>, PlannedQuery> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, PlannedQuery> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    public QueryPlanner(Connection planning) throws SQLException {
        this.planning = planning;
        try (Statement st = planning.createStatement()) {
            st.execute("SET disabled_optimizers = '" + DISABLED_OPTIMIZERS + "'");
        }
    }

    /** The cached or new decision for a statement. */
    public synchronized PlannedQuery plan(String sql, List<Object> parameters) throws SQLException {
        List<Object> key = new ArrayList<>(parameters.size() + 1);
        key.add(sql);
        key.addAll(parameters);
        PlannedQuery cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        PlannedQuery planned = planNew(sql, parameters);
        cache.put(key, planned);
        return planned;
    }

    private PlannedQuery planNew(String sql, List<Object> parameters) throws SQLException {
        long t0 = System.nanoTime();
        String bound = sql;
        try {
            bound = ParameterBinder.bind(sql, parameters);
            String json;
            try (PreparedStatement p = planning.prepareStatement(
                    "SELECT json_serialize_plan(?::VARCHAR, optimize := true)")) {
                p.setString(1, bound);
                try (ResultSet rs = p.executeQuery()) {
                    rs.next();
                    json = rs.getString(1);
                }
            }
            OffloadPlan plan = PlanMatcher.match(json);
            String relation = "__raydb_result_" + RELATIONS.incrementAndGet();
            String rewritten = SqlRewriter.rewrite(planning, bound, plan, relation);
            return new PlannedQuery(bound, plan, null, rewritten, relation, (System.nanoTime() - t0) / 1000,
                    new PlannedQuery.LastRun());
        } catch (NotQualified e) {
            return PlannedQuery.notQualified(bound, e.reason(), (System.nanoTime() - t0) / 1000);
        } catch (SQLException | RuntimeException e) {
            return PlannedQuery.notQualified(bound, "planning failed: " + e,
                    (System.nanoTime() - t0) / 1000);
        }
    }

    /** Forgets every decision (after DDL). */
    public synchronized void clear() {
        cache.clear();
    }

    @Override
    public void close() {
        try {
            planning.close();
        } catch (SQLException ignored) {
            // Closing a duplicate connection of a database that is already gone has nothing left to free.
        }
    }
}
