package org.raydb.arrow;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An {@link ArrowReader} over one in-memory {@link VectorSchemaRoot}, yielding it as a single batch. It owns
 * the root and closes it with itself, so exporting it as a C stream hands the whole result to the consumer.
 */
final class RootArrowReader extends ArrowReader {

    private final VectorSchemaRoot source;
    private boolean done;

    RootArrowReader(BufferAllocator allocator, VectorSchemaRoot source) {
        super(allocator);
        this.source = source;
    }

    @Override
    public boolean loadNextBatch() {
        if (done) {
            return false;
        }
        done = true;
        try (ArrowRecordBatch batch = new VectorUnloader(source).getRecordBatch()) {
            loadRecordBatch(batch);
        }
        return true;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        source.close();
    }

    @Override
    protected Schema readSchema() {
        return source.getSchema();
    }
}
