package org.raydb.offload.encode;

import java.util.stream.IntStream;

/**
 * Runs a loop over rows {@code [0, rows)} on all cores, one call per block of consecutive rows. Each caller
 * writes its own plain {@code for} loop inside the body, so the JIT compiles that loop with the body inlined;
 * a per-row lambda ({@code IntStream.forEach}, {@code Arrays.parallelSetAll}) instead pays a megamorphic
 * call per row, which profiling showed to be the largest single cost of the host-side encodings.
 */
public final class RowRanges {

    /** Rows per block: large enough to amortize the split, small enough to balance 16+ cores. */
    public static final int BLOCK = 1 << 16;

    /** The loop over one block {@code [from, to)}. */
    @FunctionalInterface
    public interface Body {
        void run(int from, int to);
    }

    private RowRanges() {}

    /** Runs {@code body} over {@code [0, rows)} in blocks of {@link #BLOCK} rows, in parallel. */
    public static void forEach(int rows, Body body) {
        int blocks = (rows + BLOCK - 1) / BLOCK;
        if (blocks <= 1) {
            body.run(0, rows);
            return;
        }
        IntStream.range(0, blocks).parallel().forEach(b -> body.run(b * BLOCK, Math.min(rows, (b + 1) * BLOCK)));
    }
}
