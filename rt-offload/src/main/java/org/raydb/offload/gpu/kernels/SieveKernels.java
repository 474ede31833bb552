package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/** sieve.ptx: RTScan sieving vectors F_k = (x &lt; bounds[k]) and the selection between two of them. */
public final class SieveKernels {

    private static final int THREADS = 256;

    private final Kernel build;
    private final Kernel select;

    SieveKernels(PtxModule module) {
        build = module.function("rdb_sieve_build");
        select = module.function("rdb_sieve_select");
    }

    /** vectors: numVectors bitmaps of words(rows) words each, back to back. */
    public void build(CudaStream stream, DeviceBuffer column, long rows, DeviceBuffer bounds, int numVectors,
                      DeviceBuffer vectors) {
        build.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0, new KernelArgs()
                .pointer(column).i64(rows).pointer(bounds).i32(numVectors).pointer(vectors)
                .i64(GpuKernels.words(rows)));
    }

    /** out = F_upper AND NOT F_lower; -1 for "none" on either side (all rows / nothing removed). */
    public void select(CudaStream stream, DeviceBuffer vectors, long rows, int upper, int lower, DeviceBuffer out) {
        long words = GpuKernels.words(rows);
        select.launch(stream, Kernel.gridStrideBlocks(words, THREADS), THREADS, 0,
                new KernelArgs().pointer(vectors).i64(words).i64(rows).i32(upper).i32(lower).pointer(out));
    }
}
