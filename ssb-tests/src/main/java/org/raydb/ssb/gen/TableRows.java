package org.raydb.ssb.gen;

import org.raydb.ssb.schema.SsbTable;

/** One SSB table's rows, cut into chunks that can be generated independently and in any order. */
interface TableRows {

    SsbTable table();

    int chunkCount();

    /** About how many rows the table gets: for progress reports only. */
    long expectedRows();

    /** Appends the rows of {@code chunk} to {@code out} and returns how many there were. */
    long appendChunk(int chunk, RowSink out);

    /** About how many rows one chunk has: the initial capacity of its buffers. */
    int rowsPerChunkHint();
}
