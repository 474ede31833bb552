package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuFuncGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import jcuda.driver.CUfunction_attribute;

/** One kernel of a {@link PtxModule}; launches are asynchronous on a stream and checked. */
public final class Kernel {

    private final CudaDevice device;
    private final String name;
    private final RawHandles.Function function;
    private final long handle;

    Kernel(CudaDevice device, String name, RawHandles.Function function) {
        this.device = device;
        this.name = name;
        this.function = function;
        this.handle = function.address();
    }

    public String name() {
        return name;
    }

    /** Bytes of the kernel's static {@code __shared__} variables (they count against the opt-in limit too). */
    public int staticSharedBytes() {
        device.makeCurrent();
        int[] bytes = {0};
        check(
                cuFuncGetAttribute(bytes, CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
                "cuFuncGetAttribute(" + name + ", static shared)");
        return bytes[0];
    }

    /** Lets launches use up to {@code bytes} of dynamic shared memory (beyond the default 48 KiB: opt-in). */
    public void allowDynamicSharedBytes(int bytes) {
        device.makeCurrent();
        check(
                cuFuncSetAttribute(
                        function, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes),
                "cuFuncSetAttribute(" + name + ", max dynamic shared " + bytes + ")");
    }

    /** A 1D launch of {@code blocks} x {@code threads} with {@code sharedBytes} of dynamic shared memory. */
    public void launch(CudaStream stream, long blocks, int threads, int sharedBytes, KernelArgs args) {
        if (blocks <= 0) return;
        if (blocks > Integer.MAX_VALUE) throw new IllegalArgumentException(name + ": grid of " + blocks + " blocks");
        device.makeCurrent();
        check(
                DriverLaunch.launch(handle, (int) blocks, threads, sharedBytes, stream.handle(), args),
                "cuLaunchKernel(" + name + ")");
    }

    /** Blocks for a grid-stride kernel over {@code items}: enough to fill the GPU, never more than needed. */
    public static long gridStrideBlocks(long items, int threads) {
        return Math.max(1, Math.min((items + threads - 1) / threads, 65_536));
    }
}
