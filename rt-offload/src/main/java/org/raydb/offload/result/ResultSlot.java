package org.raydb.offload.result;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Where the results of one planned query are published for {@link ResultScan}: its fixed columns, and the
 * latest result, which replaces the previous one. Owned by one connection's offloader, which publishes into it
 * and runs DuckDB's statement over it under its own lock.
 */
public final class ResultSlot implements AutoCloseable {

    private final String name;
    private final List<Field> fields;
    private PublishedResult current;
    /** Results published here and not yet freed (the current one, and any a scan still holds). */
    private final List<PublishedResult> live = new ArrayList<>();

    ResultSlot(String name, List<Field> fields) {
        this.name = name;
        this.fields = List.copyOf(fields);
    }

    public String name() {
        return name;
    }

    public List<Field> fields() {
        return fields;
    }

    /** Makes {@code root} (whose memory {@code allocator} holds; both now owned here) the result scans read. */
    public synchronized void publish(VectorSchemaRoot root, BufferAllocator allocator) {
        if (!root.getSchema().getFields().equals(fields)) {
            root.close();
            allocator.close();
            throw new IllegalArgumentException(
                    "result columns " + root.getSchema().getFields() + " instead of " + fields + " for " + name);
        }
        PublishedResult previous = current;
        current = new PublishedResult(root, allocator);
        if (previous != null) {
            previous.release();
        }
        live.removeIf(PublishedResult::freed);
        live.add(current);
    }

    /** The latest result, retained for one scan. */
    synchronized PublishedResult acquire() {
        if (current == null) {
            throw new IllegalStateException("no offload result was published for " + name);
        }
        return current.retain();
    }

    /** Forgets the slot; its results are freed as soon as no scan reads them (its plan is no longer cached). */
    public synchronized void retire() {
        ResultScan.forget(this);
        if (current != null) {
            current.release();
            current = null;
        }
    }

    /** Whether a retired slot still has a result some scan holds. */
    public synchronized boolean held() {
        live.removeIf(PublishedResult::freed);
        return current != null || !live.isEmpty();
    }

    /**
     * Forgets the slot and frees every result it published now: its connection is closing, and a scan DuckDB
     * abandoned part way will never release its hold.
     */
    @Override
    public synchronized void close() {
        ResultScan.forget(this);
        live.forEach(PublishedResult::forceFree);
        live.clear();
        current = null;
    }
}
