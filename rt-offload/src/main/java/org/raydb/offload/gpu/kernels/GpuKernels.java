package org.raydb.offload.gpu.kernels;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.gpu.NativeResources;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.PtxModule;

/**
 * The CUDA kernels of native/kernels, loaded once per device, with one typed launcher class per PTX
 * module. Launches are asynchronous on the caller's stream; sizes are in rows unless a name says words.
 */
public final class GpuKernels implements AutoCloseable {

    private final List<PtxModule> modules = new ArrayList<>();
    private final EncodeKernels encode;
    private final BitmapKernels bitmap;
    private final GatherKernels gather;
    private final QueryKernels query;
    private final CompactKernels compact;

    public GpuKernels(CudaDevice device) {
        try {
            encode = new EncodeKernels(load(device, "encode"));
            bitmap = new BitmapKernels(load(device, "bitmap"));
            gather = new GatherKernels(load(device, "gather"));
            query = new QueryKernels(load(device, "query"), device.properties());
            compact = new CompactKernels(load(device, "compact"));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private PtxModule load(CudaDevice device, String name) {
        PtxModule module = device.loadModule(NativeResources.kernelModule(name));
        modules.add(module);
        return module;
    }

    public EncodeKernels encode() {
        return encode;
    }

    public BitmapKernels bitmap() {
        return bitmap;
    }

    public GatherKernels gather() {
        return gather;
    }

    public QueryKernels query() {
        return query;
    }

    public CompactKernels compact() {
        return compact;
    }

    /** 32-bit words of a bitmap of {@code rows} bits. */
    public static long words(long rows) {
        return (rows + 31) >>> 5;
    }

    @Override
    public void close() {
        for (int i = modules.size() - 1; i >= 0; i--) modules.get(i).close();
        modules.clear();
    }
}
