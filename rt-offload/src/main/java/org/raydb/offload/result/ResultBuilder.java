package org.raydb.offload.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.Expr;
import org.raydb.offload.plan.GroupKey;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.SqlRewriter;

/**
 * Decodes the engine's exact per-group state into the relation DuckDB finishes the query over: one row per
 * group that has qualifying rows (exactly one row when there is no GROUP BY, even over no rows: SUM, AVG,
 * MIN, MAX NULL and COUNT 0), group keys decoded from their dictionaries, each aggregate's final value with
 * DuckDB's result type.
 */
public final class ResultBuilder {

    private ResultBuilder() {}

    /** The result's fields: the group keys, then one column per aggregate (a placeholder when neither). */
    public static List<Field> fields(OffloadPlan plan) {
        List<Field> fields = new ArrayList<>();
        for (GroupKey g : plan.groups()) {
            fields.add(ArrowColumns.field(g.column(), g.type()));
        }
        for (int a = 0; a < plan.aggregates().size(); a++) {
            fields.add(ArrowColumns.field(
                    SqlRewriter.aggregateColumn(a), plan.aggregates().get(a).resultType()));
        }
        if (fields.isEmpty()) {
            fields.add(ArrowColumns.field("__raydb_row", ColumnType.of(ColumnType.Kind.INTEGER)));
        }
        return fields;
    }

    /**
     * The result's rows, one value per field in storage form ({@link ArrowColumns#set}: a {@code Long}, a
     * {@code String}, an exact {@code BigDecimal}, a {@code Double} or {@code null}).
     */
    public static List<Object[]> rows(
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            Map<String, ColumnData> columns)
            throws NotQualified {
        int width = Math.max(1, plan.groups().size() + plan.aggregates().size());
        List<Object[]> rows = new ArrayList<>();
        boolean oneRow = plan.groups().isEmpty();
        // Slots: the groups with rows of a sparse (GPU) state, every group of a dense (cpu) one; in group order.
        for (int i = 0; i < state.slots(); i++) {
            int s = state.slotInGroupOrder(i);
            if (state.rowsHitAt(s) > 0 || oneRow) {
                rows.add(row(width, plan, groups, keyDictionaries, state, columns, s));
            }
        }
        if (oneRow && rows.isEmpty()) {
            rows.add(row(width, plan, groups, keyDictionaries, state, columns, -1));
        }
        return rows;
    }

    /** {@link #rows} as Arrow vectors of {@code fields}, in memory of {@code allocator}. */
    public static VectorSchemaRoot toArrow(List<Field> fields, List<Object[]> rows, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
        try {
            root.allocateNew();
            List<FieldVector> vectors = root.getFieldVectors();
            for (int r = 0; r < rows.size(); r++) {
                Object[] row = rows.get(r);
                for (int c = 0; c < row.length; c++) {
                    ArrowColumns.set(vectors.get(c), r, row[c]);
                }
            }
            for (FieldVector v : vectors) {
                v.setValueCount(rows.size());
            }
            root.setRowCount(rows.size());
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /** Slot {@code s}'s group keys and final aggregates ({@code s} -1: the one group, empty). */
    private static Object[] row(
            int width,
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            Map<String, ColumnData> columns,
            int s)
            throws NotQualified {
        Object[] row = new Object[width];
        int col = 0;
        if (!plan.groups().isEmpty()) {
            int[] keys = groups.keyCodes(state.groupAt(s));
            for (int k = 0; k < plan.groups().size(); k++) {
                row[col++] = finite(
                        keyDictionaries.get(k).value(keys[k]),
                        plan.groups().get(k).type());
            }
        }
        for (int a = 0; a < plan.aggregates().size(); a++) {
            long count = s < 0 ? 0 : state.countAt(a, s);
            long value = s < 0 ? 0 : state.valueAt(a, s);
            Aggregate agg = plan.aggregates().get(a);
            Object v = agg.function().finish(plan, agg, count, value);
            if (v != null && agg.resultType().kind() == ColumnType.Kind.VARCHAR) {
                // MIN or MAX of a string column: the extreme code, decoded.
                v = columns.get(((Expr.Column) agg.argument()).name()).stringDictionary()[(int) (long) (Long) v];
            }
            row[col++] = finite(v, agg.resultType());
        }
        if (col == 0) {
            row[0] = 1L;
        }
        return row;
    }

    /**
     * {@code v}, unless it is DuckDB's infinite DATE or TIMESTAMP (the type's largest magnitude), which neither
     * the handoff's conversions nor the direct finish's calendar arithmetic carry: then DuckDB answers.
     */
    private static Object finite(Object v, ColumnType type) throws NotQualified {
        if (v instanceof Long x
                && ((type.kind() == ColumnType.Kind.DATE && Math.abs(x) == Integer.MAX_VALUE)
                        || (type.kind() == ColumnType.Kind.TIMESTAMP
                                && (x == Long.MAX_VALUE || x == -Long.MAX_VALUE)))) {
            throw new NotQualified("an infinite " + type.name() + " value in the result");
        }
        return v;
    }
}
