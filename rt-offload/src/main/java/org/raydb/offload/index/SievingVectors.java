package org.raydb.offload.index;

import java.util.BitSet;
import org.raydb.offload.encode.RowRanges;
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
    /** Vector v's words (row r is bit r % 64 of word r / 64); a selection gets a BitSet copy. */
    private final long[][] vectors;

    private final int rows;

    private SievingVectors(int[] boundaries, long[][] vectors, int rows) {
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
        // Band b holds the ranks [X_(b-1), X_b); vector v is the union of bands 0..v. A boundary is a run
        // start, so a whole run, i.e. every row of one code, lies in one band: each row's band is looked up
        // by its code, and every vector is written word by word in row order on all cores.
        int[] bandOfCode = new int[encoding.codeCount()];
        for (int c = 0, b = 0; c < bandOfCode.length; c++) {
            while (b < boundaries.length && boundaries[b] <= encoding.runStart(c)) {
                b++;
            }
            bandOfCode[c] = b;
        }
        int count = boundaries.length;
        int words = (n + 63) >>> 6;
        long[][] bits = new long[count][words];
        RowRanges.forEach(words, (fromWord, toWord) -> {
            long[] band = new long[count + 1];
            for (int w = fromWord; w < toWord; w++) {
                for (int row = w << 6, end = Math.min(n, row + 64); row < end; row++) {
                    band[bandOfCode[encoding.codeOf(row)]] |= 1L << row;
                }
                for (int v = 1; v <= count; v++) {
                    band[v] |= band[v - 1];
                }
                for (int v = 0; v < count; v++) {
                    bits[v][w] = band[v];
                }
                java.util.Arrays.fill(band, 0);
            }
        });
        return new SievingVectors(boundaries, bits, n);
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
        long[] bits = null;
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
        return new Selection(best, bits == null ? new BitSet(rows) : BitSet.valueOf(bits));
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
