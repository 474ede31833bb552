package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/**
 * gather.ptx: {@code dst[i] = src[perm[i]]} for int32 and int64 columns and for bitmaps; perm holds int32
 * row indexes. Columns are addressed raw, so one column of a block of several ({@code M x rows}) can be
 * gathered without a buffer of its own. Also the fold of group-key codes into one mixed-radix group index.
 */
public final class GatherKernels {

    private static final int THREADS = 256;

    private final Kernel i32;
    private final Kernel i64;
    private final Kernel bits;
    private final Kernel fold;

    GatherKernels(PtxModule module) {
        i32 = module.function("rdb_gather_i32");
        i64 = module.function("rdb_gather_i64");
        bits = module.function("rdb_gather_bits");
        fold = module.function("rdb_fold_codes");
    }

    /**
     * One key of a mixed-radix group index over {@code rows} rows: {@code acc[i] = acc[i] * radix + codes[i]},
     * or {@code codes[i]} for the {@code first} key.
     */
    public void fold(CudaStream stream, long acc, long codes, long rows, int radix, boolean first) {
        fold.launch(
                stream,
                Kernel.gridStrideBlocks(rows, THREADS),
                THREADS,
                0,
                new KernelArgs()
                        .pointer(acc)
                        .pointer(codes)
                        .i64(rows)
                        .i32(radix)
                        .i32(first ? 1 : 0));
    }

    /** {@code rows} int32 values: {@code dst[i] = src[perm[i]]}. */
    public void i32(CudaStream stream, long src, DeviceBuffer perm, long rows, long dst) {
        launch(i32, stream, src, perm, rows, dst);
    }

    /** {@code rows} int64 values: {@code dst[i] = src[perm[i]]}. */
    public void i64(CudaStream stream, long src, DeviceBuffer perm, long rows, long dst) {
        launch(i64, stream, src, perm, rows, dst);
    }

    /** Bitmaps of {@code rows} bits ({@link GpuKernels#words} words): dst bit i = src bit perm[i]. */
    public void bits(CudaStream stream, long src, DeviceBuffer perm, long rows, long dst) {
        launch(bits, stream, src, perm, rows, dst);
    }

    private static void launch(Kernel kernel, CudaStream stream, long src, DeviceBuffer perm, long rows, long dst) {
        kernel.launch(
                stream,
                Kernel.gridStrideBlocks(rows, THREADS),
                THREADS,
                0,
                new KernelArgs().pointer(src).pointer(perm).i64(rows).pointer(dst));
    }
}
