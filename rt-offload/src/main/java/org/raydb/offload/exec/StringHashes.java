package org.raydb.offload.exec;

/**
 * A VARCHAR column's dictionary as DuckDB's {@code hash()} values: the distinct values (in UTF-8 order)
 * with the hash of each, and an open-addressing table from hash to code. A scan then exports one 64-bit
 * hash per row, which DuckDB computes several times faster than any string or ENUM export, and Java turns
 * the hashes into codes on all cores. Exact as long as the distinct values' hashes differ, which
 * {@link #of} checks: a collision among them returns {@code null} and the column travels as strings.
 */
final class StringHashes {

    private final String[] values;
    private final long[] slots;
    private final int[] codes;
    private final int mask;

    private StringHashes(String[] values, long[] slots, int[] codes) {
        this.values = values;
        this.slots = slots;
        this.codes = codes;
        this.mask = slots.length - 1;
    }

    /** {@code hashes[i]} is DuckDB's hash of {@code values[i]}; null when two of them are equal. */
    static StringHashes of(String[] values, long[] hashes) {
        int size = Integer.highestOneBit(Math.max(4, values.length * 4 - 1)) << 1;
        long[] slots = new long[size];
        int[] codes = new int[size];
        java.util.Arrays.fill(codes, -1);
        StringHashes table = new StringHashes(values, slots, codes);
        for (int i = 0; i < values.length; i++) {
            int at = table.slot(hashes[i]);
            if (codes[at] >= 0) {
                return null;
            }
            slots[at] = hashes[i];
            codes[at] = i;
        }
        return table;
    }

    /** The distinct non-NULL values in UTF-8 order. */
    String[] values() {
        return values;
    }

    /** The code of the value whose hash is {@code hash}, or {@code -1} when no value has it. */
    int code(long hash) {
        return codes[slot(hash)];
    }

    /** The slot holding {@code hash}, or the empty one where it would go (linear probing). */
    private int slot(long hash) {
        int at = (int) (mix(hash) & mask);
        while (codes[at] >= 0 && slots[at] != hash) {
            at = (at + 1) & mask;
        }
        return at;
    }

    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        return h ^ (h >>> 33);
    }
}
