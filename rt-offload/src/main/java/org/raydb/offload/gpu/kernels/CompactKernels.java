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

    CompactKernels(PtxModule module) {
        countPresent = module.function("rdb_count_present");
        compactPresent = module.function("rdb_compact_present");
        fill = module.function("rdb_fill");
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
