package org.raydb.offload.result;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One query's aggregated groups as an Arrow root in its own allocator, shared by the slot that publishes it
 * and the DuckDB scans reading it: each holder retains it, and the last release frees its memory. So a new
 * result replacing it never frees what a scan (a streamed result set still being read) is reading.
 */
final class PublishedResult {

    private final VectorSchemaRoot root;
    private final BufferAllocator allocator;
    private final AtomicInteger holders = new AtomicInteger(1);

    PublishedResult(VectorSchemaRoot root, BufferAllocator allocator) {
        this.root = root;
        this.allocator = allocator;
    }

    VectorSchemaRoot root() {
        return root;
    }

    /** Another holder; fails when the result was already freed. */
    PublishedResult retain() {
        holders.getAndUpdate(n -> {
            if (n <= 0) {
                throw new IllegalStateException("the offload result was already released");
            }
            return n + 1;
        });
        return this;
    }

    void release() {
        if (holders.decrementAndGet() == 0) {
            free();
        }
    }

    boolean freed() {
        return holders.get() <= 0;
    }

    /**
     * Frees the memory now, whoever still holds it: when the connection closes, a scan DuckDB abandoned part
     * way (a LIMIT over a result of several chunks) will never release its hold.
     */
    void forceFree() {
        if (holders.getAndSet(0) > 0) {
            free();
        }
    }

    private void free() {
        root.close();
        allocator.close();
    }
}
