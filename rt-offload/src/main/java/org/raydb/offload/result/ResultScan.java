package org.raydb.offload.result;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.duckdb.DuckDBValue;
import org.raydb.offload.plan.SqlRewriter;

/**
 * The table function {@code __raydb_result('<slot>')} through which DuckDB reads the Arrow result of an
 * offloaded query, registered in each connection's private planning database (never in the application's, whose
 * {@code duckdb_functions()} would list it for good: DuckDB cannot unregister a function).
 *
 * <p>Why not {@code registerArrowStream}: a registered Arrow stream is a one-shot view, so every query had to
 * create a temporary view first (a catalog write, 1–2 ms on the 2-core build machine). A table function over
 * a slot that each query publishes its result into needs no catalog change per query. The scan copies the Arrow
 * columns into DuckDB's vectors, with the types DuckDB's own Arrow scan gives them.
 *
 * <p>DuckDB keeps the first registration of a name for the whole database (a second one is silently
 * ignored, and a rollback does not remove it), so the function finds slots in one registry for the JVM;
 * slot names are unique in the JVM ({@link org.raydb.offload.plan.QueryPlanner} numbers them).
 */
public final class ResultScan {

    private static final Map<String, ResultSlot> SLOTS = new ConcurrentHashMap<>();

    private ResultScan() {}

    /**
     * Registers the function in {@code connection}'s database (a no-op where it already is). One registration at
     * a time in the JVM: two connections of one database registering at once conflict in DuckDB's catalog
     * ("Failed to register table function").
     */
    public static synchronized void register(Connection connection) throws SQLException {
        DuckDBFunctions.tableFunction()
                .withName(SqlRewriter.RESULT_FUNCTION)
                .withParameter(DuckDBColumnType.VARCHAR)
                .withFunction(new Function())
                .register(connection);
    }

    /** A new slot for results with {@code fields}, found by the function under {@code name}. */
    public static ResultSlot open(String name, List<Field> fields) {
        ResultSlot slot = new ResultSlot(name, fields);
        if (SLOTS.putIfAbsent(name, slot) != null) {
            throw new IllegalStateException("an offload result slot named " + name + " is already open");
        }
        return slot;
    }

    static void forget(ResultSlot slot) {
        SLOTS.remove(slot.name(), slot);
    }

    /** One scan's position in the result it retained. */
    private static final class Scan {
        private final PublishedResult result;
        private int next;
        private boolean released;

        Scan(PublishedResult result) {
            this.result = result;
        }
    }

    private static final class Function implements DuckDBTableFunction<ResultSlot, Scan, Object> {

        @Override
        public ResultSlot bind(DuckDBTableFunctionBindInfo info) throws SQLException {
            String name;
            try (DuckDBValue value = info.getParameter(0)) {
                name = value.getString();
            }
            ResultSlot slot = SLOTS.get(name);
            if (slot == null) {
                throw new SQLException("no offload result named " + name, "42P01");
            }
            for (Field f : slot.fields()) {
                ArrowToDuckDb.declare(info, f);
            }
            return slot;
        }

        @Override
        public Scan init(DuckDBTableFunctionInitInfo info) {
            info.setMaxThreads(1);
            ResultSlot slot = info.getBindData();
            return new Scan(slot.acquire());
        }

        @Override
        public long apply(DuckDBTableFunctionCallInfo call, DuckDBDataChunkWriter out) {
            Scan scan = call.getInitData();
            if (scan.released) {
                return 0;
            }
            int rows = scan.result.root().getRowCount();
            int n = (int) Math.min(out.capacity(), rows - scan.next);
            List<FieldVector> vectors = scan.result.root().getFieldVectors();
            for (int c = 0; c < vectors.size(); c++) {
                ArrowToDuckDb.copy(vectors.get(c), scan.next, n, out.vector(c));
            }
            scan.next += n;
            // Everything copied: DuckDB no longer needs the Arrow memory, even if it never asks for more.
            if (scan.next == rows) {
                scan.released = true;
                scan.result.release();
            }
            return n;
        }
    }
}
