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
import org.raydb.offload.plan.SqlRewriter;
import org.raydb.offload.result.ResultScan;
import org.raydb.offload.result.ResultSlot;
import org.raydb.offload.result.ResultValues;

/**
 * Hands one connection's offloaded results to DuckDB, which runs the rewritten statement over them. Per
 * planned query: a {@link ResultSlot} a result is published into and the rewritten statement prepared over it
 * once, so a repeated query changes no catalog and is not parsed again; and, for small results
 * ({@link ResultValues}), the statement with the result as parameters of a {@code VALUES} list instead,
 * prepared once per row count, whose plan DuckDB does not even bind again. A prepared statement whose result
 * set the application still reads is not reused (executing it again would close that result set): another one
 * is prepared beside it. Kept for the {@value #PLANS} most recently run plans.
 */
final class ResultHandoff implements AutoCloseable {

    private static final int PLANS = 64;
    /** Row counts of one plan whose {@code VALUES} statements are kept. */
    private static final int VALUE_SHAPES = 8;

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

    /** Statements prepared over one SQL text, each with the result set it last returned. */
    private static final class Prepared {
        final String sql;
        final List<PreparedStatement> statements = new ArrayList<>();
        final List<ResultSet> lastResults = new ArrayList<>();

        Prepared(String sql) {
            this.sql = sql;
        }

        /** Binds parameters on a statement with no open result set (prepared if none is) and runs it. */
        ResultSet run(Connection duckdb, Binding binding) throws SQLException {
            int i = idle();
            if (i < 0) {
                statements.add(duckdb.prepareStatement(sql));
                lastResults.add(null);
                i = statements.size() - 1;
            }
            PreparedStatement p = statements.get(i);
            binding.bind(p);
            ResultSet rs = p.executeQuery();
            lastResults.set(i, rs);
            return rs;
        }

        /**
         * A prepared statement with no open result set, or -1. DuckDB closes a statement whose execution
         * failed; such a statement is dropped here.
         */
        private int idle() throws SQLException {
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

        void close() {
            for (PreparedStatement p : statements) {
                try {
                    p.close();
                } catch (SQLException e) {
                    // the connection is closing or already closed: nothing left to free
                }
            }
        }
    }

    @FunctionalInterface
    private interface Binding {
        void bind(PreparedStatement p) throws SQLException;
    }

    /** A plan's slot and the statements prepared over it: the scan's, and the {@code VALUES} ones by rows. */
    private static final class PlanEntry {
        final ResultSlot slot;
        final Prepared scan;
        final Map<Integer, Prepared> values = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Prepared> eldest) {
                if (size() > VALUE_SHAPES) {
                    eldest.getValue().close();
                    return true;
                }
                return false;
            }
        };

        PlanEntry(ResultSlot slot, String sql) {
            this.slot = slot;
            this.scan = new Prepared(sql);
        }

        /** The {@code VALUES} statement for {@code root}'s row count, or null where the scan must read it. */
        Prepared values(VectorSchemaRoot root) {
            if (!ResultValues.fits(root) || !root.getSchema().getFields().equals(slot.fields())) {
                return null;
            }
            String call = SqlRewriter.resultCall(slot.name());
            int at = scan.sql.indexOf(call);
            if (at < 0 || scan.sql.indexOf(call, at + 1) >= 0) {
                return null;
            }
            return values.computeIfAbsent(root.getRowCount(), rows -> new Prepared(scan.sql.substring(0, at)
                    + ResultValues.source(slot.fields(), rows) + scan.sql.substring(at + call.length())));
        }

        void retire() {
            scan.close();
            values.values().forEach(Prepared::close);
            slot.retire();
        }
    }

    ResultHandoff(Connection duckdb) {
        this.duckdb = duckdb;
    }

    /**
     * Hands {@code root} (its memory held by {@code allocator}; both owned here from now on) to DuckDB as the
     * result of {@code pq}, and runs the rewritten statement over it.
     */
    ResultSet run(PlannedQuery pq, VectorSchemaRoot root, BufferAllocator allocator) throws SQLException {
        PlanEntry entry;
        Prepared values;
        try {
            entry = entry(pq, root);
            values = entry.values(root);
        } catch (SQLException | RuntimeException e) {
            root.close();
            allocator.close();
            throw e;
        }
        if (values == null) {
            entry.slot.publish(root, allocator);
            return entry.scan.run(duckdb, p -> {
            });
        }
        try {
            return values.run(duckdb, p -> ResultValues.bind(p, root));
        } finally {
            // The parameters hold copies: the Arrow memory is free once the statement ran.
            root.close();
            allocator.close();
        }
    }

    private PlanEntry entry(PlannedQuery pq, VectorSchemaRoot root) throws SQLException {
        PlanEntry entry = entries.get(pq.relationName());
        if (entry == null) {
            if (!registered) {
                ResultScan.register(duckdb);
                registered = true;
            }
            entry = new PlanEntry(ResultScan.open(pq.relationName(), root.getSchema().getFields()), pq.rewrittenSql());
            entries.put(pq.relationName(), entry);
        }
        return entry;
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
