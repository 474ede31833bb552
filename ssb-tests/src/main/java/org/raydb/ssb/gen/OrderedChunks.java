package org.raydb.ssb.gen;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.raydb.ssb.Progress;

/**
 * Generates a table's chunks on a pool of threads, a bounded number ahead of the consumer, and hands them
 * out in chunk order, so the table's rows land in the same order whatever the thread count.
 */
final class OrderedChunks implements AutoCloseable {

    private final TableRows rows;
    private final Progress.Phase phase;
    private final ExecutorService pool;
    private final Deque<Future<ColumnChunk>> ahead = new ArrayDeque<>();
    private final int window;
    private int submitted;
    private long delivered;

    OrderedChunks(TableRows rows, int threads, Progress.Phase phase) {
        this.rows = rows;
        this.phase = phase;
        this.pool = Executors.newFixedThreadPool(
                threads, Thread.ofPlatform().daemon().name("ssb-gen-", 0).factory());
        this.window = 2 * threads;
        while (submitted < rows.chunkCount() && ahead.size() < window) {
            submitNext();
        }
    }

    /** The next chunk in order, or null after the last. */
    ColumnChunk next() throws IOException {
        Future<ColumnChunk> first = ahead.poll();
        if (first == null) {
            return null;
        }
        if (submitted < rows.chunkCount()) {
            submitNext();
        }
        try {
            ColumnChunk chunk = first.get();
            delivered += chunk.rows();
            phase.advance(chunk.rows());
            return chunk;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while generating " + rows.table().sqlName(), e);
        } catch (ExecutionException e) {
            throw new IOException("generating " + rows.table().sqlName() + " failed: " + e.getCause(), e.getCause());
        }
    }

    /** Rows handed out so far. */
    long delivered() {
        return delivered;
    }

    private void submitNext() {
        int chunk = submitted++;
        ahead.add(pool.submit(() -> {
            ColumnChunk out = new ColumnChunk(rows.table(), rows.rowsPerChunkHint());
            rows.appendChunk(chunk, out);
            return out;
        }));
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
