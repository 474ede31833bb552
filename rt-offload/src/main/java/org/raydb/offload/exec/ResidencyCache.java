package org.raydb.offload.exec;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.raydb.offload.plan.TableRef;

/**
 * The resident table snapshots of one database, keyed by table, shared by its connections. A write through
 * the driver on any of them drops the written table's snapshot; a write whose table cannot be told drops
 * everything.
 */
public final class ResidencyCache {

    private final Map<String, ResidentTable> tables = new HashMap<>();
    /** Tables (lower-case name, {@code "*"} for unknown) with uncommitted writes, and how many writers. */
    private final Map<String, Integer> uncommitted = new HashMap<>();

    public synchronized ResidentTable table(TableRef ref) {
        return tables.computeIfAbsent(key(ref.toString()), k -> new ResidentTable(ref));
    }

    /** Drops the snapshot of tables named {@code name} (any schema). */
    public synchronized void invalidate(String name) {
        tables.values().removeIf(t -> t.table().name().equalsIgnoreCase(name));
    }

    public synchronized void invalidateAll() {
        tables.clear();
    }

    /**
     * A connection wrote {@code name} ({@code null}: an unknown table) in a transaction not yet ended: until
     * {@link #endUncommitted}, no connection may use a snapshot of it (the writer's view and everyone else's
     * differ, and a commit would not be reported).
     */
    public synchronized void beginUncommitted(String name) {
        uncommitted.merge(pendingKey(name), 1, Integer::sum);
        invalidateOrAll(name);
    }

    /** The writer's transaction ended (or it closed): the table may be cached again, from fresh data. */
    public synchronized void endUncommitted(String name) {
        uncommitted.computeIfPresent(pendingKey(name), (k, n) -> n > 1 ? n - 1 : null);
        invalidateOrAll(name);
    }

    /** Whether some connection has uncommitted writes to {@code name}. */
    public synchronized boolean hasUncommitted(String name) {
        return uncommitted.containsKey("*") || uncommitted.containsKey(pendingKey(name));
    }

    private void invalidateOrAll(String name) {
        if (name == null) {
            invalidateAll();
        } else {
            invalidate(name);
        }
    }

    private static String pendingKey(String name) {
        return name == null ? "*" : key(name);
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
