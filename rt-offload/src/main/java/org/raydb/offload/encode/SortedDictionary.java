package org.raydb.offload.encode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;
import org.raydb.offload.build.HeldBytes;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.plan.ValueSet;

/**
 * Order-preserving dictionary encoding of one column: the distinct non-NULL values sorted (numbers by value,
 * strings by UTF-8 bytes, dates and timestamps by time, booleans false before true) get codes
 * {@code 0..size-1}; NULL gets code {@code size}, after every value. Because codes keep the order, any
 * single-column predicate becomes a few code intervals, and RayDB's bijective packing and RTScan's uniform
 * encoding both start from these codes.
 */
public final class SortedDictionary {

    /** Spans up to this many values (or 8 per row) are ranked with a bit per value instead of sorted. */
    private static final long DENSE_SPAN = 1L << 24;

    private final long[] longValues;
    private final String[] stringValues;
    private final int[] codes;
    /** Where each code's rows begin in code order (so rows per code), counted on first use by the cost model. */
    private volatile int[] codeStarts;

    private SortedDictionary(long[] longValues, String[] stringValues, int[] codes) {
        this.longValues = longValues;
        this.stringValues = stringValues;
        this.codes = codes;
    }

    /**
     * VARCHAR columns arrive coded in UTF-8 order already (see {@link ColumnData}). Numbers: when their span
     * is small (days, years, quantities, keys) a bit per value ranks them in O(rows + span); otherwise the
     * distinct values are sorted and every row binary-searched. Both passes run on all cores.
     */
    public static SortedDictionary build(ColumnData column) {
        if (column.isString()) {
            return new SortedDictionary(null, column.stringDictionary(), column.stringCodes());
        }
        BitSet nulls = column.nullRows();
        int rows = column.rows();
        long[] range = range(column, nulls);
        long min = range[0];
        long max = range[1];
        int[] codes = new int[rows];
        if (min > max) {
            return new SortedDictionary(new long[0], null, codes);
        }
        long span = max - min;
        if (span >= 0 && span < Math.max(DENSE_SPAN, 8L * rows)) {
            DenseRanks ranks = new DenseRanks(span + 1);
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) {
                    if (!nulls.get(r)) {
                        ranks.mark(column.longAt(r) - min);
                    }
                }
            });
            ranks.freeze();
            long[] values = ranks.values();
            for (int i = 0; i < values.length; i++) {
                values[i] += min;
            }
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) {
                    codes[r] = nulls.get(r) ? values.length : ranks.rank(column.longAt(r) - min);
                }
            });
            return new SortedDictionary(values, null, codes);
        }
        long[] sorted = nonNullValues(column, nulls);
        Arrays.parallelSort(sorted);
        int size = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[size - 1]) {
                sorted[size++] = sorted[i];
            }
        }
        long[] values = Arrays.copyOf(sorted, size);
        RowRanges.forEach(rows, (from, to) -> {
            for (int r = from; r < to; r++) {
                codes[r] = nulls.get(r) ? values.length : Arrays.binarySearch(values, column.longAt(r));
            }
        });
        return new SortedDictionary(values, null, codes);
    }

    /** The non-NULL values in row order, widened to {@code long}. */
    private static long[] nonNullValues(ColumnData column, BitSet nulls) {
        if (!nulls.isEmpty()) {
            return IntStream.range(0, column.rows())
                    .filter(r -> !nulls.get(r))
                    .mapToLong(column::longAt)
                    .toArray();
        }
        long[] values = new long[column.rows()];
        RowRanges.forEach(values.length, (from, to) -> {
            for (int r = from; r < to; r++) {
                values[r] = column.longAt(r);
            }
        });
        return values;
    }

    /** {min, max} of the non-NULL values ({@code min > max} when there are none), on all cores. */
    private static long[] range(ColumnData column, BitSet nulls) {
        long[] range = {Long.MAX_VALUE, Long.MIN_VALUE};
        RowRanges.forEach(column.rows(), (from, to) -> {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int r = from; r < to; r++) {
                if (!nulls.get(r)) {
                    long v = column.longAt(r);
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
            synchronized (range) {
                range[0] = Math.min(range[0], min);
                range[1] = Math.max(range[1], max);
            }
        });
        return range;
    }

    /** Number of distinct non-NULL values; also the NULL code. */
    public int size() {
        return longValues != null ? longValues.length : stringValues.length;
    }

    /** Codes including the NULL code: the attribute's range {@code [0, cardinality)}. */
    public int cardinality() {
        return size() + 1;
    }

    public int nullCode() {
        return size();
    }

    public int codeOf(int row) {
        return codes[row];
    }

    public int[] codes() {
        return codes;
    }

    /** Rows whose code lies in the inclusive code intervals (disjoint): one pass over the codes, once. */
    public long rowsIn(List<int[]> intervals) {
        int[] starts = codeStarts;
        if (starts == null) {
            starts = CodeOrder.starts(codes, cardinality());
            codeStarts = starts;
            HeldBytes.changed();
        }
        long rows = 0;
        for (int[] iv : intervals) {
            rows += starts[iv[1] + 1] - starts[iv[0]];
        }
        return rows;
    }

    /** The value of a code ({@code Long} or {@code String}), {@code null} for the NULL code. */
    public Object value(int code) {
        if (code == size()) {
            return null;
        }
        return longValues != null ? (Object) longValues[code] : stringValues[code];
    }

    public boolean isString() {
        return stringValues != null;
    }

    /**
     * The inclusive code intervals whose values a predicate accepts, in increasing order; the NULL code is
     * included when the predicate is TRUE for NULL.
     */
    public List<int[]> codeIntervals(ValueSet set) {
        List<int[]> out = new ArrayList<>();
        for (ValueSet.Range r : set.ranges()) {
            int lo = r.lo() == null ? 0 : firstCode(r.lo(), r.loInclusive());
            int hi = r.hi() == null ? size() - 1 : lastCode(r.hi(), r.hiInclusive());
            if (lo <= hi) {
                out.add(new int[] {lo, hi});
            }
        }
        if (set.nullResult() == ValueSet.Tri.TRUE) {
            out.add(new int[] {nullCode(), nullCode()});
        }
        return out;
    }

    /** First code whose value is {@code >= v} (inclusive) or {@code > v}. */
    private int firstCode(Object v, boolean inclusive) {
        int lo = 0;
        int hi = size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = ValueSet.compare(value(mid), v);
            if (c < 0 || (c == 0 && !inclusive)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Last code whose value is {@code <= v} (inclusive) or {@code < v}. */
    private int lastCode(Object v, boolean inclusive) {
        int lo = 0;
        int hi = size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = ValueSet.compare(value(mid), v);
            if (c < 0 || (c == 0 && inclusive)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    /** Host bytes held beyond the column's own (for the host memory budget; strings are the column's). */
    public long bytes() {
        int[] starts = codeStarts;
        return (longValues == null ? 8L * (stringValues == null ? 0 : stringValues.length) : 8L * longValues.length)
                + 4L * codes.length
                + (starts == null ? 0 : 4L * starts.length);
    }
}
