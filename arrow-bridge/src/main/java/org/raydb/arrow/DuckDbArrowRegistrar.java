package org.raydb.arrow;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.duckdb.DuckDBConnection;

/**
 * Makes an Arrow result visible to DuckDB as a relation ({@code DuckDBConnection.registerArrowStream}), so
 * DuckDB can run the rest of a query over it with its own types and semantics.
 */
public final class DuckDbArrowRegistrar {

    private DuckDbArrowRegistrar() {}

    /**
     * Registers {@code root} under {@code name} on {@code connection}. The root's buffers move into the
     * exported stream; DuckDB releases them when it is done with the stream. The returned handle owns the
     * C stream struct and must be closed after the query that reads {@code name} has run.
     */
    public static AutoCloseable register(
            Connection connection, String name, VectorSchemaRoot root, BufferAllocator allocator) throws SQLException {
        RootArrowReader reader = new RootArrowReader(allocator, root);
        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
        try {
            Data.exportArrayStream(allocator, reader, stream);
            connection.unwrap(DuckDBConnection.class).registerArrowStream(name, stream);
        } catch (RuntimeException e) {
            stream.close();
            throw new SQLException("registering the offload result with DuckDB failed: " + e.getMessage(), "58000", e);
        }
        return stream::close;
    }
}
