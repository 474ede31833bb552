package org.raydb.offload.result;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.raydb.offload.plan.Utf8Order;

/**
 * The order of a direct finish's rows found by sorting one {@code long} per row: each sort key's value as a
 * rank within the key's range (strings by their rank among the rows' distinct strings in {@link Utf8Order},
 * integers, decimals of one scale, dates and booleans by value), descending keys inverted, the keys packed
 * from the first in the high bits down to the row's index in the low bits. Equal keys then keep the rows'
 * order, as the comparator's stable sort does, so the result is the same permutation. Where a value is of
 * another kind or the ranges do not fit 63 bits together, {@link #of} gives {@code null} and the comparator
 * sorts. Why: comparator chains over boxed values were a third of a warm few-hundred-group query's host time.
 */
final class PackedOrder {

    private PackedOrder() {}

    /**
     * The rows' positions in sort order by {@code columns} (each descending where {@code descending} says), or
     * {@code null} where the keys cannot be packed. No value of a key column may be null.
     */
    static int[] of(Object[][] rows, int[] columns, boolean[] descending) {
        int n = rows.length;
        if (n < 2) return n == 0 ? new int[0] : new int[] {0};
        long[][] ranks = new long[columns.length][];
        long[] spans = new long[columns.length];
        int bits = bitsFor(n - 1);
        for (int k = 0; k < columns.length; k++) {
            long[] r = ranks(rows, columns[k]);
            if (r == null) return null;
            long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
            for (long v : r) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            long span;
            try {
                span = Math.subtractExact(max, min);
            } catch (ArithmeticException e) {
                return null;
            }
            for (int i = 0; i < n; i++) r[i] = descending[k] ? max - r[i] : r[i] - min;
            ranks[k] = r;
            spans[k] = span;
            bits += bitsFor(span);
            if (bits > 63) return null;
        }
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            long p = 0;
            for (int k = 0; k < columns.length; k++) p = (p << bitsFor(spans[k])) | ranks[k][i];
            packed[i] = (p << bitsFor(n - 1)) | i;
        }
        Arrays.sort(packed);
        long mask = (1L << bitsFor(n - 1)) - 1;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = (int) (packed[i] & mask);
        return order;
    }

    private static int bitsFor(long max) {
        return 64 - Long.numberOfLeadingZeros(max);
    }

    /** Each row's value of {@code column} as a long in the value's order, or null where one is of another kind. */
    private static long[] ranks(Object[][] rows, int column) {
        long[] out = new long[rows.length];
        Object first = rows[0][column];
        if (first instanceof String) return stringRanks(rows, column);
        int scale = first instanceof BigDecimal d ? d.scale() : 0;
        for (int i = 0; i < rows.length; i++) {
            Object v = rows[i][column];
            switch (v) {
                case Long l -> out[i] = l;
                case Integer x -> out[i] = x;
                case Short x -> out[i] = x;
                case Byte x -> out[i] = x;
                case Boolean b -> out[i] = b ? 1 : 0;
                case LocalDate d -> out[i] = d.toEpochDay();
                case BigInteger b when b.bitLength() < 64 -> out[i] = b.longValue();
                case BigDecimal d
                when d.scale() == scale && d.unscaledValue().bitLength() < 64 ->
                    out[i] = d.unscaledValue().longValue();
                default -> {
                    return null;
                }
            }
        }
        return out;
    }

    private static long[] stringRanks(Object[][] rows, int column) {
        Map<String, Long> rank = new HashMap<>();
        for (Object[] row : rows) {
            if (!(row[column] instanceof String s)) return null;
            rank.putIfAbsent(s, 0L);
        }
        String[] distinct = rank.keySet().toArray(new String[0]);
        Arrays.sort(distinct, Utf8Order::compare);
        for (int i = 0; i < distinct.length; i++) rank.put(distinct[i], (long) i);
        long[] out = new long[rows.length];
        for (int i = 0; i < rows.length; i++) out[i] = rank.get((String) rows[i][column]);
        return out;
    }
}
