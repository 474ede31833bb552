package org.raydb.offload.encode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.raydb.offload.exec.ColumnData;
import org.raydb.offload.plan.Utf8Order;
import org.raydb.offload.plan.ValueSet;

/**
 * Order-preserving dictionary encoding of one column: the distinct non-NULL values sorted (numbers by value,
 * strings by UTF-8 bytes, dates and timestamps by time, booleans false before true) get codes
 * {@code 0..size-1}; NULL gets code {@code size}, after every value. Because codes keep the order, any
 * single-column predicate becomes a few code intervals, and RayDB's bijective packing and RTScan's uniform
 * encoding both start from these codes.
 */
public final class SortedDictionary {

    private final long[] longValues;
    private final String[] stringValues;
    private final int[] codes;

    private SortedDictionary(long[] longValues, String[] stringValues, int[] codes) {
        this.longValues = longValues;
        this.stringValues = stringValues;
        this.codes = codes;
    }

    public static SortedDictionary build(ColumnData column) {
        int rows = column.rows();
        int[] codes = new int[rows];
        if (column.isString()) {
            String[] distinct = java.util.stream.IntStream.range(0, rows).filter(r -> !column.isNull(r))
                    .mapToObj(column::stringAt).distinct().sorted(Utf8Order::compare).toArray(String[]::new);
            java.util.Map<String, Integer> index = new java.util.HashMap<>(distinct.length * 2);
            for (int i = 0; i < distinct.length; i++) {
                index.put(distinct[i], i);
            }
            for (int r = 0; r < rows; r++) {
                codes[r] = column.isNull(r) ? distinct.length : index.get(column.stringAt(r));
            }
            return new SortedDictionary(null, distinct, codes);
        }
        long[] values = java.util.stream.IntStream.range(0, rows).filter(r -> !column.isNull(r))
                .mapToLong(column::longAt).sorted().distinct().toArray();
        for (int r = 0; r < rows; r++) {
            codes[r] = column.isNull(r) ? values.length : Arrays.binarySearch(values, column.longAt(r));
        }
        return new SortedDictionary(values, null, codes);
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
}
