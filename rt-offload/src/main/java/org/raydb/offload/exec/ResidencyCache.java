package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.TableRef;

/**
 * The resident table snapshots of one database, keyed by table, shared by its connections. Each snapshot
 * carries the {@link TableVersion} it was loaded at, and a reader uses it only when the version it sees now
 * is the same; so a write by anyone makes the next reader load afresh. Writes the driver sees also drop every
 * snapshot at once and count in the version ({@link #writes()}), which covers what the version cannot see.
 * Snapshots count against a {@link HostMemoryBudget}, which drops the least recently used.
 */
public final class ResidencyCache {

    private final Map<String, ResidentTable> tables = new HashMap<>();
    private final HostMemoryBudget budget;
    /** Read by every query's version without the lock (written under it). */
    private volatile long writes;

    public ResidencyCache() {
        this(HostMemoryBudget.JVM);
    }

    public ResidencyCache(HostMemoryBudget budget) {
        this.budget = budget;
    }

    public HostMemoryBudget budget() {
        return budget;
    }

    /** The snapshot of {@code ref} loaded at {@code version}, or a new, empty one that replaces an older one. */
    public synchronized ResidentTable table(TableRef ref, TableVersion version) {
        String key = ref.toString();
        ResidentTable t = tables.get(key);
        if (t == null || !t.version().equals(version)) {
            if (t != null) {
                budget.forget(t);
                t.retire();
            }
            t = new ResidentTable(ref, version);
            tables.put(key, t);
        }
        budget.used(t, this);
        return t;
    }

    /** The snapshot of {@code ref} at {@code version} if it is held, else {@code null}; nothing is created. */
    public synchronized ResidentTable held(TableRef ref, TableVersion version) {
        ResidentTable t = tables.get(ref.toString());
        return t != null && t.version().equals(version) ? t : null;
    }

    /**
     * The snapshots held of tables named {@code name} in the schema and catalog {@code qualifiers} name (as written:
     * none, the schema, or the catalog and the schema), all compared ignoring case. Their versions are the caller's to
     * check.
     */
    public synchronized List<ResidentTable> named(List<String> qualifiers, String name) {
        List<ResidentTable> found = new ArrayList<>();
        for (ResidentTable t : tables.values()) {
            TableRef ref = t.table();
            List<String> path = List.of(ref.catalog(), ref.schema(), ref.name());
            List<String> tail = path.subList(path.size() - qualifiers.size() - 1, path.size() - 1);
            boolean same = ref.name().equalsIgnoreCase(name);
            for (int i = 0; same && i < qualifiers.size(); i++) {
                same = tail.get(i).equalsIgnoreCase(qualifiers.get(i));
            }
            if (same) found.add(t);
        }
        return found;
    }

    /**
     * The snapshot of the plan's table at {@code version}, with room made in the host budget for what a build of
     * the plan's shape adds to it ({@link ResidentTable#buildBytes}) by dropping least recently used other
     * snapshots; {@code null} when that is not enough. What the snapshot built for other shapes stays: dropping
     * it for this one made shapes evict each other in turn (at SF 20 in a 16 GiB budget, no shape of the 13 SSB
     * queries stayed ready), while keeping it serves those that fit and leaves the rest to DuckDB.
     */
    public ResidentTable roomFor(OffloadPlan plan, TableVersion version, Connection session) throws SQLException {
        return roomFor(plan, version, session, true);
    }

    /**
     * {@link #roomFor(OffloadPlan, TableVersion, Connection)}, or with {@code index} false room only for what a
     * scan of the shape needs (its columns and their dictionaries).
     */
    public ResidentTable roomFor(OffloadPlan plan, TableVersion version, Connection session, boolean index)
            throws SQLException {
        ResidentTable table = table(plan.table(), version);
        if (table.ready(plan.shape())) {
            return table;
        }
        long rows = table.rows() >= 0 ? table.rows() : plan.table().estimatedRows(session, 0);
        return budget.makeRoom(ResidentTable.buildBytes(table, plan, rows, index), table) ? table : null;
    }

    /** Drops {@code table} if it is still the snapshot held for its table (the host budget chose it). */
    synchronized void evict(ResidentTable table) {
        tables.remove(table.table().toString(), table);
        budget.forget(table);
        table.retire();
    }

    /**
     * The snapshot of {@code ref} at {@code version} if one is held with every named column loaded, else
     * {@code null}; nothing is loaded or created (EXPLAIN OFFLOAD asks).
     */
    public synchronized ResidentTable resident(TableRef ref, TableVersion version, Set<String> columns) {
        ResidentTable t = tables.get(ref.toString());
        return t != null && t.version().equals(version) && t.hasLoaded(columns) ? t : null;
    }

    /** Writes the driver has seen on this database so far. */
    public long writes() {
        return writes;
    }

    /** A statement that may have written went through the driver: every snapshot may be stale. */
    public synchronized void written() {
        writes++;
        clear();
    }

    private void clear() {
        tables.values().forEach(t -> {
            budget.forget(t);
            t.retire();
        });
        tables.clear();
    }

    /** Drops every snapshot (the database's last connection closed). */
    public synchronized void invalidateAll() {
        clear();
    }
}
