package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/**
 * aggregate.ptx: the fused Crystal-style filter-group-aggregate kernels. COUNT(*) and an exact int64 SUM
 * per dense group code into counts/sums (zeroed by the caller, so several launches can accumulate).
 */
public final class AggregateKernels {

    /** Must match BLOCK_THREADS and TILE_ITEMS of aggregate.cu. */
    static final int BLOCK_THREADS = 128;
    static final int TILE_ITEMS = 512;
    /** Groups pre-aggregated in shared memory per block (16 bytes each: 32 KiB). */
    public static final int MAX_SHARED_GROUPS = 2048;

    /** Resident blocks per SM at 128 threads (2048 threads per SM on sm_90). */
    private static final int BLOCKS_PER_SM = 16;

    private final Kernel filterGroupAggregate;
    private final Kernel bitmapGroupAggregate;
    private final long maxBlocks;

    AggregateKernels(PtxModule module, int multiprocessors) {
        maxBlocks = (long) BLOCKS_PER_SM * Math.max(1, multiprocessors);
        filterGroupAggregate = module.function("rdb_filter_group_aggregate");
        bitmapGroupAggregate = module.function("rdb_bitmap_group_aggregate");
    }

    /**
     * Rows whose Z code lies in any of the closed intervals (device int2 {lo, hi} array); groups null means
     * one group.
     */
    public void filterGroupAggregate(CudaStream stream, DeviceBuffer zCodes, DeviceBuffer intervals, int numIntervals,
                                     DeviceBuffer groups, DeviceBuffer values, long rows, int numGroups,
                                     DeviceBuffer counts, DeviceBuffer sums) {
        boolean shared = useShared(numGroups);
        filterGroupAggregate.launch(stream, tiles(rows), BLOCK_THREADS, sharedBytes(shared, numGroups), new KernelArgs()
                .pointer(zCodes).pointer(intervals).i32(numIntervals).pointer(groups).pointer(values).i64(rows)
                .i32(numGroups).i32(shared ? 1 : 0).pointer(counts).pointer(sums));
    }

    /** Rows whose bit is set in a row bitmap (the RTScan path). */
    public void bitmapGroupAggregate(CudaStream stream, DeviceBuffer bitmap, DeviceBuffer groups, DeviceBuffer values,
                                     long rows, int numGroups, DeviceBuffer counts, DeviceBuffer sums) {
        boolean shared = useShared(numGroups);
        bitmapGroupAggregate.launch(stream, tiles(rows), BLOCK_THREADS, sharedBytes(shared, numGroups), new KernelArgs()
                .pointer(bitmap).pointer(groups).pointer(values).i64(rows).i32(numGroups).i32(shared ? 1 : 0)
                .pointer(counts).pointer(sums));
    }

    private static boolean useShared(int numGroups) {
        return numGroups > 1 && numGroups <= MAX_SHARED_GROUPS;
    }

    private static int sharedBytes(boolean shared, int numGroups) {
        return shared ? 16 * numGroups : 0;
    }

    /** One block per tile up to a full GPU; beyond that blocks loop over tiles (fewer shared-memory flushes). */
    private long tiles(long rows) {
        return Math.min((rows + TILE_ITEMS - 1) / TILE_ITEMS, maxBlocks);
    }
}
