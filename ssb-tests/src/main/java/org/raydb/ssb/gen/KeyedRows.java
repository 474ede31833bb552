package org.raydb.ssb.gen;

import java.util.SplittableRandom;
import org.raydb.ssb.schema.SsbTable;

/** A dimension whose rows are keys 1..n, one row per key, chunked by key range. */
abstract class KeyedRows implements TableRows {

    static final int CHUNK_ROWS = 1 << 15;

    private final SsbTable table;
    private final long seed;
    private final long count;

    KeyedRows(SsbTable table, long seed, long count) {
        this.table = table;
        this.seed = seed;
        this.count = count;
    }

    @Override
    public SsbTable table() {
        return table;
    }

    @Override
    public int chunkCount() {
        return (int) ((count + CHUNK_ROWS - 1) / CHUNK_ROWS);
    }

    @Override
    public long expectedRows() {
        return count;
    }

    @Override
    public int rowsPerChunkHint() {
        return (int) Math.min(CHUNK_ROWS, count);
    }

    @Override
    public long appendChunk(int chunk, RowSink out) {
        SplittableRandom random = ChunkRandom.forChunk(seed, table, chunk);
        long first = (long) chunk * CHUNK_ROWS + 1;
        long last = Math.min(count, first + CHUNK_ROWS - 1);
        for (long key = first; key <= last; key++) {
            appendRow((int) key, random, out);
            out.endRow();
        }
        return last - first + 1;
    }

    /** Appends the columns of the row with this key. */
    abstract void appendRow(int key, SplittableRandom random, RowSink out);
}
