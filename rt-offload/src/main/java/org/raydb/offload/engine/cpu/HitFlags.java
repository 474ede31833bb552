package org.raydb.offload.engine.cpu;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * RayDB's per-primitive flag bits ({@code atomic_bit_exch}): the first ray to hit a row claims it, later
 * hits of the same row (neighbouring rays, overlapping segments) are ignored, so each row counts once.
 */
final class HitFlags {

    private final AtomicLongArray words;

    HitFlags(int rows) {
        words = new AtomicLongArray((rows + 63) >>> 6);
    }

    /** The flags as a bit set: the rows hit. */
    java.util.BitSet toBitSet() {
        long[] copy = new long[words.length()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = words.get(i);
        }
        return java.util.BitSet.valueOf(copy);
    }

    /** Sets the row's flag; {@code true} only for the call that set it first. */
    boolean claim(int row) {
        int w = row >>> 6;
        long bit = 1L << row;
        while (true) {
            long old = words.get(w);
            if ((old & bit) != 0) {
                return false;
            }
            if (words.compareAndSet(w, old, old | bit)) {
                return true;
            }
        }
    }
}
