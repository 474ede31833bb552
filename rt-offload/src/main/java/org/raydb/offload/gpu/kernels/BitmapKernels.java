package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/** bitmap.ptx: word-wise AND of row bitmaps. */
public final class BitmapKernels {

    private static final int THREADS = 256;

    private final Kernel and;

    BitmapKernels(PtxModule module) {
        and = module.function("rdb_bitmap_and");
    }

    public void and(CudaStream stream, DeviceBuffer a, DeviceBuffer b, DeviceBuffer out, long words) {
        and.launch(
                stream,
                Kernel.gridStrideBlocks(words, THREADS),
                THREADS,
                0,
                new KernelArgs().pointer(a).pointer(b).pointer(out).i64(words));
    }
}
