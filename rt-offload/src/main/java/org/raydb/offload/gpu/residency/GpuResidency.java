package org.raydb.offload.gpu.residency;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.raydb.offload.gpu.GpuOutOfMemoryException;

/**
 * The GPU residency cache: device-resident data (columns, sieving vectors, BVHs) built once per key, e.g.
 * (table, snapshot, attribute set), shared by every connection, under a byte budget.
 *
 * <ul>
 *   <li><b>Single flight</b>: the first caller of a key builds it on its own thread; concurrent callers of
 *       the same key wait for that build instead of starting another, and see its failure if it fails.</li>
 *   <li><b>Leases</b>: {@link #acquire} returns a lease that pins the entry; pinned entries are never
 *       evicted or freed. Close the lease when the query is done.</li>
 *   <li><b>Budget and LRU</b>: before a build, least recently used unpinned entries are evicted until the
 *       estimate fits, entries not marked lasting first; after it, the actual size is counted. A build that
 *       cannot fit even after evicting everything unpinned fails with GpuOutOfMemoryException (the offload then
 *       falls back to DuckDB).</li>
 *   <li><b>Invalidation</b>: a write through the driver calls {@link #invalidate} for the keys it touches;
 *       unpinned entries are freed at once, pinned ones when their last lease closes.</li>
 * </ul>
 * All bookkeeping happens under one lock; builds and frees of device memory happen outside it.
 */
public final class GpuResidency implements AutoCloseable {

    /**
     * One DEBUG line per build and per eviction: a query that builds or frees device memory on its own path (a
     * copy evicted since its shape was built, a free that waits for the device) is told apart from one that
     * waited for a lane or for the GPU.
     */
    private static final System.Logger LOG = System.getLogger("org.raydb.offload.gpu");

    private final long budgetBytes;
    /** Completed entries in LRU order (access order), plus in-flight builds. */
    private final LinkedHashMap<Object, Entry<?>> entries = new LinkedHashMap<>(16, 0.75f, true);

    private long usedBytes;
    private boolean closed;

    public GpuResidency(long budgetBytes) {
        if (budgetBytes <= 0) throw new IllegalArgumentException("budget must be positive: " + budgetBytes);
        this.budgetBytes = budgetBytes;
    }

    /** A pinned use of a resident value; closing it unpins (and frees the value if it was invalidated). */
    public final class Lease<V extends GpuResident> implements AutoCloseable {
        private final Entry<V> entry;
        private boolean released;

        private Lease(Entry<V> entry) {
            this.entry = entry;
        }

        public V get() {
            if (released) throw new IllegalStateException("lease already closed");
            return entry.value;
        }

        @Override
        public void close() {
            if (released) return;
            released = true;
            release(entry);
        }
    }

    private static final class Entry<V extends GpuResident> {
        final Object key;
        final boolean lasting;
        final CompletableFuture<V> built = new CompletableFuture<>();
        V value;
        long bytes;
        int pins;
        boolean invalid;

        Entry(Object key, boolean lasting) {
            this.key = key;
            this.lasting = lasting;
        }
    }

    /** {@link #acquire(Object, long, boolean, Supplier)} of a value that is not lasting. */
    public <V extends GpuResident> Lease<V> acquire(Object key, long estimatedBytes, Supplier<V> builder) {
        return acquire(key, estimatedBytes, false, builder);
    }

    /**
     * The resident value for {@code key}, built by {@code builder} if absent (estimatedBytes makes room for it
     * first). Pinned until the returned lease closes. A {@code lasting} value (what many queries read, costly to
     * build again) is evicted only once no other unpinned entry is left to evict.
     */
    @SuppressWarnings("unchecked")
    public <V extends GpuResident> Lease<V> acquire(
            Object key, long estimatedBytes, boolean lasting, Supplier<V> builder) {
        Entry<V> entry;
        boolean build = false;
        List<GpuResident> evicted;
        synchronized (this) {
            ensureOpen();
            entry = (Entry<V>) entries.get(key);
            if (entry == null || entry.invalid) {
                entry = new Entry<>(key, lasting);
                entries.put(key, entry);
                build = true;
            }
            entry.pins++;
            evicted = build ? evictFor(estimatedBytes) : List.of();
        }
        freeEvicted(evicted, key);
        if (build) {
            long t0 = System.nanoTime();
            buildInto(entry, estimatedBytes, builder);
            if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "raydb.gpu built {0} ({1} MiB) in {2} us on {3}",
                        key,
                        entry.bytes >> 20,
                        (System.nanoTime() - t0) / 1000,
                        Thread.currentThread().getName());
            }
        }
        try {
            entry.built.join();
        } catch (CompletionException e) {
            synchronized (this) {
                entry.pins--;
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        return new Lease<>(entry);
    }

    private <V extends GpuResident> void buildInto(Entry<V> entry, long estimatedBytes, Supplier<V> builder) {
        V value;
        try {
            value = builder.get();
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                entries.remove(entry.key, entry);
            }
            entry.built.completeExceptionally(e);
            return;
        }
        List<GpuResident> evicted;
        synchronized (this) {
            evicted = evictFor(value.deviceBytes());
            if (usedBytes + value.deviceBytes() > budgetBytes || closed) {
                entries.remove(entry.key, entry);
                evicted = new ArrayList<>(evicted);
                evicted.add(value);
                String reason = closed
                        ? "the residency cache closed during the build"
                        : "needs " + value.deviceBytes()
                                + " device bytes (estimated " + estimatedBytes + "); budget " + budgetBytes
                                + ", pinned "
                                + usedBytes;
                entry.built.completeExceptionally(
                        new GpuOutOfMemoryException("GPU residency for " + entry.key + " " + reason));
            } else {
                entry.value = value;
                entry.bytes = value.deviceBytes();
                usedBytes += entry.bytes;
                entry.built.complete(value);
            }
        }
        freeEvicted(evicted, entry.key);
    }

    /** Frees what was evicted to make room for {@code key}, outside the lock. */
    private static void freeEvicted(List<GpuResident> evicted, Object key) {
        if (evicted.isEmpty()) return;
        boolean logged = LOG.isLoggable(System.Logger.Level.DEBUG);
        long t0 = System.nanoTime();
        long bytes =
                logged ? evicted.stream().mapToLong(GpuResident::deviceBytes).sum() : 0; // before they are freed
        closeAll(evicted);
        if (logged) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "raydb.gpu evicted {0} entries ({1} MiB) in {2} us for {3} on {4}",
                    evicted.size(),
                    bytes >> 20,
                    (System.nanoTime() - t0) / 1000,
                    key,
                    Thread.currentThread().getName());
        }
    }

    /**
     * Unlinks LRU unpinned entries, those not lasting first, until {@code bytes} more would fit; the caller frees
     * them outside the lock.
     */
    private List<GpuResident> evictFor(long bytes) {
        List<GpuResident> out = new ArrayList<>();
        for (boolean lasting : new boolean[] {false, true}) {
            Iterator<Entry<?>> lru = entries.values().iterator();
            while (usedBytes + bytes > budgetBytes && lru.hasNext()) {
                Entry<?> e = lru.next();
                if (e.pins == 0 && e.value != null && e.lasting == lasting) {
                    lru.remove();
                    usedBytes -= e.bytes;
                    out.add(e.value);
                }
            }
        }
        return out;
    }

    private void release(Entry<?> entry) {
        GpuResident free = null;
        synchronized (this) {
            entry.pins--;
            if (entry.pins == 0 && entry.invalid && entry.value != null) {
                usedBytes -= entry.bytes;
                free = entry.value;
            }
        }
        if (free != null) free.close();
    }

    /** Drops every entry whose key matches: freed now if unpinned, else when its last lease closes. */
    public void invalidate(Predicate<Object> keys) {
        List<GpuResident> free = new ArrayList<>();
        synchronized (this) {
            Iterator<Map.Entry<Object, Entry<?>>> it = entries.entrySet().iterator();
            while (it.hasNext()) {
                Entry<?> e = it.next().getValue();
                if (!keys.test(e.key)) continue;
                it.remove();
                e.invalid = true;
                if (e.pins == 0 && e.value != null) {
                    usedBytes -= e.bytes;
                    free.add(e.value);
                }
            }
        }
        closeAll(free);
    }

    /** Device bytes of the built entries, summed by {@code kindOf(key)}, largest first. */
    public synchronized Map<String, Long> bytesBy(Function<Object, String> kindOf) {
        Map<String, Long> sums = new java.util.HashMap<>();
        for (Entry<?> e : entries.values()) {
            if (e.value != null) sums.merge(kindOf.apply(e.key), e.bytes, Long::sum);
        }
        return largestFirst(sums);
    }

    /** Byte counts by kind, largest first. */
    public static Map<String, Long> largestFirst(Map<String, Long> sums) {
        Map<String, Long> out = new LinkedHashMap<>();
        sums.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    public synchronized long usedBytes() {
        return usedBytes;
    }

    public long budgetBytes() {
        return budgetBytes;
    }

    public synchronized boolean contains(Object key) {
        return peek(key) != null;
    }

    /**
     * The resident value of {@code key}, not pinned (null where there is none): to name what was derived from it,
     * never to read it, since it may be evicted at once.
     */
    public synchronized Object peek(Object key) {
        Entry<?> e = entries.get(key);
        return e == null || e.invalid ? null : e.value;
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("GPU residency cache is closed");
    }

    private static void closeAll(List<GpuResident> values) {
        RuntimeException first = null;
        for (GpuResident v : values) {
            try {
                v.close();
            } catch (RuntimeException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }

    /** At shutdown: frees every completed entry, pinned or not (the device goes away next). */
    @Override
    public void close() {
        List<GpuResident> free = new ArrayList<>();
        synchronized (this) {
            if (closed) return;
            closed = true;
            for (Entry<?> e : entries.values()) if (e.value != null) free.add(e.value);
            entries.clear();
            usedBytes = 0;
        }
        closeAll(free);
    }
}
