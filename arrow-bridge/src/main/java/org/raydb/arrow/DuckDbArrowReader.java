package org.raydb.arrow;

import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Runs a query on DuckDB and hands its result to Java as Arrow record batches through the C Data Interface
 * ({@code DuckDBResultSet.arrowExportStream}): no row-by-row JDBC reads.
 */
public final class DuckDbArrowReader {

    /** Receives each batch; the vectors are only valid during the call. */
    @FunctionalInterface
    public interface BatchConsumer {
        void accept(VectorSchemaRoot batch) throws SQLException;
    }

    private DuckDbArrowReader() {}

    /**
     * Runs {@code sql} on {@code statement} (the caller's, so that it can cancel it) and passes every batch to
     * {@code consumer}; all Arrow memory is allocated from {@code allocator} and released before this returns.
     */
    public static void read(
            Statement statement, String sql, BufferAllocator allocator, int batchSize, BatchConsumer consumer)
            throws SQLException {
        try (ResultSet rs = statement.executeQuery(sql)) {
            DuckDBResultSet duck = rs.unwrap(DuckDBResultSet.class);
            try (ArrowReader reader = (ArrowReader) duck.arrowExportStream(allocator, batchSize)) {
                while (reader.loadNextBatch()) {
                    consumer.accept(reader.getVectorSchemaRoot());
                }
            } catch (IOException e) {
                throw new SQLException("reading DuckDB's Arrow stream failed: " + e.getMessage(), "58000", e);
            }
        }
    }
}
