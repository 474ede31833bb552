package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/**
 * compact.ptx: the dense per-group accumulators of a job into the packed list of groups with rows (ascending
 * group code), resetting every slot it reads to its identity; and the fill that sets accumulators to their
 * identities when they are new. See compact.cu for the layouts.
 */
public final class CompactKernels {

    /** Must match COMPACT_THREADS and COMPACT_TILE of compact_tile.cuh. */
    static final int THREADS = 256;

    public static final int TILE_GROUPS = THREADS * 16;
    /** Words before the first entry of the packed output (the number of present groups, then 0). */
    public static final int HEADER_WORDS = 2;

    private static final int FILL_THREADS = 256;

    private final Kernel countPresent;
    private final Kernel compactPresent;
    private final Kernel fill;
    private final Kernel cutHistogram;
    private final Kernel cutPick;
    private final Kernel cutDrop;

    CompactKernels(PtxModule module) {
        countPresent = module.function("rdb_count_present");
        compactPresent = module.function("rdb_compact_present");
        fill = module.function("rdb_fill");
        cutHistogram = module.function("rdb_cut_histogram");
        cutPick = module.function("rdb_cut_pick");
        cutDrop = module.function("rdb_cut_drop");
    }

    /** Which accumulator orders the groups of a cut (compact.cu's CUT_* constants, in their order). */
    public enum CutKey {
        ROWS,
        VALID,
        SUM,
        MIN,
        MAX
    }

    private static final int CUT_MAX_BINS = 2048;
    /** Int64 words of a cut's state and histogram (compact.cu: 4 state words, then CUT_MAX_BINS counters). */
    public static final long CUT_WORDS = 4 + CUT_MAX_BINS / 2;

    private static final int CUT_PICK_THREADS = 1024;
    /** The radix select's digits, high to low: {shift, bits} (bits at most log2 CUT_MAX_BINS). */
    private static final int[][] CUT_DIGITS = {{53, 11}, {42, 11}, {31, 11}, {20, 11}, {10, 10}, {0, 10}};
    /** Blocks of a histogram pass: enough to fill the GPU, few enough that flushing their bins costs little. */
    private static final int CUT_HISTOGRAM_BLOCKS = 1024;

    /** Most bytes a cut reads per group (counts, non-NULL counts, one accumulator), per pass. */
    public static final int CUT_BYTES_PER_GROUP_PASS = 24;

    /** Passes a cut makes over the groups at most: one per digit, then the drop. */
    public static final int CUT_PASSES = CUT_DIGITS.length + 1;

    /**
     * Before {@link #compact}: resets every group with rows that is beyond the first {@code keep} in the order of
     * {@code key} of {@code measure} ({@code descending} or not), ties and NULL values kept, so that the compaction
     * packs only those. All on the device: no wait. {@code state} holds {@link #CUT_WORDS} words, zero the first
     * time (its histogram is left zero).
     */
    public void cut(
            CudaStream stream,
            int groups,
            int measures,
            CutKey key,
            int measure,
            boolean descending,
            long keep,
            DeviceBuffer counts,
            DeviceBuffer valid,
            DeviceBuffer sums,
            DeviceBuffer mins,
            DeviceBuffer maxs,
            DeviceBuffer state) {
        long hist = state.address() + 4 * 8;
        int blocks = (int) Math.min(Kernel.gridStrideBlocks(groups, THREADS), CUT_HISTOGRAM_BLOCKS);
        for (int d = 0; d < CUT_DIGITS.length; d++) {
            int first = d == 0 ? 1 : 0;
            cutHistogram.launch(
                    stream,
                    blocks,
                    THREADS,
                    0,
                    new KernelArgs()
                            .i32(groups)
                            .i32(key.ordinal())
                            .i32(measure)
                            .i32(descending ? 1 : 0)
                            .pointer(counts)
                            .pointer(valid)
                            .pointer(sums)
                            .pointer(mins)
                            .pointer(maxs)
                            .i32(CUT_DIGITS[d][0])
                            .i32(CUT_DIGITS[d][1])
                            .i32(first)
                            .pointer(state)
                            .pointer(hist));
            cutPick.launch(
                    stream,
                    1,
                    CUT_PICK_THREADS,
                    0,
                    new KernelArgs()
                            .i32(CUT_DIGITS[d][0])
                            .i32(CUT_DIGITS[d][1])
                            .i32(first)
                            .i64(keep)
                            .pointer(hist)
                            .pointer(state));
        }
        cutDrop.launch(
                stream,
                Kernel.gridStrideBlocks(groups, THREADS),
                THREADS,
                0,
                new KernelArgs()
                        .i32(groups)
                        .i32(measures)
                        .i32(key.ordinal())
                        .i32(measure)
                        .i32(descending ? 1 : 0)
                        .pointer(counts)
                        .pointer(valid)
                        .pointer(sums)
                        .pointer(mins)
                        .pointer(maxs)
                        .pointer(state));
    }

    /** Per-tile counters the compaction needs for {@code groups} groups. */
    public static int tiles(int groups) {
        return (int) Math.max(1, ((long) groups + TILE_GROUPS - 1) / TILE_GROUPS);
    }

    /** Words of one entry: group, rows, then per measure non-NULL count, sum, [min], [max]. */
    public static int entryWords(int measures, boolean mins, boolean maxs) {
        return 2 + measures * (2 + (mins ? 1 : 0) + (maxs ? 1 : 0));
    }

    /**
     * Writes the present groups to {@code out} (header + entries) and resets their slots. {@code valid},
     * {@code mins}, {@code maxs} may be null (not kept); {@code tileCounts} holds {@link #tiles} ints.
     */
    public void compact(
            CudaStream stream,
            int groups,
            int measures,
            DeviceBuffer counts,
            DeviceBuffer valid,
            DeviceBuffer sums,
            DeviceBuffer mins,
            DeviceBuffer maxs,
            DeviceBuffer tileCounts,
            DeviceBuffer out) {
        int tiles = tiles(groups);
        // One tile starts its entries at 0: it needs no count pass.
        if (tiles > 1) {
            countPresent.launch(
                    stream,
                    tiles,
                    THREADS,
                    0,
                    new KernelArgs().pointer(counts).i32(groups).pointer(tileCounts));
        }
        compactPresent.launch(
                stream,
                tiles,
                THREADS,
                0,
                new KernelArgs()
                        .pointer(tileCounts)
                        .i32(groups)
                        .i32(measures)
                        .pointer(counts)
                        .pointer(valid)
                        .pointer(sums)
                        .pointer(mins)
                        .pointer(maxs)
                        .pointer(out));
    }

    /** Sets {@code words} int64 words of {@code target} to {@code value}. */
    public void fill(CudaStream stream, DeviceBuffer target, long words, long value) {
        fill.launch(
                stream,
                Kernel.gridStrideBlocks(words, FILL_THREADS),
                FILL_THREADS,
                0,
                new KernelArgs().pointer(target).i64(words).i64(value));
    }
}
