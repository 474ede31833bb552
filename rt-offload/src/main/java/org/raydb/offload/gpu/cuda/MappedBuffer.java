package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemHostGetDevicePointer;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.Pointer;

/**
 * Page-locked host memory mapped into the device's address space (cuMemHostAlloc with DEVICEMAP): the host
 * reads and writes it as a {@link MemorySegment}, kernels through {@link #deviceAddress()}, with no copy call in
 * between. For a job's few kilobytes of input and result, where a driver call costs more than the bus. The
 * users order their accesses: the host writes before the launch that reads; a kernel publishes its writes with
 * {@code __threadfence_system()} before a flag that the host reads with acquire semantics.
 */
public final class MappedBuffer implements AutoCloseable {

    private final CudaDevice device;
    private final Pointer host = new Pointer();
    private final long bytes;
    private final MemorySegment segment;
    private final long deviceAddress;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MappedBuffer(CudaDevice device, long bytes) {
        this.device = device;
        this.bytes = bytes;
        check(cuMemHostAlloc(host, Math.max(bytes, 1), CU_MEMHOSTALLOC_DEVICEMAP), "cuMemHostAlloc(" + bytes
                + " bytes, mapped)");
        segment = MemorySegment.ofBuffer(host.getByteBuffer(0, Math.max(bytes, 1))).asSlice(0, bytes);
        RawHandles.DevicePointer mapped = new RawHandles.DevicePointer();
        check(cuMemHostGetDevicePointer(mapped, host, 0), "cuMemHostGetDevicePointer");
        deviceAddress = mapped.address();
    }

    /** At most 2 GiB (one segment over one ByteBuffer); the contents start undefined. */
    static MappedBuffer allocate(CudaDevice device, long bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE) throw new IllegalArgumentException("mapped buffer of " + bytes);
        device.makeCurrent();
        return new MappedBuffer(device, bytes);
    }

    public long bytes() {
        return bytes;
    }

    /** The host side of the whole buffer. */
    public MemorySegment segment() {
        ensureOpen();
        return segment;
    }

    /** The device address of the buffer's first byte, for kernel parameters. */
    public long deviceAddress() {
        ensureOpen();
        return deviceAddress;
    }

    private void ensureOpen() {
        if (closed.get()) throw new IllegalStateException("mapped buffer of " + bytes + " bytes is closed");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            device.makeCurrent();
            check(cuMemFreeHost(host), "cuMemFreeHost");
        }
    }
}
