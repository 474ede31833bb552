package org.raydb.offload.index;

import java.util.BitSet;
import org.raydb.offload.encode.UniformEncoding;

/**
 * RTScan's data sieving for one column: {@code K} equi-depth bit vectors {@code F_k = (rank < X_k)} over the
 * uniformly encoded column. Boundaries {@code X_k} are moved to the start of a run of equal values, so a
 * predicate bound (always a run boundary) never needs a vector that splits a run. A predicate
 * {@code rank < C} takes the nearest vector: below C (positive selection, then the band {@code [X_k, C)}
 * is added by refinement) or above it (negative selection, then the band {@code [C, X_k)} is cleared).
 */
public final class SievingVectors {

    private final int[] boundaries;
    private final BitSet[] vectors;
    private final int rows;

    private SievingVectors(int[] boundaries, BitSet[] vectors, int rows) {
        this.boundaries = boundaries;
        this.vectors = vectors;
        this.rows = rows;
    }

    /** Builds up to {@code k} vectors; boundaries 0 and N are implicit (empty and full). */
    public static SievingVectors build(UniformEncoding encoding, int k) {
        int n = encoding.rows();
        java.util.TreeSet<Integer> chosen = new java.util.TreeSet<>();
        for (int i = 1; i <= k; i++) {
            int target = (int) ((long) n * i / (k + 1));
            int b = encoding.runStartAtOrAfter(target);
            if (b > 0 && b < n) {
                chosen.add(b);
            }
        }
        int[] boundaries = chosen.stream().mapToInt(Integer::intValue).toArray();
        // Band v holds the rows of the ranks [X_(v-1), X_v), each band filled by its own task; vector v is
        // the union of bands 0..v.
        int words = (n + 63) >>> 6;
        long[][] bands = new long[boundaries.length][];
        java.util.stream.IntStream.range(0, boundaries.length).parallel().forEach(v -> {
            long[] band = new long[words];
            for (int r = v == 0 ? 0 : boundaries[v - 1]; r < boundaries[v]; r++) {
                int row = encoding.rowAt(r);
                band[row >>> 6] |= 1L << row;
            }
            bands[v] = band;
        });
        BitSet[] vectors = new BitSet[boundaries.length];
        for (int v = 0; v < boundaries.length; v++) {
            if (v > 0) {
                long[] below = bands[v - 1];
                long[] band = bands[v];
                java.util.Arrays.parallelSetAll(band, w -> band[w] | below[w]);
            }
            vectors[v] = BitSet.valueOf(bands[v]);
        }
        return new SievingVectors(boundaries, vectors, n);
    }

    /** The approximation chosen for {@code rank < c}: a boundary and its vector (copied). */
    public record Selection(int boundary, BitSet approximate) {

        /** Positive selection leaves {@code [boundary, c)} to add; negative leaves {@code [c, boundary)} to clear. */
        public boolean positive(int c) {
            return boundary <= c;
        }
    }

    /** The vector nearest to {@code c} (ties go positive), including the implicit empty and full ones. */
    public Selection select(int c) {
        int best = 0;
        BitSet bits = null;
        for (int v = 0; v < boundaries.length; v++) {
            if (Math.abs(boundaries[v] - c) < Math.abs(best - c)) {
                best = boundaries[v];
                bits = vectors[v];
            }
        }
        if (Math.abs(rows - c) < Math.abs(best - c)) {
            BitSet all = new BitSet(rows);
            all.set(0, rows);
            return new Selection(rows, all);
        }
        return new Selection(best, bits == null ? new BitSet(rows) : (BitSet) bits.clone());
    }

    public int count() {
        return boundaries.length;
    }

    public int[] boundaries() {
        return boundaries.clone();
    }

    /** Bytes the vectors take. */
    public long bytes() {
        return (long) boundaries.length * ((rows + 63) / 64) * 8;
    }
}
