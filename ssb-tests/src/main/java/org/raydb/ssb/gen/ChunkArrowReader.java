package org.raydb.ssb.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.raydb.ssb.schema.Column;
import org.raydb.ssb.schema.SsbTable;

/** Presents the generated chunks of one table, in chunk order, as a stream of Arrow batches. */
final class ChunkArrowReader extends ArrowReader {

    private final SsbTable table;
    private final OrderedChunks chunks;
    private long bytes;

    ChunkArrowReader(BufferAllocator allocator, SsbTable table, OrderedChunks chunks) {
        super(allocator);
        this.table = table;
        this.chunks = chunks;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        ColumnChunk chunk = chunks.next();
        if (chunk == null) {
            return false;
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        int rows = chunk.rows();
        for (int c = 0; c < table.columns().size(); c++) {
            if (chunk.isInteger(c)) {
                fill((IntVector) root.getVector(c), chunk.ints(c), rows);
            } else {
                fill((VarCharVector) root.getVector(c), chunk.texts(c), rows);
            }
        }
        root.setRowCount(rows);
        return true;
    }

    private void fill(IntVector vector, int[] values, int rows) {
        vector.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
            vector.set(i, values[i]);
        }
        vector.setValueCount(rows);
        bytes += 4L * rows;
    }

    private void fill(VarCharVector vector, String[] values, int rows) {
        vector.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
            byte[] utf8 = values[i].getBytes(StandardCharsets.UTF_8);
            vector.setSafe(i, utf8);
            bytes += utf8.length;
        }
        vector.setValueCount(rows);
    }

    @Override
    public long bytesRead() {
        return bytes;
    }

    @Override
    protected void closeReadSource() {
        chunks.close();
    }

    @Override
    protected Schema readSchema() {
        List<Field> fields = new ArrayList<>();
        for (Column column : table.columns()) {
            ArrowType type = column.isInteger() ? new ArrowType.Int(32, true) : ArrowType.Utf8.INSTANCE;
            fields.add(new Field(column.name(), FieldType.notNullable(type), null));
        }
        return new Schema(fields);
    }
}
