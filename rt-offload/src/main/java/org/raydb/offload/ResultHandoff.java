package org.raydb.offload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.result.ResultScan;
import org.raydb.offload.result.ResultSlot;

/**
 * Hands one connection's offloaded results to DuckDB: per planned query a {@link ResultSlot} the result is
 * published into and the rewritten statement prepared over it once, so a repeated query changes no catalog
 * and is not parsed again. A prepared statement whose result set the application still
 * reads is not reused (executing it again would close that result set): another one is prepared beside it.
 * Kept for the {@value #PLANS} most recently run plans.
 */
final class ResultHandoff implements AutoCloseable {

    private static final int PLANS = 64;

    private final Connection duckdb;
    private final Map<String, PlanEntry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PlanEntry> eldest) {
            if (size() > PLANS) {
                eldest.getValue().retire();
                return true;
            }
            return false;
        }
    };
    private boolean registered;

    /** A plan's slot and the statements prepared over it, each with the result set it last returned. */
    private static final class PlanEntry {
        final ResultSlot slot;
        final List<PreparedStatement> statements = new ArrayList<>();
        final List<ResultSet> lastResults = new ArrayList<>();

        PlanEntry(ResultSlot slot) {
            this.slot = slot;
        }

        /**
         * A prepared statement with no open result set, or -1. DuckDB closes a statement whose execution
         * failed; such a statement is dropped here.
         */
        int idle() throws SQLException {
            for (int i = statements.size() - 1; i >= 0; i--) {
                if (statements.get(i).isClosed()) {
                    statements.remove(i);
                    lastResults.remove(i);
                }
            }
            for (int i = 0; i < statements.size(); i++) {
                ResultSet last = lastResults.get(i);
                if (last == null || last.isClosed()) {
                    return i;
                }
            }
            return -1;
        }

        void retire() {
            for (PreparedStatement p : statements) {
                try {
                    p.close();
                } catch (SQLException e) {
                    // the connection is closing or already closed: nothing left to free
                }
            }
            slot.retire();
        }
    }

    ResultHandoff(Connection duckdb) {
        this.duckdb = duckdb;
    }

    /**
     * Publishes {@code root} (its memory held by {@code allocator}; both owned here from now on) as the result
     * of {@code pq}, and runs the rewritten statement over it.
     */
    ResultSet run(PlannedQuery pq, VectorSchemaRoot root, BufferAllocator allocator) throws SQLException {
        PlanEntry entry = entries.get(pq.relationName());
        if (entry == null) {
            if (!registered) {
                ResultScan.register(duckdb);
                registered = true;
            }
            entry = new PlanEntry(ResultScan.open(pq.relationName(), root.getSchema().getFields()));
            entries.put(pq.relationName(), entry);
        }
        entry.slot.publish(root, allocator);
        int i = entry.idle();
        if (i < 0) {
            entry.statements.add(duckdb.prepareStatement(pq.rewrittenSql()));
            entry.lastResults.add(null);
            i = entry.statements.size() - 1;
        }
        ResultSet rs = entry.statements.get(i).executeQuery();
        entry.lastResults.set(i, rs);
        return rs;
    }

    /** Forgets every plan (after DDL, the planner forgot them too). */
    void clear() {
        entries.values().forEach(PlanEntry::retire);
        entries.clear();
    }

    @Override
    public void close() {
        for (PlanEntry e : entries.values()) {
            e.retire();
            e.slot.close();
        }
        entries.clear();
    }
}
