package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/** encode.ptx: Z packing, the Z order by counting sort, dictionary lookup, and the primitives of the ray jobs. */
public final class EncodeKernels {

    private static final int THREADS = 256;

    private final Kernel packZStep;
    private final Kernel countCodes;
    private final Kernel scatterByCode;
    private final Kernel lookupCodes;
    private final Kernel buildTriangles;
    private final Kernel buildCubes;

    EncodeKernels(PtxModule module) {
        packZStep = module.function("rdb_pack_z_step");
        countCodes = module.function("rdb_count_codes");
        scatterByCode = module.function("rdb_scatter_by_code");
        lookupCodes = module.function("rdb_lookup_codes");
        buildTriangles = module.function("rdb_build_triangles");
        buildCubes = module.function("rdb_build_cubes");
    }

    /** z = z * radix + column (int32); start from a zeroed z and call once per attribute, most significant first. */
    public void packZStep(CudaStream stream, DeviceBuffer column, int radix, DeviceBuffer z, long rows) {
        packZStep.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0,
                new KernelArgs().pointer(column).i32(radix).pointer(z).i64(rows));
    }

    /** counts[codes[i]] += 1 for every row (uint32 counters, zeroed by the caller). */
    public void countCodes(CudaStream stream, DeviceBuffer codes, long rows, DeviceBuffer counts) {
        countCodes.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0,
                new KernelArgs().pointer(codes).i64(rows).pointer(counts));
    }

    /**
     * rowAt[cursors[codes[i]]++] = i for every row, the cursors starting at each code's first position: the rows
     * in code order, those of one code in no fixed order.
     */
    public void scatterByCode(CudaStream stream, DeviceBuffer codes, long rows, DeviceBuffer cursors,
                              DeviceBuffer rowAt) {
        scatterByCode.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0,
                new KernelArgs().pointer(codes).i64(rows).pointer(cursors).pointer(rowAt));
    }

    /** codes = position of each value in an ascending int32 dictionary, -1 when absent. */
    public void lookupCodes(CudaStream stream, DeviceBuffer values, long rows, DeviceBuffer sortedDictionary,
                            int dictionarySize, DeviceBuffer codes) {
        lookupCodes.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0, new KernelArgs()
                .pointer(values).i64(rows).pointer(sortedDictionary).i32(dictionarySize).pointer(codes));
    }

    /** 9 floats per row: (x,y,z), (x+sizeX,y,z), (x,y+sizeY,z) from int32 codes; a null column means 0. */
    public void buildTriangles(CudaStream stream, DeviceBuffer x, DeviceBuffer y, DeviceBuffer z, long rows,
                               float sizeX, float sizeY, DeviceBuffer vertices) {
        buildTriangles.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0, new KernelArgs()
                .pointer(x).pointer(y).pointer(z).i64(rows).f32(sizeX).f32(sizeY).pointer(vertices));
    }

    /** 6 floats per row: a cube of half-width {@code half} centred at the row's codes. */
    public void buildCubes(CudaStream stream, DeviceBuffer x, DeviceBuffer y, DeviceBuffer z, long rows, float half,
                           DeviceBuffer aabbs) {
        buildCubes.launch(stream, Kernel.gridStrideBlocks(rows, THREADS), THREADS, 0,
                new KernelArgs().pointer(x).pointer(y).pointer(z).i64(rows).f32(half).pointer(aabbs));
    }
}
