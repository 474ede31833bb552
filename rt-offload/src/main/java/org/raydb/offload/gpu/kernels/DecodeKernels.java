package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/** decode.ptx: bitmap to row indexes and non-empty groups to a list; both in no particular order. */
public final class DecodeKernels {

    private static final int THREADS = 256;

    private final Kernel bitmapToRows;
    private final Kernel compactGroups;

    DecodeKernels(PtxModule module) {
        bitmapToRows = module.function("rdb_bitmap_to_rows");
        compactGroups = module.function("rdb_compact_groups");
    }

    /** rows receives the set bits' indexes (int32); the uint64 at counter (zeroed first) ends at their number. */
    public void bitmapToRows(CudaStream stream, DeviceBuffer bitmap, long words, DeviceBuffer rows, DeviceBuffer counter) {
        bitmapToRows.launch(stream, Kernel.gridStrideBlocks(words, THREADS), THREADS, 0,
                new KernelArgs().pointer(bitmap).i64(words).pointer(rows).pointer(counter));
    }

    /** groups receives the codes g with counts[g] &gt; 0; the uint64 at counter (zeroed first) their number. */
    public void compactGroups(CudaStream stream, DeviceBuffer counts, int numGroups, DeviceBuffer groups,
                              DeviceBuffer counter) {
        compactGroups.launch(stream, Kernel.gridStrideBlocks(numGroups, THREADS), THREADS, 0,
                new KernelArgs().pointer(counts).i32(numGroups).pointer(groups).pointer(counter));
    }
}
