package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/** bitmap.ptx: word-wise AND, AND NOT, OR (merge) of row bitmaps, and population count. */
public final class BitmapKernels {

    private static final int THREADS = 256;

    private final Kernel and;
    private final Kernel andNot;
    private final Kernel or;
    private final Kernel popcount;

    BitmapKernels(PtxModule module) {
        and = module.function("rdb_bitmap_and");
        andNot = module.function("rdb_bitmap_andnot");
        or = module.function("rdb_bitmap_or");
        popcount = module.function("rdb_bitmap_popcount");
    }

    public void and(CudaStream stream, DeviceBuffer a, DeviceBuffer b, DeviceBuffer out, long words) {
        binary(and, stream, a, b, out, words);
    }

    /** out = a AND NOT b. */
    public void andNot(CudaStream stream, DeviceBuffer a, DeviceBuffer b, DeviceBuffer out, long words) {
        binary(andNot, stream, a, b, out, words);
    }

    public void or(CudaStream stream, DeviceBuffer a, DeviceBuffer b, DeviceBuffer out, long words) {
        binary(or, stream, a, b, out, words);
    }

    /** Adds the number of set bits to the uint64 at {@code count} (zero it first). */
    public void popcount(CudaStream stream, DeviceBuffer bitmap, long words, DeviceBuffer count) {
        popcount.launch(stream, Kernel.gridStrideBlocks(words, THREADS), THREADS, 0,
                new KernelArgs().pointer(bitmap).i64(words).pointer(count));
    }

    private static void binary(Kernel kernel, CudaStream stream, DeviceBuffer a, DeviceBuffer b, DeviceBuffer out,
                               long words) {
        kernel.launch(stream, Kernel.gridStrideBlocks(words, THREADS), THREADS, 0,
                new KernelArgs().pointer(a).pointer(b).pointer(out).i64(words));
    }
}
