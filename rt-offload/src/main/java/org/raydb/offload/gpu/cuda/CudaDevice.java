package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;

/**
 * One GPU and its primary context (shared with any other CUDA user in the process, as the runtime API
 * does). Every thread that touches device objects calls {@link #makeCurrent()} first; the objects of this
 * package do so themselves.
 */
public final class CudaDevice implements AutoCloseable {

    /** The device whose context each thread last made current. */
    private static final ThreadLocal<CudaDevice> CURRENT = new ThreadLocal<>();

    private final CUdevice device;
    private final RawHandles.Context context;
    private final DeviceProperties properties;
    private final AtomicBoolean closed = new AtomicBoolean();

    private CudaDevice(CUdevice device, RawHandles.Context context, DeviceProperties properties) {
        this.device = device;
        this.context = context;
        this.properties = properties;
    }

    /** The GPUs the driver makes visible to this process. */
    public static int count() {
        check(cuInit(0), "cuInit");
        int[] count = {0};
        check(cuDeviceGetCount(count), "cuDeviceGetCount");
        return count[0];
    }

    /** Opens device {@code ordinal}; {@code GpuAvailability.probe()} says beforehand whether that can work. */
    public static CudaDevice open(int ordinal) {
        check(cuInit(0), "cuInit");
        int[] count = {0};
        check(cuDeviceGetCount(count), "cuDeviceGetCount");
        if (ordinal < 0 || ordinal >= count[0]) {
            throw new IllegalArgumentException("GPU " + ordinal + " does not exist; this host has " + count[0]);
        }
        CUdevice device = new CUdevice();
        check(cuDeviceGet(device, ordinal), "cuDeviceGet");
        RawHandles.Context context = new RawHandles.Context();
        check(cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
        return new CudaDevice(device, context, readProperties(ordinal, device));
    }

    private static DeviceProperties readProperties(int ordinal, CUdevice device) {
        byte[] name = new byte[256];
        check(cuDeviceGetName(name, name.length, device), "cuDeviceGetName");
        int length = 0;
        while (length < name.length && name[length] != 0) length++;
        long[] total = {0};
        check(cuDeviceTotalMem(total, device), "cuDeviceTotalMem");
        int[] driver = {0};
        check(cuDriverGetVersion(driver), "cuDriverGetVersion");
        return new DeviceProperties(
                ordinal,
                new String(name, 0, length, StandardCharsets.US_ASCII),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                total[0],
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
                driver[0],
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
    }

    private static int attribute(CUdevice device, int attribute) {
        int[] value = {0};
        check(cuDeviceGetAttribute(value, attribute, device), "cuDeviceGetAttribute(" + attribute + ")");
        return value[0];
    }

    /** Makes this device's context current on the calling thread (cheap when it already is). */
    public void makeCurrent() {
        ensureOpen();
        // Every device call starts here: skip the driver call when this thread's context is already ours (only
        // this class sets contexts, and the OptiX shim uses the one it is given).
        if (CURRENT.get() == this) return;
        check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
        CURRENT.set(this);
    }

    public DeviceProperties properties() {
        return properties;
    }

    public MemoryInfo memoryInfo() {
        makeCurrent();
        long[] free = {0};
        long[] total = {0};
        check(cuMemGetInfo(free, total), "cuMemGetInfo");
        return new MemoryInfo(free[0], total[0]);
    }

    /** The raw CUcontext, for the OptiX shim. */
    public long contextHandle() {
        ensureOpen();
        return context.address();
    }

    public DeviceBuffer allocate(long bytes) {
        makeCurrent();
        return DeviceBuffer.allocate(this, bytes);
    }

    /** Page-locked host memory for asynchronous copies; the caller closes it. */
    public PinnedBuffer allocatePinned(long bytes) {
        return PinnedBuffer.allocate(this, bytes);
    }

    /** Page-locked host memory that kernels read and write in place (see PinnedBuffer); the caller closes it. */
    public PinnedBuffer allocateMapped(long bytes) {
        return PinnedBuffer.allocateMapped(this, bytes);
    }

    public CudaStream createStream() {
        makeCurrent();
        return CudaStream.create(this);
    }

    /** Loads a kernel module (fatbin or PTX) from the classpath, e.g. {@code org/raydb/offload/gpu/native/query.fatbin}. */
    public PtxModule loadModule(String resource) {
        makeCurrent();
        return PtxModule.load(this, resource);
    }

    private void ensureOpen() {
        if (closed.get()) throw new IllegalStateException("CUDA device " + properties.ordinal() + " is closed");
    }

    /**
     * Releases the primary context; close every buffer, module and stream of this device first (the upload
     * staging buffers are freed here).
     */
    @Override
    public void close() {
        StagedUpload.release(this); // first: its pinned buffers and streams are freed in the open context
        if (closed.compareAndSet(false, true)) {
            if (CURRENT.get() == this) CURRENT.remove();
            check(cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease");
        }
    }
}
