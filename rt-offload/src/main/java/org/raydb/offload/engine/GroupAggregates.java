package org.raydb.offload.engine;

import java.util.Arrays;
import java.util.List;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;
import org.raydb.offload.plan.AggregateFunction.Accumulator;

/**
 * Exact per-group aggregation state, what the any-hit program of every engine maintains: rows hit per
 * group, and per aggregate a 64-bit value (its {@link Accumulator}: sum, min or max) and a count of non-NULL
 * inputs. Values fold through {@link Accumulator#fold}, so a sum that leaves 64 bits raises
 * {@link ArithmeticException} and the query falls back to DuckDB rather than being answered inexactly.
 *
 * <p>The state is kept in slots. Dense (the cpu engine, which adds rows): one slot per group code of the
 * group space, slot = group. Sparse (the GPU engines, which compact on the device): one slot per group that
 * has rows, so reading a result costs its rows, not its group space; in ascending group code where the device
 * walked the group space, in the order the groups got their first rows where it listed them as they came (the
 * lean range kernels: sorting 600 groups cost more than the whole launch, see QueryKernels.PresentList). Groups
 * without a slot have no rows, counts 0 and the identities as values.
 */
public final class GroupAggregates {

    private final AggregateFunction[] functions;
    private final int groups;
    /** Group code of each slot; null when dense. */
    private final int[] present;
    /** Whether {@code present} ascends (lookups search it), else lookups go through {@link #byGroup}. */
    private final boolean ascending;
    /** Sparse and not ascending: (group code << 32 | slot), ascending, built by the first lookup. */
    private long[] byGroup;

    private final long[] rowsHit;
    private final long[][] values;
    private final long[][] counts;

    /** A dense state over {@code groups} groups, every group empty (the cpu engine adds rows to it). */
    public GroupAggregates(List<Aggregate> aggregates, int groups) {
        this(
                functions(aggregates),
                groups,
                null,
                true,
                new long[groups],
                new long[aggregates.size()][],
                new long[aggregates.size()][]);
    }

    private GroupAggregates(
            AggregateFunction[] functions,
            int groups,
            int[] present,
            boolean ascending,
            long[] rowsHit,
            long[][] values,
            long[][] counts) {
        this.functions = functions;
        this.groups = groups;
        this.present = present;
        this.ascending = ascending;
        this.rowsHit = rowsHit;
        this.values = values;
        this.counts = counts;
        for (int a = 0; a < functions.length; a++) {
            if (values[a] == null) {
                values[a] = new long[rowsHit.length];
                Arrays.fill(values[a], functions[a].accumulator().identity());
            } else if (values[a].length != rowsHit.length) {
                throw new IllegalArgumentException(
                        "aggregate " + a + " has " + values[a].length + " values for " + rowsHit.length + " groups");
            }
            if (counts[a] == null) {
                counts[a] = new long[rowsHit.length];
            } else if (counts[a].length != rowsHit.length) {
                throw new IllegalArgumentException(
                        "aggregate " + a + " has " + counts[a].length + " counts for " + rowsHit.length + " groups");
            }
        }
    }

    /**
     * A sparse state, as a GPU engine reads it back: only the groups with rows.
     *
     * @param groups  size of the group space
     * @param present distinct group codes with rows, in any order (a repeated one fails the first lookup)
     * @param rowsHit per present group (each &gt; 0)
     * @param values  per aggregate and present group: the sum, min or max; a {@code null} entry (COUNT,
     *                COUNT(*)) stands for the identities
     * @param counts  per aggregate and present group: non-NULL inputs; a {@code null} entry (COUNT(*), which
     *                reads {@code rowsHit}) for zeros
     */
    public static GroupAggregates sparse(
            List<Aggregate> aggregates, int groups, int[] present, long[] rowsHit, long[][] values, long[][] counts) {
        if (present.length != rowsHit.length) {
            throw new IllegalArgumentException(present.length + " groups but " + rowsHit.length + " row counts");
        }
        boolean ascending = true;
        for (int i = 0; i < present.length; i++) {
            if (present[i] < 0 || present[i] >= groups || rowsHit[i] <= 0) {
                throw new IllegalArgumentException("present group " + i + " (" + present[i] + ", " + rowsHit[i]
                        + " rows) is not a group with rows of " + groups);
            }
            ascending &= i == 0 || present[i] > present[i - 1];
        }
        return new GroupAggregates(
                functions(aggregates), groups, present, ascending, rowsHit, values.clone(), counts.clone());
    }

    private static AggregateFunction[] functions(List<Aggregate> aggregates) {
        return aggregates.stream().map(Aggregate::function).toArray(AggregateFunction[]::new);
    }

    private void requireDense() {
        if (present != null) throw new IllegalStateException("a sparse (read-back) state takes no more rows");
    }

    /** Adds one qualifying row to its group (dense states). */
    public void add(int group, int row, MeasureProgram[] measures) {
        requireDense();
        rowsHit[group]++;
        for (int a = 0; a < functions.length; a++) {
            MeasureProgram m = measures[a];
            if (m == null || m.isNull(row)) {
                continue;
            }
            counts[a][group]++;
            Accumulator acc = functions[a].accumulator();
            if (acc == Accumulator.NONE) {
                continue;
            }
            values[a][group] = acc.fold(values[a][group], m.eval(row));
        }
    }

    /** Folds another partial dense state (same job) into this one. */
    public void merge(GroupAggregates o) {
        requireDense();
        o.requireDense();
        for (int g = 0; g < rowsHit.length; g++) {
            rowsHit[g] += o.rowsHit[g];
        }
        for (int a = 0; a < functions.length; a++) {
            Accumulator acc = functions[a].accumulator();
            for (int g = 0; g < rowsHit.length; g++) {
                counts[a][g] += o.counts[a][g];
                values[a][g] = acc.fold(values[a][g], o.values[a][g]);
            }
        }
    }

    /**
     * The exact sum of partial states of one job over disjoint rows (the parts of a partitioned run): per group,
     * rows and counts added and values folded, as one sparse state in ascending group code. Throws
     * {@link ArithmeticException} where a sum leaves 64 bits (the parts' own bounds hold for their rows only).
     */
    public static GroupAggregates merged(List<GroupAggregates> parts) {
        if (parts.size() == 1) return parts.get(0);
        GroupAggregates first = parts.get(0);
        int slots = 0;
        for (GroupAggregates p : parts) {
            if (p.groups != first.groups || p.functions.length != first.functions.length) {
                throw new IllegalArgumentException("partial states of different jobs");
            }
            slots += p.slots();
        }
        // Every slot of every part as (group code << 32 | its index in part order), sorted: equal groups adjoin.
        long[] order = new long[slots];
        int[] partAt = new int[slots];
        int[] slotAt = new int[slots];
        for (int p = 0, i = 0; p < parts.size(); p++) {
            GroupAggregates part = parts.get(p);
            for (int s = 0; s < part.slots(); s++, i++) {
                order[i] = (long) part.groupAt(s) << 32 | i;
                partAt[i] = p;
                slotAt[i] = s;
            }
        }
        Arrays.sort(order);
        int distinct = 0;
        for (int i = 0; i < slots; i++) {
            if (i == 0 || order[i] >>> 32 != order[i - 1] >>> 32) distinct++;
        }
        int n = first.functions.length;
        int[] present = new int[distinct];
        long[] rowsHit = new long[distinct];
        long[][] values = new long[n][distinct];
        long[][] counts = new long[n][distinct];
        for (int a = 0; a < n; a++)
            Arrays.fill(values[a], first.functions[a].accumulator().identity());
        for (int i = 0, out = -1; i < slots; i++) {
            if (i == 0 || order[i] >>> 32 != order[i - 1] >>> 32) present[++out] = (int) (order[i] >>> 32);
            int at = (int) order[i];
            GroupAggregates part = parts.get(partAt[at]);
            int s = slotAt[at];
            rowsHit[out] = Math.addExact(rowsHit[out], part.rowsHit[s]);
            for (int a = 0; a < n; a++) {
                counts[a][out] = Math.addExact(counts[a][out], part.counts[a][s]);
                values[a][out] = first.functions[a].accumulator().fold(values[a][out], part.values[a][s]);
            }
        }
        return new GroupAggregates(first.functions, first.groups, present, true, rowsHit, values, counts);
    }

    /** The sparse form of this state: only the groups with rows (this state where it is sparse already). */
    public GroupAggregates compacted() {
        if (present != null) return this;
        int[] groupsWithRows = java.util.stream.IntStream.range(0, groups)
                .filter(g -> rowsHit[g] > 0)
                .toArray();
        long[][] v = new long[functions.length][];
        long[][] c = new long[functions.length][];
        for (int a = 0; a < functions.length; a++) {
            v[a] = pick(values[a], groupsWithRows);
            c[a] = pick(counts[a], groupsWithRows);
        }
        return new GroupAggregates(functions, groups, groupsWithRows, true, pick(rowsHit, groupsWithRows), v, c);
    }

    private static long[] pick(long[] dense, int[] at) {
        long[] out = new long[at.length];
        for (int i = 0; i < at.length; i++) out[i] = dense[at[i]];
        return out;
    }

    /** Size of the group space. */
    public int groups() {
        return groups;
    }

    /** Slots held: every group (dense) or the groups with rows (sparse). */
    public int slots() {
        return rowsHit.length;
    }

    /** Group code of slot {@code s} (slots ascend by group code unless a GPU launch listed them as they came). */
    public int groupAt(int s) {
        return present == null ? s : present[s];
    }

    /**
     * The slot of the {@code i}-th group by ascending group code: results are built in group order whatever
     * order the slots came in (a finish that sorts by the group keys then finds its rows in order).
     */
    public int slotInGroupOrder(int i) {
        return present == null || ascending ? i : (int) byGroup()[i];
    }

    /** Rows of slot {@code s}'s group that passed the filters (0: the group is absent from the result). */
    public long rowsHitAt(int s) {
        return rowsHit[s];
    }

    /** Sum, min or max of aggregate {@code a} in slot {@code s} (meaningful when {@link #countAt} > 0). */
    public long valueAt(int a, int s) {
        return values[a][s];
    }

    /** Non-NULL inputs of aggregate {@code a} in slot {@code s} (COUNT(*): rows hit). */
    public long countAt(int a, int s) {
        return functions[a].takesArgument() ? counts[a][s] : rowsHit[s];
    }

    /** Groups with at least one row: those the job hands back. */
    public int groupsHit() {
        int n = 0;
        for (long r : rowsHit) n += r > 0 ? 1 : 0;
        return n;
    }

    /** Rows that passed the filters, over all groups. */
    public long totalRowsHit() {
        long sum = 0;
        for (long r : rowsHit) sum += r;
        return sum;
    }

    /** The slot of group {@code g}, or -1 where a sparse state holds no slot for it. */
    private int slotOf(int g) {
        if (g < 0 || g >= groups) throw new IndexOutOfBoundsException("group " + g + " of " + groups);
        if (present == null) return g;
        if (ascending) {
            int s = Arrays.binarySearch(present, g);
            return s < 0 ? -1 : s;
        }
        long[] index = byGroup();
        int at = Arrays.binarySearch(index, (long) g << 32);
        at = at >= 0 ? at : -at - 1;
        return at < index.length && index[at] >>> 32 == g ? (int) index[at] : -1;
    }

    private long[] byGroup() {
        if (byGroup == null) {
            long[] index = new long[present.length];
            for (int s = 0; s < present.length; s++) index[s] = (long) present[s] << 32 | s;
            Arrays.sort(index);
            for (int i = 1; i < index.length; i++) {
                if (index[i] >>> 32 == index[i - 1] >>> 32) {
                    throw new IllegalStateException("group " + (index[i] >>> 32) + " has two slots");
                }
            }
            byGroup = index;
        }
        return byGroup;
    }

    /** Rows of group {@code g} that passed the filters. */
    public long rowsHit(int g) {
        int s = slotOf(g);
        return s < 0 ? 0 : rowsHit[s];
    }

    /** Sum, min or max of aggregate {@code a} in group {@code g} (the identity for a group without rows). */
    public long value(int a, int g) {
        int s = slotOf(g);
        return s < 0 ? functions[a].accumulator().identity() : values[a][s];
    }

    /** Non-NULL inputs of aggregate {@code a} in group {@code g} (COUNT(*): rows hit). */
    public long count(int a, int g) {
        int s = slotOf(g);
        return s < 0 ? 0 : countAt(a, s);
    }
}
