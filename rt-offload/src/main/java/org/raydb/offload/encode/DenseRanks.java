package org.raydb.offload.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The values that occur among {@code [0, span)}, ranked densely in increasing order: a bit per value plus a
 * running count per 64-bit word, so marking is one bit (safe from parallel threads) and a rank is one
 * popcount. This is how dictionaries and group codes are built in O(rows + span) without sorting, whenever
 * the value space is small enough to hold as bits.
 */
final class DenseRanks {

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] words;
    private int[] before;

    DenseRanks(long span) {
        words = new long[Math.toIntExact((span + 63) >>> 6)];
    }

    /** Marks {@code v} as occurring; may be called from several threads at once. */
    void mark(long v) {
        int w = (int) (v >>> 6);
        long bit = 1L << v;
        if ((words[w] & bit) == 0) {
            WORDS.getAndBitwiseOr(words, w, bit);
        }
    }

    /** Ends marking: computes the counts {@link #rank} reads. */
    DenseRanks freeze() {
        before = new int[words.length + 1];
        for (int w = 0; w < words.length; w++) {
            before[w + 1] = before[w] + Long.bitCount(words[w]);
        }
        return this;
    }

    /** Number of marked values. */
    int count() {
        return before[words.length];
    }

    /** The rank of a marked value {@code v} among the marked values. */
    int rank(long v) {
        int w = (int) (v >>> 6);
        return before[w] + Long.bitCount(words[w] & ((1L << v) - 1));
    }

    /** The marked values in increasing order. */
    long[] values() {
        long[] out = new long[count()];
        int i = 0;
        for (int w = 0; w < words.length; w++) {
            for (long bits = words[w]; bits != 0; bits &= bits - 1) {
                out[i++] = ((long) w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return out;
    }
}
