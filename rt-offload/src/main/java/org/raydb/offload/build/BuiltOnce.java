package org.raydb.offload.build;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A value built once, on first use, by the first caller and outside any lock: builds run parallel stages, and
 * a monitor held across one lets a pool worker that blocks on it stall the very stage it waits for (a deadlock
 * once the pool has a single worker). Later callers wait for the same build ({@link CompletableFuture#join}
 * lets a waiting pool worker be replaced); a failed or cancelled build is forgotten, so nothing half-built is
 * kept, and a waiter then builds it itself.
 */
public final class BuiltOnce<V> {

    private final AtomicReference<CompletableFuture<V>> build = new AtomicReference<>();

    public V get(Supplier<? extends V> builder) {
        while (true) {
            CompletableFuture<V> current = build.get();
            if (current == null) {
                CompletableFuture<V> mine = new CompletableFuture<>();
                if (build.compareAndSet(null, mine)) {
                    return buildInto(mine, builder);
                }
                continue;
            }
            try {
                return current.join();
            } catch (CompletionException | CancellationException e) {
                // the building caller failed or was cancelled: its build is forgotten, try again
            }
        }
    }

    private V buildInto(CompletableFuture<V> mine, Supplier<? extends V> builder) {
        try {
            V value = builder.get();
            mine.complete(value);
            HeldBytes.changed();
            return value;
        } catch (RuntimeException | Error e) {
            build.compareAndSet(mine, null);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** The value when its build has finished, else {@code null} (for size accounting). */
    public V ifBuilt() {
        CompletableFuture<V> current = build.get();
        return current != null && current.isDone() && !current.isCompletedExceptionally() ? current.join() : null;
    }
}
