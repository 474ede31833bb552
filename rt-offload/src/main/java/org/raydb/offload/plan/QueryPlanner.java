package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plans one connection's queries and caches the decisions by SQL text and parameter values. The table a
 * query reads is bound in the application's own session ({@link TableBinding}); the optimized plan the offload
 * matches comes from a {@link PlanningDatabase} of its own, so that nothing in the application's session or
 * database changes. A cached decision is dropped when the settings change ({@link #clear()}), and a decision
 * whose table is no longer the one bound then is made again ({@link #plan}'s caller checks the identity).
 */
public final class QueryPlanner implements AutoCloseable {

    private static final int CACHE_SIZE = 512;
    private static final AtomicLong RELATIONS = new AtomicLong();

    private final Connection session;
    private PlanningDatabase planning;
    private boolean settingsMirrored;
    private final Map<List<Object>, PlannedQuery> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, PlannedQuery> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /** @param session the application's DuckDB connection (only asked, never changed) */
    public QueryPlanner(Connection session) {
        this.session = session;
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
            ExpressionSize.check(sql);
            bound = ParameterBinder.bind(sql, parameters);
            TableBinding binding = TableBinding.of(session, bound);
            PlanningDatabase db = planning();
            String replica = db.replica(session, binding);
            // One parse serves both the replica's plan and the rewrite (a long IN list makes parsing cost).
            Map<String, Object> tree = SqlRewriter.parse(session, bound);
            String json;
            try (PreparedStatement p =
                    db.connection().prepareStatement("SELECT json_serialize_plan(?::VARCHAR, optimize := true)")) {
                p.setString(1, db.redirect(SqlRewriter.copy(tree), binding.table(), replica));
                try (ResultSet rs = p.executeQuery()) {
                    rs.next();
                    json = rs.getString(1);
                }
            }
            OffloadPlan matched = PlanMatcher.match(json);
            OffloadPlan plan =
                    new OffloadPlan(binding.table(), matched.filters(), matched.groups(), matched.aggregates());
            SumBounds.check(session, plan, binding.oid());
            CountedStrings.check(session, plan, binding.oid());
            String relation = "__raydb_result_" + RELATIONS.incrementAndGet();
            String rewritten = SqlRewriter.rewrite(session, tree, plan, relation);
            return new PlannedQuery(
                    bound,
                    plan,
                    null,
                    rewritten,
                    relation,
                    (System.nanoTime() - t0) / 1000,
                    binding.oid(),
                    new PlannedQuery.LastRun(),
                    false);
        } catch (NotQualified e) {
            return PlannedQuery.notQualified(bound, e, (System.nanoTime() - t0) / 1000);
        } catch (SQLException e) {
            // DuckDB raised it while planning: it may raise it when running the statement too.
            return PlannedQuery.notQualified(
                    bound, new NotQualified("planning failed: " + e, true), (System.nanoTime() - t0) / 1000);
        } catch (RuntimeException | StackOverflowError e) {
            return PlannedQuery.notQualified(
                    bound, new NotQualified("planning failed: " + e), (System.nanoTime() - t0) / 1000);
        }
    }

    private PlanningDatabase planning() throws SQLException {
        if (planning == null) {
            planning = new PlanningDatabase();
        }
        if (!settingsMirrored) {
            planning.mirrorSettings(session);
            settingsMirrored = true;
        }
        return planning;
    }

    /** Forgets every decision (after DDL or a setting change). */
    public synchronized void clear() {
        cache.clear();
        settingsMirrored = false;
    }

    @Override
    public synchronized void close() {
        if (planning != null) {
            planning.close();
        }
    }
}
