package org.raydb.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DuckDB → Arrow → DuckDB with real DuckDB and real Arrow; every test is also a leak test. */
class ArrowRoundTripTest {

    private BufferAllocator allocator;
    private Connection connection;

    @BeforeEach
    void open() throws Exception {
        allocator = new RootAllocator();
        connection = DriverManager.getConnection("jdbc:duckdb:");
    }

    @AfterEach
    void close() throws Exception {
        connection.close();
        assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory leaked");
        allocator.close();
    }

    @Test
    void readsQueryResultAsBatches() throws Exception {
        long[] sum = {0};
        int[] rows = {0};
        try (Statement st = connection.createStatement()) {
            DuckDbArrowReader.read(st, "SELECT i::BIGINT AS i FROM range(10000) r(i)", allocator, 1024, batch -> {
                BigIntVector v = (BigIntVector) batch.getVector("i");
                for (int r = 0; r < batch.getRowCount(); r++) {
                    sum[0] += v.get(r);
                }
                rows[0] += batch.getRowCount();
            });
        }
        assertEquals(10000, rows[0]);
        assertEquals(49995000L, sum[0]);
    }

    @Test
    void registeredRootIsQueryableWithItsTypes() throws Exception {
        Schema schema = new Schema(List.of(
                new Field("k", FieldType.nullable(new ArrowType.Utf8()), null),
                new Field("s", FieldType.nullable(new ArrowType.Decimal(38, 2, 128)), null)));
        for (int round = 0; round < 2; round++) {
            BufferAllocator child = allocator.newChildAllocator("result", 0, Long.MAX_VALUE);
            VectorSchemaRoot root = VectorSchemaRoot.create(schema, child);
            VarCharVector k = (VarCharVector) root.getVector("k");
            DecimalVector s = (DecimalVector) root.getVector("s");
            k.allocateNew();
            s.allocateNew();
            k.setSafe(0, "a".getBytes());
            s.setSafe(0, new BigDecimal("12.50"));
            k.setNull(1);
            s.setSafe(1, new BigDecimal("-3.25"));
            root.setRowCount(2);
            AutoCloseable handle = DuckDbArrowRegistrar.register(connection, "r", root, child);
            try (Statement st = connection.createStatement();
                    ResultSet rs = st.executeQuery("SELECT any_value(typeof(s)), sum(s), count(k) FROM r")) {
                rs.next();
                assertEquals("DECIMAL(38,2)", rs.getString(1));
                assertEquals(new BigDecimal("9.25"), rs.getBigDecimal(2));
                assertEquals(1, rs.getInt(3));
            }
            handle.close();
            assertEquals(0, child.getAllocatedMemory(), "DuckDB keeps the stream after the query");
            child.close();
        }
    }
}
