package org.raydb.offload.encode;

import java.util.Arrays;

/**
 * RayDB's group encoding: every distinct tuple of group-key codes that occurs in the table gets a dense code
 * {@code 0..K-1}, in the tuples' sorted order, used directly as the index into per-group result arrays (and
 * as the Y coordinate). With no group keys there is one group, code 0.
 */
public final class GroupCodes {

    /** Packed key spaces up to this size (or 8 per row) are ranked with a bit per tuple instead of sorted. */
    private static final long DENSE_SPACE = 1L << 26;

    private final int[] groupOfRow;
    private final int[][] keyCodes;
    /**
     * Host bytes held, counted once: the host memory budget asks after every query, and walking one small array
     * per group took milliseconds for the SSB's hundreds of thousands of city pairs at SF 20.
     */
    private final long bytes;

    private GroupCodes(int[] groupOfRow, int[][] keyCodes) {
        this.groupOfRow = groupOfRow;
        this.keyCodes = keyCodes;
        long b = 4L * groupOfRow.length;
        for (int[] k : keyCodes) {
            b += 4L * k.length;
        }
        this.bytes = b;
    }

    /**
     * Builds from the dictionaries of the group-key columns. The tuples pack into one order-preserving
     * integer; when its space is small enough for a bit per value, the occurring ones are ranked in
     * O(rows + space), otherwise the packed values are sorted.
     */
    public static GroupCodes build(SortedDictionary[] keys, int rows) {
        if (keys.length == 0) {
            return new GroupCodes(new int[rows], new int[][] {{}});
        }
        BijectivePacking packing = packingFor(keys);
        if (packing == null) {
            return buildByHashing(keys, rows);
        }
        int[][] columns = new int[keys.length][];
        for (int k = 0; k < keys.length; k++) {
            columns[k] = keys[k].codes();
        }
        int[] group = new int[rows];
        long[] distinct;
        if (packing.size() <= Math.max(DENSE_SPACE, 8L * rows) && packing.size() <= Integer.MAX_VALUE) {
            // Each block packs its tuples into the group codes' own array and marks them while they are in
            // cache; the second pass ranks them in place, so no packed copy of the table is ever allocated.
            DenseRanks present = new DenseRanks(packing.size());
            RowRanges.forEach(rows, (from, to) -> {
                packing.packInts(columns, from, to, group);
                for (int r = from; r < to; r++) {
                    present.mark(group[r]);
                }
            });
            present.freeze();
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) {
                    group[r] = present.rank(group[r]);
                }
            });
            distinct = present.values();
        } else {
            long[] packed = packing.packAll(columns, rows);
            long[] sorted = packed.clone();
            Arrays.parallelSort(sorted);
            int size = 0;
            for (int i = 0; i < rows; i++) {
                if (i == 0 || sorted[i] != sorted[size - 1]) {
                    sorted[size++] = sorted[i];
                }
            }
            long[] values = Arrays.copyOf(sorted, size);
            RowRanges.forEach(rows, (from, to) -> {
                for (int r = from; r < to; r++) {
                    group[r] = Arrays.binarySearch(values, packed[r]);
                }
            });
            distinct = values;
        }
        int[][] keyCodes = new int[distinct.length][keys.length];
        for (int g = 0; g < distinct.length; g++) {
            for (int k = 0; k < keys.length; k++) {
                keyCodes[g][k] = packing.unpack(distinct[g], k);
            }
        }
        return new GroupCodes(group, keyCodes);
    }

    private static BijectivePacking packingFor(SortedDictionary[] keys) {
        int[] cards = new int[keys.length];
        double product = 1;
        for (int k = 0; k < keys.length; k++) {
            cards[k] = keys[k].cardinality();
            product *= cards[k];
        }
        return product < (double) Long.MAX_VALUE / 2 ? new BijectivePacking(cards) : null;
    }

    /** Key spaces too large to pack into 64 bits: sort the tuples themselves. */
    private static GroupCodes buildByHashing(SortedDictionary[] keys, int rows) {
        Integer[] order = new Integer[rows];
        for (int r = 0; r < rows; r++) {
            order[r] = r;
        }
        java.util.Comparator<Integer> byTuple = (a, b) -> {
            for (SortedDictionary k : keys) {
                int c = Integer.compare(k.codeOf(a), k.codeOf(b));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
        Arrays.sort(order, byTuple);
        int[] group = new int[rows];
        java.util.List<int[]> tuples = new java.util.ArrayList<>();
        for (int i = 0; i < rows; i++) {
            if (i == 0 || byTuple.compare(order[i - 1], order[i]) != 0) {
                int[] t = new int[keys.length];
                for (int k = 0; k < keys.length; k++) {
                    t[k] = keys[k].codeOf(order[i]);
                }
                tuples.add(t);
            }
            group[order[i]] = tuples.size() - 1;
        }
        return new GroupCodes(group, tuples.toArray(int[][]::new));
    }

    public int groupOf(int row) {
        return groupOfRow[row];
    }

    public int[] groupOfRow() {
        return groupOfRow;
    }

    /** Number of groups that occur in the table. */
    public int count() {
        return keyCodes.length;
    }

    /** The dictionary codes of group {@code g}'s keys. */
    public int[] keyCodes(int g) {
        return keyCodes[g];
    }

    /** Host bytes held (for the host memory budget). */
    public long bytes() {
        return bytes;
    }
}
