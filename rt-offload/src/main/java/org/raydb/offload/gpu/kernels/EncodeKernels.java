package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/** encode.ptx: the Z order by counting sort, and the primitives of the ray jobs. */
public final class EncodeKernels {

    private static final int THREADS = 256;

    private final Kernel countCodes;
    private final Kernel scatterByCode;
    private final Kernel buildTriangles;
    private final Kernel buildCubes;

    EncodeKernels(PtxModule module) {
        countCodes = module.function("rdb_count_codes");
        scatterByCode = module.function("rdb_scatter_by_code");
        buildTriangles = module.function("rdb_build_triangles");
        buildCubes = module.function("rdb_build_cubes");
    }

    /** counts[codes[i]] += 1 for every row (uint32 counters, zeroed by the caller). */
    public void countCodes(CudaStream stream, DeviceBuffer codes, long rows, DeviceBuffer counts) {
        countCodes.launch(
                stream,
                Kernel.gridStrideBlocks(rows, THREADS),
                THREADS,
                0,
                new KernelArgs().pointer(codes).i64(rows).pointer(counts));
    }

    /**
     * rowAt[cursors[codes[i]]++] = i for every row, the cursors starting at each code's first position: the rows
     * in code order, those of one code in no fixed order.
     */
    public void scatterByCode(
            CudaStream stream, DeviceBuffer codes, long rows, DeviceBuffer cursors, DeviceBuffer rowAt) {
        scatterByCode.launch(
                stream,
                Kernel.gridStrideBlocks(rows, THREADS),
                THREADS,
                0,
                new KernelArgs().pointer(codes).i64(rows).pointer(cursors).pointer(rowAt));
    }

    /** 9 floats per row: (x,y,z), (x+sizeX,y,z), (x,y+sizeY,z) from int32 codes; a null column means 0. */
    public void buildTriangles(
            CudaStream stream,
            DeviceBuffer x,
            DeviceBuffer y,
            DeviceBuffer z,
            long rows,
            float sizeX,
            float sizeY,
            DeviceBuffer vertices) {
        buildTriangles.launch(
                stream,
                Kernel.gridStrideBlocks(rows, THREADS),
                THREADS,
                0,
                new KernelArgs()
                        .pointer(x)
                        .pointer(y)
                        .pointer(z)
                        .i64(rows)
                        .f32(sizeX)
                        .f32(sizeY)
                        .pointer(vertices));
    }

    /** 6 floats per row: a cube of half-width {@code half} centred at the row's codes. */
    public void buildCubes(
            CudaStream stream,
            DeviceBuffer x,
            DeviceBuffer y,
            DeviceBuffer z,
            long rows,
            float half,
            DeviceBuffer aabbs) {
        buildCubes.launch(
                stream,
                Kernel.gridStrideBlocks(rows, THREADS),
                THREADS,
                0,
                new KernelArgs()
                        .pointer(x)
                        .pointer(y)
                        .pointer(z)
                        .i64(rows)
                        .f32(half)
                        .pointer(aabbs));
    }
}
