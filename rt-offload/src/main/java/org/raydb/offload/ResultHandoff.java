package org.raydb.offload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.SqlRewriter;
import org.raydb.offload.result.DirectFinish;
import org.raydb.offload.result.ResultBuilder;
import org.raydb.offload.result.ResultScan;
import org.raydb.offload.result.ResultSlot;
import org.raydb.offload.result.ResultValues;
import org.raydb.offload.result.TopRows;

/**
 * Hands one connection's offloaded results to DuckDB, which runs the rewritten statement over them. Per
 * planned query: a {@link ResultSlot} a result is published into and the rewritten statement prepared over it
 * once, so a repeated query changes no catalog and is not parsed again; and, for small results
 * ({@link ResultValues}), the statement with the result as parameters of a {@code VALUES} list instead,
 * prepared once per row count, whose plan DuckDB does not even bind again. A prepared statement whose result
 * set the application still reads is not reused (executing it again would close that result set): another one
 * is prepared beside it. Kept for the {@value #PLANS} most recently run plans. Where the statement only
 * projects, orders and limits the groups, {@link DirectFinish} answers it without DuckDB running it.
 */
final class ResultHandoff implements AutoCloseable {

    private static final int PLANS = 64;
    /** Row counts of one plan whose {@code VALUES} statements are kept. */
    private static final int VALUE_SHAPES = 8;

    private final Connection duckdb;
    private final boolean direct;
    private final Map<String, PlanEntry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PlanEntry> eldest) {
            if (size() > PLANS) {
                retire(eldest.getValue());
                return true;
            }
            return false;
        }
    };
    /**
     * Slots of plans no longer cached whose results a scan may still hold: a scan DuckDB abandoned part way
     * never releases its hold, so the connection's close frees them.
     */
    private final List<ResultSlot> retired = new ArrayList<>();

    private boolean registered;
    private long readyAt;

    /** Statements prepared over one SQL text, each with the result set it last returned. */
    private static final class Prepared {
        final String sql;
        final List<PreparedStatement> statements = new ArrayList<>();
        final List<ResultSet> lastResults = new ArrayList<>();

        Prepared(String sql) {
            this.sql = sql;
        }

        /** Binds parameters on a statement with no open result set (prepared if none is) and runs it. */
        ResultSet run(Connection duckdb, Binding binding, QueryCancel cancel) throws SQLException {
            int i = idle(duckdb);
            PreparedStatement p = statements.get(i);
            binding.bind(p);
            ResultSet rs;
            try (QueryCancel.Watch _ = cancel.watch(p)) {
                rs = p.executeQuery();
            }
            lastResults.set(i, rs);
            return rs;
        }

        /**
         * The index of a prepared statement with no open result set, prepared if there is none. DuckDB closes
         * a statement whose execution failed; such a statement is dropped here.
         */
        int idle(Connection duckdb) throws SQLException {
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
            statements.add(duckdb.prepareStatement(sql));
            lastResults.add(null);
            return statements.size() - 1;
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
        /** Null where DuckDB must run the statement. */
        DirectFinish direct;

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
            return values.computeIfAbsent(
                    root.getRowCount(),
                    rows -> new Prepared(scan.sql.substring(0, at)
                            + ResultValues.source(slot.fields(), rows)
                            + scan.sql.substring(at + call.length())));
        }

        void retire() {
            scan.close();
            values.values().forEach(Prepared::close);
            slot.retire();
        }
    }

    /** @param direct whether statements of {@link DirectFinish}'s shape are finished without DuckDB */
    ResultHandoff(Connection duckdb, boolean direct) {
        this.duckdb = duckdb;
        this.direct = direct;
    }

    /**
     * Finishes {@code pq} over its result ({@code fields}, {@code rows} in {@link ResultBuilder#rows}' storage
     * form): directly where the statement allows, else as Arrow in memory of a {@code memory} child allocator
     * handed to DuckDB, which runs the rewritten statement over it. {@link #readyAt} tells when the relation
     * was ready and the finishing began. A cancel interrupts DuckDB's finishing statement.
     */
    ResultSet run(
            PlannedQuery pq,
            List<Field> fields,
            List<Object[]> rows,
            Supplier<BufferAllocator> memory,
            QueryCancel cancel)
            throws SQLException {
        PlanEntry entry = entry(pq, fields);
        if (entry.direct != null) {
            readyAt = System.nanoTime();
            ResultSet rs = entry.direct.finish(rows);
            if (rs != null) {
                return rs;
            }
        }
        BufferAllocator allocator = memory.get();
        VectorSchemaRoot root;
        Prepared values;
        try {
            root = ResultBuilder.toArrow(fields, rows, allocator);
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
        try {
            values = entry.values(root);
        } catch (RuntimeException e) {
            root.close();
            allocator.close();
            throw e;
        }
        readyAt = System.nanoTime();
        if (values == null) {
            entry.slot.publish(root, allocator);
            return entry.scan.run(duckdb, p -> {}, cancel);
        }
        try {
            return values.run(duckdb, p -> ResultValues.bind(p, root), cancel);
        } finally {
            // The parameters hold copies: the Arrow memory is free once the statement ran.
            root.close();
            allocator.close();
        }
    }

    /**
     * What of its groups {@code pq}'s finishing can keep, where the driver finishes it and it orders and limits
     * them; {@code null}: all.
     */
    TopRows topRows(PlannedQuery pq, List<Field> fields) throws SQLException {
        DirectFinish direct = entry(pq, fields).direct;
        return direct == null ? null : direct.topRows();
    }

    /** {@link #topRows} where {@code pq} was finished here before, else {@code null}; prepares nothing. */
    TopRows knownTopRows(PlannedQuery pq) {
        PlanEntry entry = entries.get(pq.relationName());
        return entry == null || entry.direct == null ? null : entry.direct.topRows();
    }

    /** {@link System#nanoTime()} when the last {@link #run}'s relation was ready and its finishing began. */
    long readyAt() {
        return readyAt;
    }

    private PlanEntry entry(PlannedQuery pq, List<Field> fields) throws SQLException {
        PlanEntry entry = entries.get(pq.relationName());
        if (entry == null) {
            if (!registered) {
                ResultScan.register(duckdb);
                registered = true;
            }
            entry = new PlanEntry(ResultScan.open(pq.relationName(), fields), pq.rewrittenSql());
            if (direct) {
                try {
                    PreparedStatement scan = entry.scan.statements.get(entry.scan.idle(duckdb));
                    entry.direct = DirectFinish.of(duckdb, entry.scan.sql, scan, entry.slot.fields());
                } catch (SQLException | RuntimeException e) {
                    entry.retire();
                    entry.slot.close();
                    throw e;
                }
            }
            entries.put(pq.relationName(), entry);
        }
        return entry;
    }

    /** Forgets every plan (after DDL, the planner forgot them too). */
    void clear() {
        entries.values().forEach(this::retire);
        entries.clear();
    }

    private void retire(PlanEntry e) {
        e.retire();
        retired.removeIf(slot -> !slot.held());
        retired.add(e.slot);
    }

    @Override
    public void close() {
        for (PlanEntry e : entries.values()) {
            e.retire();
            e.slot.close();
        }
        entries.clear();
        retired.forEach(ResultSlot::close);
        retired.clear();
    }
}
