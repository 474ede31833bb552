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
import org.raydb.offload.plan.AggregateFunction;
import org.raydb.offload.plan.ColumnType;
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
        for (GroupKey g : plan.keys()) {
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
        return rows(plan, groups, keyDictionaries, state, columns, null, null);
    }

    /**
     * {@link #rows(OffloadPlan, GroupCodes, List, GroupAggregates, Map)}, of only the groups that pass
     * {@code filter} ({@code null}: all) and of those only the ones {@code top} keeps ({@code null}: all) where they
     * are few beside all.
     */
    public static List<Object[]> rows(
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            Map<String, ColumnData> columns,
            TopRows top,
            GroupFilter filter)
            throws NotQualified {
        if (plan.countsDistinct()) {
            return distinctCounts(plan, groups, keyDictionaries, state);
        }
        int width = Math.max(1, plan.groups().size() + plan.aggregates().size());
        List<Object[]> rows = new ArrayList<>();
        boolean oneRow = plan.groups().isEmpty();
        // Slots: the groups with rows of a sparse (GPU) state, every group of a dense (cpu) one; in group order.
        int[] slots = new int[state.slots()];
        int n = 0;
        for (int i = 0; i < state.slots(); i++) {
            int s = state.slotInGroupOrder(i);
            if (state.rowsHitAt(s) > 0 || oneRow) slots[n++] = s;
        }
        if (filter != null && !oneRow) {
            n = passing(plan, groups, keyDictionaries, state, columns, slots, n, filter);
        }
        if (top != null && top.count() < (n - MIN_GROUPS_TO_SELECT) / 2) {
            int[] kept = kept(plan, groups, keyDictionaries, state, columns, slots, n, top);
            if (kept != null) {
                slots = kept;
                n = kept.length;
            }
        }
        for (int i = 0; i < n; i++) {
            rows.add(row(width, plan, groups, keyDictionaries, state, columns, slots[i]));
        }
        if (oneRow && rows.isEmpty()) {
            rows.add(row(width, plan, groups, keyDictionaries, state, columns, -1));
        }
        return rows;
    }

    /** Moves the first {@code n} slots that pass {@code filter} to the front; how many do. */
    private static int passing(
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            Map<String, ColumnData> columns,
            int[] slots,
            int n,
            GroupFilter filter)
            throws NotQualified {
        int[] fields = filter.fields();
        int m = 0;
        for (int i = 0; i < n; i++) {
            boolean keep = true;
            for (int f = 0; f < fields.length && keep; f++) {
                keep = filter.keeps(
                        fields[f], value(plan, groups, keyDictionaries, state, columns, slots[i], fields[f]));
            }
            if (keep) slots[m++] = slots[i];
        }
        return m;
    }

    /**
     * The rows of a plan that counts distinct values ({@link OffloadPlan#countsDistinct}): the job's groups are those
     * of the query's keys and the counted column, so each query group's COUNT(DISTINCT) is the number of its job
     * groups with a non-NULL value of the column, and its COUNT(*) the sum of their rows. Exactly one row without
     * keys, as for any aggregate.
     */
    private static List<Object[]> distinctCounts(
            OffloadPlan plan, GroupCodes groups, List<SortedDictionary> keyDictionaries, GroupAggregates state)
            throws NotQualified {
        int keys = plan.keys().size();
        int nullCode = keyDictionaries.get(keys).nullCode();
        Map<List<Integer>, long[]> byKeys = new java.util.LinkedHashMap<>(); // distinct values, rows
        if (keys == 0) byKeys.put(List.of(), new long[2]);
        for (int i = 0; i < state.slots(); i++) {
            int s = state.slotInGroupOrder(i);
            long rows = state.rowsHitAt(s);
            if (rows == 0) continue;
            int[] codes = groups.keyCodes(state.groupAt(s));
            List<Integer> key = new ArrayList<>(keys);
            for (int k = 0; k < keys; k++) key.add(codes[k]);
            long[] counts = byKeys.computeIfAbsent(key, x -> new long[2]);
            if (codes[keys] != nullCode) counts[0]++;
            counts[1] += rows;
        }
        List<Object[]> out = new ArrayList<>(byKeys.size());
        for (Map.Entry<List<Integer>, long[]> e : byKeys.entrySet()) {
            Object[] row = new Object[Math.max(1, keys + plan.aggregates().size())];
            int[] codes = e.getKey().stream().mapToInt(Integer::intValue).toArray();
            for (int k = 0; k < keys; k++) row[k] = key(plan, keyDictionaries, codes, k);
            for (int a = 0; a < plan.aggregates().size(); a++) {
                boolean distinct = plan.aggregates().get(a).function() == AggregateFunction.COUNT_DISTINCT;
                row[keys + a] = e.getValue()[distinct ? 0 : 1];
            }
            out.add(row);
        }
        return out;
    }

    /** Groups below which all become rows whatever the statement keeps: selecting would save little. */
    private static final int MIN_GROUPS_TO_SELECT = 4096;

    /**
     * The slots {@code top} keeps of the first {@code n} of {@code slots}, in their order, or {@code null} where a
     * NULL in the sort key leaves the order to DuckDB's NULL placement (then every group is handed over).
     */
    private static int[] kept(
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            Map<String, ColumnData> columns,
            int[] slots,
            int n,
            TopRows top)
            throws NotQualified {
        long[] ordered = ordered(plan, groups, keyDictionaries, state, slots, n, top);
        if (ordered != null) {
            return ordered.length == 0 ? null : keptByOrder(ordered, slots, n, top.count());
        }
        Object[] key = new Object[n];
        for (int i = 0; i < n; i++) {
            key[i] = value(plan, groups, keyDictionaries, state, columns, slots[i], top.field());
            if (key[i] == null) return null;
        }
        java.util.Comparator<Object> order = top.order();
        // The kept so far, the last of them in the order at the head.
        java.util.PriorityQueue<Integer> worst = new java.util.PriorityQueue<>((a, b) -> order.compare(key[b], key[a]));
        for (int i = 0; i < n; i++) {
            if (worst.size() < top.count()) {
                worst.add(i);
            } else if (order.compare(key[i], key[worst.peek()]) < 0) {
                worst.poll();
                worst.add(i);
            }
        }
        Object boundary = key[worst.peek()];
        int[] kept = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (order.compare(key[i], boundary) <= 0) kept[k++] = slots[i];
        }
        return java.util.Arrays.copyOf(kept, k);
    }

    /**
     * Per slot, a 64-bit form of the first sort key that ascends in the statement's order, where the key has one:
     * a group key's code (dictionaries are sorted), a COUNT, or the accumulator of SUM, MIN or MAX (exact, at
     * the argument's scale; a string's code); {@code null} where it has none (AVG), and an empty array where a
     * group's key is NULL.
     */
    private static long[] ordered(
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            int[] slots,
            int n,
            TopRows top) {
        int keys = plan.groups().size();
        int field = top.field();
        java.util.function.IntToLongFunction raw;
        java.util.function.IntPredicate isNull;
        if (field < keys) {
            int nullCode = keyDictionaries.get(field).nullCode();
            raw = s -> groups.keyCodes(state.groupAt(s))[field];
            isNull = s -> raw.applyAsLong(s) == nullCode;
        } else {
            int a = field - keys;
            switch (plan.aggregates().get(a).function()) {
                case COUNT, COUNT_STAR -> {
                    raw = s -> state.countAt(a, s);
                    isNull = s -> false;
                }
                case SUM, MIN, MAX -> {
                    raw = s -> state.valueAt(a, s);
                    isNull = s -> state.countAt(a, s) == 0;
                }
                default -> {
                    return null;
                }
            }
        }
        long[] out = new long[n];
        boolean descending = top.descending();
        java.util.concurrent.atomic.AtomicBoolean nulls = new java.util.concurrent.atomic.AtomicBoolean();
        org.raydb.offload.encode.RowRanges.forEach(n, (from, to) -> {
            for (int i = from; i < to; i++) {
                int s = slots[i];
                if (isNull.test(s)) nulls.set(true);
                long v = raw.applyAsLong(s);
                out[i] = descending ? ~v : v; // ~ reverses the order of every long, without overflow
            }
        });
        return nulls.get() ? new long[0] : out;
    }

    /** The slots whose {@code ordered} value is at most the {@code count}-th smallest, in their order. */
    private static int[] keptByOrder(long[] ordered, int[] slots, int n, long count) {
        int k = (int) Math.min(count, n);
        if (k == 0) return new int[0];
        long boundary = k <= MAX_KEPT_BY_INSERTION ? kthSmallest(ordered, n, k) : sortedCopy(ordered, n)[k - 1];
        int[] kept = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (ordered[i] <= boundary) kept[m++] = slots[i];
        }
        return java.util.Arrays.copyOf(kept, m);
    }

    /** Up to this many kept groups, each block of groups keeps its smallest values by insertion; beyond, a sort. */
    private static final int MAX_KEPT_BY_INSERTION = 1024;

    private static long[] sortedCopy(long[] values, int n) {
        long[] copy = java.util.Arrays.copyOf(values, n);
        java.util.Arrays.parallelSort(copy);
        return copy;
    }

    /** The {@code k}-th smallest of the first {@code n} values. */
    private static long kthSmallest(long[] ordered, int n, int k) {
        // Each block's k smallest, then theirs: almost every value is rejected by one comparison.
        List<long[]> smallest = java.util.Collections.synchronizedList(new ArrayList<>());
        org.raydb.offload.encode.RowRanges.forEach(n, (from, to) -> {
            long[] best = new long[k];
            int size = 0;
            for (int i = from; i < to; i++) {
                long v = ordered[i];
                if (size == k && v >= best[k - 1]) continue;
                int at = size == k ? k - 1 : size++;
                while (at > 0 && best[at - 1] > v) {
                    best[at] = best[at - 1];
                    at--;
                }
                best[at] = v;
            }
            smallest.add(java.util.Arrays.copyOf(best, size));
        });
        long[] all = smallest.stream()
                .flatMapToLong(java.util.Arrays::stream)
                .sorted()
                .toArray();
        return all[k - 1];
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
                row[col++] = key(plan, keyDictionaries, keys, k);
            }
        }
        for (int a = 0; a < plan.aggregates().size(); a++) {
            row[col++] = aggregate(plan, state, columns, s, a);
        }
        if (col == 0) {
            row[0] = 1L;
        }
        return row;
    }

    /** Field {@code field} of slot {@code s}'s row alone. */
    private static Object value(
            OffloadPlan plan,
            GroupCodes groups,
            List<SortedDictionary> keyDictionaries,
            GroupAggregates state,
            Map<String, ColumnData> columns,
            int s,
            int field)
            throws NotQualified {
        int keys = plan.groups().size();
        return field < keys
                ? key(plan, keyDictionaries, groups.keyCodes(state.groupAt(s)), field)
                : aggregate(plan, state, columns, s, field - keys);
    }

    private static Object key(OffloadPlan plan, List<SortedDictionary> keyDictionaries, int[] keys, int k)
            throws NotQualified {
        return finite(
                keyDictionaries.get(k).value(keys[k]), plan.groups().get(k).type());
    }

    private static Object aggregate(
            OffloadPlan plan, GroupAggregates state, Map<String, ColumnData> columns, int s, int a)
            throws NotQualified {
        long count = s < 0 ? 0 : state.countAt(a, s);
        long value = s < 0 ? 0 : state.valueAt(a, s);
        Aggregate agg = plan.aggregates().get(a);
        Object v = agg.function().finish(plan, agg, count, value);
        if (v != null && agg.resultType().kind() == ColumnType.Kind.VARCHAR) {
            // MIN or MAX of a string column: the extreme code, decoded.
            v = columns.get(agg.argument().valuesOf().name()).stringDictionary()[(int) (long) (Long) v];
        }
        return finite(v, agg.resultType());
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
