package org.raydb.ssb.gen;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBConnection;
import org.raydb.ssb.Progress;
import org.raydb.ssb.schema.SsbTable;

/**
 * Generates the five SSB tables straight into DuckDB. A pool of threads generates a table's chunks (a chunk's
 * rows depend only on the seed, the table and the chunk number), and DuckDB reads them, in chunk order, as
 * one Arrow C stream: {@code INSERT INTO <table> SELECT * FROM <stream>}. The result is the same for any
 * thread count, row order included.
 */
public final class SsbGenerator {

    private final ScaleFactor sf;
    private final long seed;
    private final int threads;

    public SsbGenerator(ScaleFactor sf, long seed, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.sf = sf;
        this.seed = seed;
        this.threads = threads;
    }

    /** Fills the (existing, empty) SSB tables of {@code connection}; returns the row count of each. */
    public Map<SsbTable, Long> generate(Connection connection, Progress progress) throws SQLException {
        DuckDBConnection duck = connection.unwrap(DuckDBConnection.class);
        Map<SsbTable, Long> rows = new EnumMap<>(SsbTable.class);
        for (TableRows table : List.of(
                new DateRows(),
                new CustomerRows(seed, sf),
                new SupplierRows(seed, sf),
                new PartRows(seed, sf),
                new LineorderRows(seed, sf))) {
            rows.put(table.table(), fill(duck, table, progress));
        }
        return rows;
    }

    private long fill(DuckDBConnection duck, TableRows table, Progress progress) throws SQLException {
        String stream = "ssb_generated_" + table.table().sqlName();
        try (Progress.Phase phase =
                        progress.start("generate " + table.table().sqlName(), table.expectedRows(), "rows");
                BufferAllocator allocator = new RootAllocator()) {
            OrderedChunks chunks = new OrderedChunks(table, Math.min(threads, table.chunkCount()), phase);
            // DuckDB owns the exported stream and releases it, and with it the reader, when the connection
            // closes; only then may the stream's own struct be freed.
            try (ArrowArrayStream arrow = ArrowArrayStream.allocateNew(allocator);
                    DuckDBConnection ingest = duck.duplicate()) {
                Data.exportArrayStream(allocator, new ChunkArrowReader(allocator, table.table(), chunks), arrow);
                ingest.registerArrowStream(stream, arrow);
                try (Statement insert = ingest.createStatement()) {
                    insert.execute("INSERT INTO " + table.table().quoted() + " SELECT * FROM " + stream);
                }
            } finally {
                chunks.close();
            }
            return chunks.delivered();
        }
    }
}
