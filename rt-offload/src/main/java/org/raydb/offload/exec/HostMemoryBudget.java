package org.raydb.offload.exec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.raydb.offload.build.HeldBytes;

/**
 * Bounds the host memory that resident snapshots (columns, dictionaries, encodings, sieving vectors, group
 * codes, the BVH catalog's scenes) hold across every database of the JVM. Snapshots are remembered in the
 * order they were last used; after a query the least recently used ones are dropped until the rest fit. A
 * dropped snapshot is only a cache: its next query loads and builds it again.
 */
public final class HostMemoryBudget {

    /**
     * Half the heap ({@code host.memory}'s default): the offload's indexes live on the heap beside the
     * application, and DuckDB's own memory is off it.
     */
    public static final HostMemoryBudget JVM =
            new HostMemoryBudget(Runtime.getRuntime().maxMemory() / 2);

    private final long budget;
    private final Map<ResidentTable, ResidencyCache> byUse = new LinkedHashMap<>(16, 0.75f, true);
    /** {@link HeldBytes#changes()} when {@link #enforce} last found everything within the budget, and the sum then. */
    private long fittedAt = -1;

    private long fittedBytes;

    public HostMemoryBudget(long budget) {
        this.budget = budget;
    }

    public long budget() {
        return budget;
    }

    /** The bytes the snapshots it tracks hold now. */
    public long held() {
        List<ResidentTable> tables;
        synchronized (this) {
            tables = List.copyOf(byUse.keySet());
        }
        // Sizes are read outside the lock, as in dropUntil: a snapshot being built holds its own lock meanwhile.
        long held = 0;
        for (ResidentTable t : tables) {
            held += t.bytes();
        }
        return held;
    }

    /** {@code table}, held by {@code owner}, was just used. */
    synchronized void used(ResidentTable table, ResidencyCache owner) {
        if (byUse.put(table, owner) == null) {
            HeldBytes.changed();
        }
    }

    /** {@code table} is no longer held (replaced, or its cache cleared). */
    synchronized void forget(ResidentTable table) {
        if (byUse.remove(table) != null) {
            HeldBytes.changed();
        }
    }

    /**
     * Drops least recently used snapshots until those left fit the budget, never {@code inUse}: a table that
     * alone exceeds the budget stays resident. Dropping it would not free its memory (the running query, and
     * the prepared jobs of every connection that ran it, still hold it) while the next query loaded and built a
     * second copy beside it: on a table larger than half the heap every query reloaded it, and the heap ran out
     * between the two copies (SSB sf 20, 32 GiB heap).
     *
     * @return the bytes still held
     */
    public long enforce(ResidentTable inUse) {
        long changes = HeldBytes.changes();
        synchronized (this) {
            if (changes == fittedAt) {
                return fittedBytes; // nothing held changed since every snapshot fitted: nothing to drop
            }
        }
        long held = dropUntil(budget, inUse);
        if (held <= budget) {
            synchronized (this) {
                fittedAt = changes;
                fittedBytes = held;
            }
        }
        return held;
    }

    /**
     * Makes room, before a build starts, for the {@code bytes} it is estimated to add to {@code inUse}: drops
     * least recently used snapshots other than it until the rest leave that much of the budget; whether they do.
     */
    public boolean makeRoom(long bytes, ResidentTable inUse) {
        return bytes <= budget && dropUntil(budget - bytes, inUse) <= budget - bytes;
    }

    /**
     * Drops least recently used snapshots but {@code inUse} while more than {@code limit} bytes are held, then
     * sheds {@code inUse}'s idle shapes' indexes ({@link ResidentTable#shed}).
     */
    private long dropUntil(long limit, ResidentTable inUse) {
        List<Map.Entry<ResidentTable, ResidencyCache>> order;
        synchronized (this) {
            order = byUse.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), e.getValue()))
                    .toList();
        }
        // Sizes are read outside the lock: a snapshot being built holds its own lock meanwhile.
        long[] sizes = new long[order.size()];
        long held = 0;
        for (int i = 0; i < order.size(); i++) {
            sizes[i] = order.get(i).getKey().bytes();
            held += sizes[i];
        }
        for (int i = 0; i < order.size() && held > limit; i++) {
            ResidentTable t = order.get(i).getKey();
            if (t != inUse) {
                order.get(i).getValue().evict(t);
                held -= sizes[i];
            }
        }
        // The table in use keeps what its queries scan; the indexes of its shapes give way instead.
        if (held > limit && inUse != null) {
            held -= inUse.shed(held - limit, ResidentTable.IDLE_BEFORE_SHED_NANOS);
        }
        return held;
    }

    /** Drops every snapshot (the heap ran out while the offload built one). */
    public void evictAll() {
        List<Map.Entry<ResidentTable, ResidencyCache>> all;
        synchronized (this) {
            all = byUse.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), e.getValue()))
                    .toList();
        }
        all.forEach(e -> e.getValue().evict(e.getKey()));
    }
}
