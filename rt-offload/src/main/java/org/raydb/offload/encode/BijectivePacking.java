package org.raydb.offload.encode;

import java.util.ArrayList;
import java.util.List;

/**
 * RayDB's bijective encoding of several filter attributes into one Z code: attributes {@code A_1..A_n} with
 * codes in {@code [0, k_i)} pack as {@code Z = Σ A_i · Π_{j>i} k_j}, a bijection between code tuples and
 * {@code [0, Π k_i)}. A conjunctive predicate (a set of code intervals per attribute) becomes a sorted list
 * of disjoint Z intervals: one ray slab each. Leading attributes should be the ones queries constrain to
 * few values, so that the intervals stay few.
 */
public final class BijectivePacking {

    private final int[] cardinalities;
    private final long[] strides;
    private final long size;

    public BijectivePacking(int[] cardinalities) {
        this.cardinalities = cardinalities.clone();
        this.strides = new long[cardinalities.length];
        long stride = 1;
        for (int i = cardinalities.length - 1; i >= 0; i--) {
            strides[i] = stride;
            stride = Math.multiplyExact(stride, (long) cardinalities[i]);
        }
        this.size = stride;
    }

    /** Number of Z codes, {@code Π k_i}. */
    public long size() {
        return size;
    }

    /** Packs one tuple of codes. */
    public long pack(int[] codes) {
        long z = 0;
        for (int i = 0; i < codes.length; i++) {
            z += codes[i] * strides[i];
        }
        return z;
    }

    /**
     * Packs every row of per-attribute code columns ({@code columns[i][row]} is attribute i's code), one
     * column at a time per block of rows (Horner's rule: {@code z = z·k_i + A_i}), on all cores.
     */
    public long[] packAll(int[][] columns, int rows) {
        long[] z = new long[rows];
        RowRanges.forEach(rows, (from, to) -> {
            for (int i = 0; i < columns.length; i++) {
                int[] codes = columns[i];
                long k = cardinalities[i];
                for (int r = from; r < to; r++) {
                    z[r] = z[r] * k + codes[r];
                }
            }
        });
        return z;
    }

    /** {@link #packAll} for a packing whose {@link #size()} fits an {@code int}. */
    public int[] packAllInts(int[][] columns, int rows) {
        int[] z = new int[rows];
        RowRanges.forEach(rows, (from, to) -> packInts(columns, from, to, z));
        return z;
    }

    /** Packs rows {@code [from, to)} into {@code z}, for a packing whose {@link #size()} fits an {@code int}. */
    public void packInts(int[][] columns, int from, int to, int[] z) {
        packInts(columns, from, to, z, from);
    }

    /**
     * The Z codes of {@code columns} as {@link CodeOrder.Codes}, packed a block at a time, so that their order
     * needs no table-sized array of them.
     */
    public CodeOrder.Codes codes(int[][] columns) {
        return (from, to, out) -> packInts(columns, from, to, out, 0);
    }

    /** Packs rows {@code [from, to)} into {@code out} from position {@code at} on. */
    private void packInts(int[][] columns, int from, int to, int[] out, int at) {
        if (size > Integer.MAX_VALUE) {
            throw new IllegalStateException("Z codes up to " + size + " do not fit 32 bits");
        }
        int shift = at - from;
        java.util.Arrays.fill(out, at, at + to - from, 0);
        for (int i = 0; i < columns.length; i++) {
            int[] codes = columns[i];
            int k = cardinalities[i];
            for (int r = from; r < to; r++) {
                out[r + shift] = out[r + shift] * k + codes[r];
            }
        }
    }

    /** The code of attribute {@code i} in {@code z}. */
    public int unpack(long z, int i) {
        return (int) (z / strides[i] % cardinalities[i]);
    }

    /**
     * The Z intervals (inclusive {@code [lo, hi]} pairs, sorted, disjoint, adjacent ones merged) where every
     * attribute's code lies in its intervals; {@code null} for an attribute means unconstrained. Returns
     * {@code null} when more than {@code limit} intervals would be needed.
     */
    public List<long[]> intervals(List<List<int[]>> perAttribute, int limit) {
        List<long[]> suffix = List.of(new long[] {0, 0});
        long suffixSize = 1;
        for (int i = cardinalities.length - 1; i >= 0; i--) {
            List<int[]> mine = perAttribute.get(i);
            if (mine == null) {
                mine = List.of(new int[] {0, cardinalities[i] - 1});
            }
            boolean suffixFull = suffix.size() == 1 && suffix.get(0)[0] == 0 && suffix.get(0)[1] == suffixSize - 1;
            List<long[]> out = new ArrayList<>();
            for (int[] iv : mine) {
                if (suffixFull) {
                    add(out, iv[0] * suffixSize, iv[1] * suffixSize + suffixSize - 1);
                    continue;
                }
                for (long v = iv[0]; v <= iv[1]; v++) {
                    for (long[] s : suffix) {
                        add(out, v * suffixSize + s[0], v * suffixSize + s[1]);
                    }
                    if (out.size() > limit) {
                        return null;
                    }
                }
            }
            if (out.size() > limit) {
                return null;
            }
            suffix = out;
            suffixSize *= cardinalities[i];
        }
        return suffix;
    }

    /** Appends an interval, merging it with the last one when adjacent (inputs arrive in increasing order). */
    private static void add(List<long[]> out, long lo, long hi) {
        if (!out.isEmpty() && out.get(out.size() - 1)[1] + 1 == lo) {
            out.get(out.size() - 1)[1] = hi;
        } else {
            out.add(new long[] {lo, hi});
        }
    }
}
