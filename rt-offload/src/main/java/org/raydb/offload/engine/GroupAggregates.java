package org.raydb.offload.engine;

import java.util.Arrays;
import java.util.List;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;

/**
 * Exact per-group aggregation state, what the any-hit program of every engine maintains: rows hit per
 * group, and per aggregate a 64-bit value (sum, min or max) and a count of non-NULL inputs. Sums use
 * {@link Math#addExact}, so a sum that leaves 64 bits raises {@link ArithmeticException} and the query falls
 * back to DuckDB rather than being answered inexactly.
 */
public final class GroupAggregates {

    private final AggregateFunction[] functions;
    private final long[] rowsHit;
    private final long[][] values;
    private final long[][] counts;

    public GroupAggregates(List<Aggregate> aggregates, int groups) {
        functions = aggregates.stream().map(Aggregate::function).toArray(AggregateFunction[]::new);
        rowsHit = new long[groups];
        values = new long[functions.length][groups];
        counts = new long[functions.length][groups];
        for (int a = 0; a < functions.length; a++) {
            if (functions[a] == AggregateFunction.MIN) {
                Arrays.fill(values[a], Long.MAX_VALUE);
            } else if (functions[a] == AggregateFunction.MAX) {
                Arrays.fill(values[a], Long.MIN_VALUE);
            }
        }
    }

    /**
     * Builds the state from whole arrays, as a GPU engine reads them back.
     *
     * @param rowsHit per group
     * @param values  per aggregate and group: the sum, min or max; a {@code null} entry (COUNT, COUNT(*))
     *                keeps the initial values
     * @param counts  per aggregate and group: non-NULL inputs (ignored for COUNT(*), which is {@code rowsHit})
     */
    public static GroupAggregates of(List<Aggregate> aggregates, long[] rowsHit, long[][] values, long[][] counts) {
        GroupAggregates out = new GroupAggregates(aggregates, rowsHit.length);
        copy(rowsHit, out.rowsHit);
        for (int a = 0; a < out.functions.length; a++) {
            if (values[a] != null) {
                copy(values[a], out.values[a]);
            }
            copy(counts[a], out.counts[a]);
        }
        return out;
    }

    private static void copy(long[] from, long[] to) {
        if (from.length != to.length) {
            throw new IllegalArgumentException("group count mismatch: " + from.length + " instead of " + to.length);
        }
        System.arraycopy(from, 0, to, 0, from.length);
    }

    /** Adds one qualifying row to its group. */
    public void add(int group, int row, MeasureProgram[] measures) {
        rowsHit[group]++;
        for (int a = 0; a < functions.length; a++) {
            MeasureProgram m = measures[a];
            if (m == null || m.isNull(row)) {
                continue;
            }
            counts[a][group]++;
            if (functions[a] == AggregateFunction.COUNT) {
                continue;
            }
            long v = m.eval(row);
            switch (functions[a]) {
                case MIN -> values[a][group] = Math.min(values[a][group], v);
                case MAX -> values[a][group] = Math.max(values[a][group], v);
                default -> values[a][group] = Math.addExact(values[a][group], v);
            }
        }
    }

    /** Folds another partial state (same job) into this one. */
    public void merge(GroupAggregates o) {
        for (int g = 0; g < rowsHit.length; g++) {
            rowsHit[g] += o.rowsHit[g];
        }
        for (int a = 0; a < functions.length; a++) {
            for (int g = 0; g < rowsHit.length; g++) {
                counts[a][g] += o.counts[a][g];
                switch (functions[a]) {
                    case MIN -> values[a][g] = Math.min(values[a][g], o.values[a][g]);
                    case MAX -> values[a][g] = Math.max(values[a][g], o.values[a][g]);
                    default -> values[a][g] = Math.addExact(values[a][g], o.values[a][g]);
                }
            }
        }
    }

    public int groups() {
        return rowsHit.length;
    }

    /** Rows of group {@code g} that passed the filters (0: the group is absent from the result). */
    public long rowsHit(int g) {
        return rowsHit[g];
    }

    /** Sum, min or max of aggregate {@code a} in group {@code g} (meaningful when {@link #count} > 0). */
    public long value(int a, int g) {
        return values[a][g];
    }

    /** Non-NULL inputs of aggregate {@code a} in group {@code g} (COUNT(*): rows hit). */
    public long count(int a, int g) {
        return functions[a] == AggregateFunction.COUNT_STAR ? rowsHit[g] : counts[a][g];
    }
}
