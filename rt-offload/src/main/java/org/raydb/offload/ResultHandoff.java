package org.raydb.offload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.QueryPlanner;
import org.raydb.offload.result.DirectFinish;
import org.raydb.offload.result.GroupFilter;
import org.raydb.offload.result.ResultBuilder;
import org.raydb.offload.result.ResultScan;
import org.raydb.offload.result.ResultSlot;
import org.raydb.offload.result.TopRows;

/**
 * Hands one connection's offloaded results to DuckDB, which runs the rewritten statement over them. Per
 * planned query: a {@link ResultSlot} a result is published into, so a repeated query changes no catalog; kept
 * for the {@value #PLANS} most recently run plans. Where the statement only projects, orders and limits the
 * groups, {@link DirectFinish} answers it without DuckDB running it.
 *
 * <p>DuckDB runs (and prepares, for the direct finish's columns) the rewritten statement on the connection's
 * planning database ({@link QueryPlanner#finishing}), which carries the session's settings: the table function
 * that reads the slots ({@link ResultScan}) is registered there, never in the application's database, whose
 * {@code duckdb_functions()} would otherwise list it for good. The statement reads nothing but its result.
 *
 * <p>No statement is kept open on the application's connection between queries: DuckDB lists every open prepared
 * statement of a connection in {@code duckdb_prepared_statements()}, where plain {@code jdbc:duckdb:} shows only
 * the application's own. Each finish DuckDB runs is a plain statement over the result function, closed with its
 * result set and listed nowhere; it is parsed and bound each time (the cost of that choice is in the benchmark
 * report's "What was tried"). The direct finish reads its statement's columns once, from a statement it closes at
 * once.
 */
final class ResultHandoff implements AutoCloseable {

    private static final int PLANS = 64;

    private final Connection duckdb;
    private final Finishing finishing;
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

    /**
     * Finishings being prepared beside the engine's run ({@link #prepareAhead}), by relation: taken into
     * {@link #entries} by the first use, or by {@link #settleAhead} where the statement ended before it. Touched only
     * under the connection's lock, as {@link #entries}.
     */
    private final Map<String, Future<PlanEntry>> ahead = new LinkedHashMap<>();

    /** Prepares finishings ahead; daemon threads, made as needed and kept a while. */
    private static final ExecutorService AHEAD = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "raydb-finish-ahead");
        t.setDaemon(true);
        return t;
    });

    /** The finishing connection the result function is registered on ({@code null}: none yet). */
    private Connection registeredOn;

    private long readyAt;
    private final Parser parser;

    /** Parses a finishing statement (the planner's parse on its own database). */
    @FunctionalInterface
    interface Parser {
        Map<String, Object> parse(String sql) throws SQLException, NotQualified;
    }

    /** The connection DuckDB finishes statements on ({@link QueryPlanner#finishing}). */
    @FunctionalInterface
    interface Finishing {
        Connection connection() throws SQLException;
    }

    /** Runs {@code sql} on a plain statement of its own that closes with its result set. */
    private static ResultSet run(Connection duckdb, String sql, QueryCancel cancel) throws SQLException {
        Statement s = duckdb.createStatement();
        try (QueryCancel.Watch _ = cancel.watch(s)) {
            s.closeOnCompletion();
            return s.executeQuery(sql);
        } catch (SQLException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** A plan's slot and its finishing statement over the slot. */
    private static final class PlanEntry {
        final ResultSlot slot;
        final String sql;
        /** Null where DuckDB must run the statement. */
        DirectFinish direct;
        /** What the statement's WHERE drops of the groups, where that is known here; null: nothing known. */
        GroupFilter filter;

        PlanEntry(ResultSlot slot, String sql) {
            this.slot = slot;
            this.sql = sql;
        }
    }

    /**
     * @param duckdb    the application's session, whose settings the direct finish orders by
     * @param finishing the connection DuckDB finishes statements on
     * @param direct    whether statements of {@link DirectFinish}'s shape are finished without DuckDB
     * @param parser    parses a finishing statement to find its shape
     */
    ResultHandoff(Connection duckdb, Finishing finishing, boolean direct, Parser parser) {
        this.duckdb = duckdb;
        this.finishing = finishing;
        this.direct = direct;
        this.parser = parser;
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
        try {
            root = ResultBuilder.toArrow(fields, rows, allocator);
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
        readyAt = System.nanoTime();
        entry.slot.publish(root, allocator);
        return run(finisher(), entry.sql, cancel);
    }

    /**
     * What of its groups {@code pq}'s finishing can keep, where the driver finishes it and it orders and limits
     * them; {@code null}: all.
     */
    TopRows topRows(PlannedQuery pq, List<Field> fields) throws SQLException {
        DirectFinish direct = entry(pq, fields).direct;
        return direct == null ? null : direct.topRows();
    }

    /** The groups {@code pq}'s finishing statement drops by its WHERE, where known here; {@code null}: none known. */
    GroupFilter groupFilter(PlannedQuery pq, List<Field> fields) throws SQLException {
        return entry(pq, fields).filter;
    }

    /**
     * Whether {@code pq}'s finishing may keep only some of its groups ({@link #topRows} non-null), told from its
     * statement's text without preparing it: DuckDB writes every LIMIT as one.
     */
    static boolean mayKeepTop(PlannedQuery pq) {
        return pq.rewrittenSql().toUpperCase(java.util.Locale.ROOT).contains("LIMIT");
    }

    /**
     * Starts preparing {@code pq}'s finishing on another thread, where the direct finish is on and it is not
     * prepared: its statement prepared and parsed on the planning database (with the session's order settings, 2.7
     * ms of an offloaded first run on the H200 host, the median over 85) while the engine runs. The first use waits
     * for it, and so does {@link #settleAhead}: nothing else uses the planning database meanwhile, and the session,
     * whose settings are read here, is never used by two threads (DuckDB runs one query at a time on a connection).
     */
    void prepareAhead(PlannedQuery pq, List<Field> fields) throws SQLException {
        String relation = pq.relationName();
        if (!direct || entries.containsKey(relation) || ahead.containsKey(relation)) return;
        Connection finisher = finisher();
        DirectFinish.Order order = DirectFinish.Order.of(duckdb);
        ahead.put(relation, AHEAD.submit(() -> prepared(pq, fields, finisher, order, parser)));
    }

    /** Takes every preparation started ahead, waiting for those still running. */
    void settleAhead() {
        ahead.forEach(this::take);
        ahead.clear();
    }

    /** Takes a preparation into {@link #entries} once done (one that failed freed its slot). */
    private void take(String relation, Future<PlanEntry> preparing) {
        try {
            PlanEntry entry = joined(preparing);
            if (entries.containsKey(relation)) {
                entry.slot.retire();
                entry.slot.close();
            } else {
                entries.put(relation, entry);
            }
        } catch (SQLException | RuntimeException e) {
            // its next run prepares it again
        }
    }

    private static PlanEntry joined(Future<PlanEntry> preparing) throws SQLException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return preparing.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the preparation uses the planning database: it is waited for
                } catch (ExecutionException e) {
                    switch (e.getCause()) {
                        case SQLException s -> throw s;
                        case RuntimeException r -> throw r;
                        case Error r -> throw r;
                        default -> throw new SQLException(e.getCause());
                    }
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** {@link #topRows} where {@code pq} was finished here before, else {@code null}; prepares nothing. */
    TopRows knownTopRows(PlannedQuery pq) {
        PlanEntry entry = entries.get(pq.relationName());
        return entry == null || entry.direct == null ? null : entry.direct.topRows();
    }

    /**
     * Whether {@code pq}'s finishing is prepared here (by a run, ahead of one, or behind DuckDB's answer); prepares
     * nothing.
     */
    boolean prepared(PlannedQuery pq) {
        return entries.containsKey(pq.relationName()) || ahead.containsKey(pq.relationName());
    }

    /** {@link System#nanoTime()} when the last {@link #run}'s relation was ready and its finishing began. */
    long readyAt() {
        return readyAt;
    }

    private PlanEntry entry(PlannedQuery pq, List<Field> fields) throws SQLException {
        PlanEntry entry = entries.get(pq.relationName());
        if (entry == null) {
            Future<PlanEntry> preparing = ahead.remove(pq.relationName());
            entry = preparing != null
                    ? joined(preparing)
                    : direct
                            ? prepared(pq, fields, finisher(), DirectFinish.Order.of(duckdb), parser)
                            : new PlanEntry(slot(pq, fields), pq.rewrittenSql());
            entries.put(pq.relationName(), entry);
        }
        return entry;
    }

    private static ResultSlot slot(PlannedQuery pq, List<Field> fields) {
        return ResultScan.open(pq.relationName(), fields);
    }

    /**
     * {@code pq}'s finishing as the direct finish reads it: its statement's columns prepared on {@code finisher}
     * (the result function registered there), its shape parsed by {@code parser}, rows ordered as {@code order} says.
     */
    private static PlanEntry prepared(
            PlannedQuery pq, List<Field> fields, Connection finisher, DirectFinish.Order order, Parser parser)
            throws SQLException {
        PlanEntry entry = new PlanEntry(slot(pq, fields), pq.rewrittenSql());
        try (PreparedStatement columns = finisher.prepareStatement(entry.sql)) {
            Map<String, Object> tree = parser.parse(entry.sql);
            entry.direct = DirectFinish.of(order, tree, columns, entry.slot.fields());
            entry.filter = entry.direct == null ? GroupFilter.of(tree, entry.slot.fields()) : null;
        } catch (NotQualified e) {
            entry.direct = null; // a statement DuckDB cannot serialize: DuckDB finishes it
        } catch (SQLException | RuntimeException e) {
            entry.slot.retire();
            entry.slot.close();
            throw e;
        }
        return entry;
    }

    /**
     * {@code pq}'s finishing prepared elsewhere: on another connection of the database whose settings are the
     * session's (so its statement's columns, order and collation are as the session's would be), with
     * {@code finisher} a connection of a planning database of those settings and the session's optimizers. Taken
     * by {@link #adopt}, where the direct finish is on; {@code null} where it is off.
     */
    static Prepared prepareElsewhere(
            PlannedQuery pq, Connection finisher, Connection settingsOf, Parser parser, boolean direct)
            throws SQLException {
        if (!direct) return null;
        ResultScan.register(finisher);
        return new Prepared(
                prepared(pq, ResultBuilder.fields(pq.plan()), finisher, DirectFinish.Order.of(settingsOf), parser));
    }

    /**
     * How a direct finish finishes a decision, as another connection of the same settings read it: what its
     * statement's columns and shape told, without the relation its results went to.
     */
    record Known(DirectFinish direct, GroupFilter filter) {}

    /** {@code pq}'s finishing as the direct finish read it here, for other connections; {@code null}: none yet. */
    Known known(PlannedQuery pq) {
        PlanEntry entry = entries.get(pq.relationName());
        return !direct || entry == null || entry.direct == null ? null : new Known(entry.direct, entry.filter);
    }

    /**
     * Takes {@code known}, read by another connection whose session binds as this one, as {@code pq}'s finishing
     * (over a relation of its own), where the direct finish is on here and none is known already.
     */
    void adopt(PlannedQuery pq, Known known) {
        if (known == null || !direct || prepared(pq)) return;
        PlanEntry entry = new PlanEntry(slot(pq, ResultBuilder.fields(pq.plan())), pq.rewrittenSql());
        entry.direct = known.direct();
        entry.filter = known.filter();
        entries.put(pq.relationName(), entry);
    }

    /** A finishing prepared by {@link #prepareElsewhere}. */
    static final class Prepared {
        private final PlanEntry entry;

        private Prepared(PlanEntry entry) {
            this.entry = entry;
        }

        /** What of the groups the finishing keeps ({@link #topRows}); {@code null}: all, or DuckDB finishes it. */
        TopRows topRows() {
            return entry.direct == null ? null : entry.direct.topRows();
        }
    }

    /**
     * Takes a finishing prepared elsewhere for {@code pq}, unless one is known already or {@code letGo} (its plan
     * not taken, or the connection's lock not had: then nothing else is touched). Else under the connection's
     * lock, as every other use.
     */
    void adopt(PlannedQuery pq, Prepared prepared, boolean letGo) {
        if (prepared == null) return;
        if (letGo || prepared(pq)) {
            prepared.entry.slot.retire();
            prepared.entry.slot.close();
        } else {
            entries.put(pq.relationName(), prepared.entry);
        }
    }

    /** The finishing connection, the result function registered on it. */
    private Connection finisher() throws SQLException {
        Connection c = finishing.connection();
        if (c != registeredOn) {
            ResultScan.register(c);
            registeredOn = c;
        }
        return c;
    }

    /** Forgets every plan (after DDL, the planner forgot them too). */
    void clear() {
        settleAhead();
        entries.values().forEach(this::retire);
        entries.clear();
    }

    private void retire(PlanEntry e) {
        e.slot.retire();
        retired.removeIf(slot -> !slot.held());
        retired.add(e.slot);
    }

    @Override
    public void close() {
        settleAhead();
        for (PlanEntry e : entries.values()) {
            e.slot.retire();
            e.slot.close();
        }
        entries.clear();
        retired.forEach(ResultSlot::close);
        retired.clear();
    }
}
