package org.raydb.offload.exec;

import java.util.BitSet;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.RowRanges;
import org.raydb.offload.plan.ColumnComparison;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.Utf8Order;

/**
 * Computes a {@link ColumnComparison} row by row from its two loaded columns: values in their storage form compare
 * as DuckDB compares the columns (the planner admits only such pairs), strings by UTF-8 bytes; NULL where either
 * side is NULL.
 */
final class ComparedValues {

    private ComparedValues() {}

    static ColumnData compute(ColumnData left, ColumnData right, ColumnComparison comparison, String name) {
        int rows = left.rows();
        int[] out = new int[rows];
        BitSet nulls = (BitSet) left.nullRows().clone();
        nulls.or(right.nullRows());
        boolean strings = left.isString();
        RowRanges.forEach(rows, (from, to) -> {
            for (int r = from; r < to; r++) {
                if (nulls.get(r)) continue;
                int c = strings
                        ? Utf8Order.compare(left.stringAt(r), right.stringAt(r))
                        : Long.compare(left.longAt(r), right.longAt(r));
                out[r] = comparison.holds(c) ? 1 : 0;
            }
        });
        return ColumnData.ofInts(name, ColumnType.of(ColumnType.Kind.BOOLEAN), out, nulls);
    }
}
