package org.raydb.offload.encode;

import java.util.Arrays;
import java.util.List;
import org.raydb.offload.build.HeldBytes;

/**
 * RayDB's group encoding: every distinct tuple of group-key codes that occurs in the table gets a dense code
 * {@code 0..K-1}, in the tuples' sorted order, used directly as the index into per-group result arrays (and
 * as the Y coordinate). With no group keys there is one group, code 0.
 *
 * <p>The {@link #packed} form instead numbers every tuple of the keys' code space (their
 * {@link BijectivePacking}, in the same sorted order), tuples that never occur included: nothing is built per
 * key set, so a new query's groups cost nothing on the host, and a GPU folds the keys' resident codes into the
 * index itself. Its per-row codes are computed on the host only where an engine reads them there.
 */
public final class GroupCodes {

    /** Packed key spaces up to this size (or 8 per row) are ranked with a bit per tuple instead of sorted. */
    private static final long DENSE_SPACE = 1L << 26;

    /** The largest code space the packed form takes: its result arrays hold one slot per tuple of the space. */
    public static final long MAX_PACKED = 1L << 20;

    private volatile int[] groupOfRow;
    private final int[][] keyCodes;
    /** The packed form's keys and their packing (null for dense codes). */
    private final SortedDictionary[] packedKeys;

    private final BijectivePacking packing;
    /**
     * Host bytes held, counted once: the host memory budget asks after every query, and walking one small array
     * per group took milliseconds for the SSB's hundreds of thousands of city pairs at SF 20.
     */
    private final long bytes;

    private GroupCodes(int[] groupOfRow, int[][] keyCodes) {
        this.groupOfRow = groupOfRow;
        this.keyCodes = keyCodes;
        this.packedKeys = null;
        this.packing = null;
        long b = 4L * groupOfRow.length;
        for (int[] k : keyCodes) {
            b += 4L * k.length;
        }
        this.bytes = b;
    }

    private GroupCodes(SortedDictionary[] keys, BijectivePacking packing) {
        this.keyCodes = null;
        this.packedKeys = keys;
        this.packing = packing;
        this.bytes = 0;
    }

    /**
     * The packed form over {@code keys} (at least one), or null when their code space is larger than
     * {@link #MAX_PACKED} or than 8 slots per row of a table of {@code rows} (then dense codes serve better).
     */
    public static GroupCodes packed(SortedDictionary[] keys, int rows) {
        if (keys.length == 0) {
            return null;
        }
        BijectivePacking packing = packingFor(keys);
        if (packing == null || packing.size() > Math.min(MAX_PACKED, Math.max(4096, 8L * rows))) {
            return null;
        }
        return new GroupCodes(keys.clone(), packing);
    }

    /** Whether this is the {@link #packed} form. */
    public boolean isPacked() {
        return packing != null;
    }

    /** The packed form's key dictionaries, most significant first; null for dense codes. */
    public List<SortedDictionary> packedKeys() {
        return packedKeys == null ? null : List.of(packedKeys);
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
        return groupOfRow()[row];
    }

    /** The group of every row (the packed form computes them on first call). */
    public int[] groupOfRow() {
        int[] g = groupOfRow;
        if (g == null) {
            synchronized (this) {
                g = groupOfRow;
                if (g == null) {
                    int rows = packedKeys[0].codes().length;
                    int[][] columns = new int[packedKeys.length][];
                    for (int k = 0; k < columns.length; k++) {
                        columns[k] = packedKeys[k].codes();
                    }
                    g = packing.packAllInts(columns, rows);
                    groupOfRow = g;
                    HeldBytes.changed();
                }
            }
        }
        return g;
    }

    /** Number of groups: that occur in the table, or the packed form's whole code space. */
    public int count() {
        return packing != null ? (int) packing.size() : keyCodes.length;
    }

    /** The dictionary codes of group {@code g}'s keys. */
    public int[] keyCodes(int g) {
        if (packing == null) {
            return keyCodes[g];
        }
        int[] codes = new int[packedKeys.length];
        for (int k = 0; k < codes.length; k++) {
            codes[k] = packing.unpack(g, k);
        }
        return codes;
    }

    /** Host bytes held (for the host memory budget). */
    public long bytes() {
        int[] g = groupOfRow;
        return packing != null ? (g == null ? 0 : 4L * g.length) : bytes;
    }
}
