package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemHostGetDevicePointer;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.Pointer;

/**
 * Page-locked host memory (cuMemAllocHost): copies between it and a device buffer are truly asynchronous
 * on a stream and run at full bus speed, so a job's uploads, launches and read-back queue up behind one
 * another and the host waits once. Read and written through a native-order {@link ByteBuffer} view; the
 * caller must not touch a region while a copy of it is in flight.
 *
 * <p>A <em>mapped</em> buffer (cuMemHostAlloc with DEVICEMAP) is also in the device's address space: kernels
 * read and write it through {@link #deviceAddress()} with no copy call in between, for a job's few kilobytes
 * of input and result, where a driver call costs more than the bus. Its users order their accesses: the host
 * writes before the launch that reads; a kernel publishes its writes with {@code __threadfence_system()}
 * before a flag the host reads with acquire semantics ({@link #segment()}).
 */
public final class PinnedBuffer implements AutoCloseable {

    private final CudaDevice device;
    private final Pointer host = new Pointer();
    private final long bytes;
    private final ByteBuffer view;
    private final MemorySegment segment;
    /** A mapped buffer's device address as a driver handle (stream memory operations take one), else null. */
    private final RawHandles.DevicePointer mappedPointer;

    private final AtomicBoolean closed = new AtomicBoolean();

    private PinnedBuffer(CudaDevice device, long bytes, boolean mapped) {
        this.device = device;
        this.bytes = bytes;
        check(
                cuMemHostAlloc(host, Math.max(bytes, 1), mapped ? CU_MEMHOSTALLOC_DEVICEMAP : 0),
                "cuMemHostAlloc(" + bytes + " bytes" + (mapped ? ", mapped)" : ")"));
        view = host.getByteBuffer(0, Math.max(bytes, 1)).order(ByteOrder.nativeOrder());
        segment = MemorySegment.ofBuffer(view).asSlice(0, bytes);
        if (mapped) {
            mappedPointer = new RawHandles.DevicePointer();
            check(cuMemHostGetDevicePointer(mappedPointer, host, 0), "cuMemHostGetDevicePointer");
        } else {
            mappedPointer = null;
        }
    }

    /** At most 2 GiB (one ByteBuffer view). */
    public static PinnedBuffer allocate(CudaDevice device, long bytes) {
        return allocate(device, bytes, false);
    }

    /** A mapped buffer of at most 2 GiB; the contents start undefined. */
    static PinnedBuffer allocateMapped(CudaDevice device, long bytes) {
        return allocate(device, bytes, true);
    }

    private static PinnedBuffer allocate(CudaDevice device, long bytes, boolean mapped) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE) throw new IllegalArgumentException("pinned buffer of " + bytes);
        device.makeCurrent();
        return new PinnedBuffer(device, bytes, mapped);
    }

    public long bytes() {
        return bytes;
    }

    /** The whole buffer, native byte order; absolute gets and puts only (the view is shared). */
    public ByteBuffer view() {
        ensureOpen();
        return view;
    }

    /** The whole buffer as a memory segment (for acquire and release accesses). */
    public MemorySegment segment() {
        ensureOpen();
        return segment;
    }

    /** A mapped buffer's device address as a driver handle. */
    RawHandles.DevicePointer mappedPointer() {
        ensureOpen();
        if (mappedPointer == null) {
            throw new IllegalStateException("pinned buffer of " + bytes + " bytes is not mapped");
        }
        return mappedPointer;
    }

    /** A mapped buffer's device address, for kernel parameters. */
    public long deviceAddress() {
        return mappedPointer().address();
    }

    /** Queues {@code byteCount} bytes from {@code source} (at {@code sourceOffset}) to {@code offset} here. */
    public void copyFromAsync(DeviceBuffer source, long sourceOffset, long offset, long byteCount, CudaStream stream) {
        checkRange(offset, byteCount);
        if (sourceOffset < 0 || sourceOffset + byteCount > source.bytes()) {
            throw new IllegalArgumentException(
                    "device range " + sourceOffset + "+" + byteCount + " outside " + source.bytes() + " bytes");
        }
        if (byteCount == 0) return;
        device.makeCurrent();
        check(
                cuMemcpyDtoHAsync(
                        host.withByteOffset(offset),
                        source.pointer().withByteOffset(sourceOffset),
                        byteCount,
                        stream.stream()),
                "cuMemcpyDtoHAsync");
    }

    /** Queues {@code byteCount} bytes from the start of this buffer to the start of {@code target}. */
    public void copyToAsync(DeviceBuffer target, long byteCount, CudaStream stream) {
        copyToAsync(target, 0, byteCount, stream);
    }

    /** Queues {@code byteCount} bytes from the start of this buffer to {@code targetOffset} in {@code target}. */
    public void copyToAsync(DeviceBuffer target, long targetOffset, long byteCount, CudaStream stream) {
        checkRange(0, byteCount);
        if (targetOffset < 0 || targetOffset > target.bytes() - byteCount) {
            throw new IllegalArgumentException(
                    byteCount + " bytes at " + targetOffset + " do not fit a device buffer of " + target.bytes());
        }
        if (byteCount == 0) return;
        device.makeCurrent();
        check(
                cuMemcpyHtoDAsync(target.pointer().withByteOffset(targetOffset), host, byteCount, stream.stream()),
                "cuMemcpyHtoDAsync");
    }

    private void checkRange(long offset, long byteCount) {
        ensureOpen();
        if (offset < 0 || byteCount < 0 || offset + byteCount > bytes) {
            throw new IllegalArgumentException(
                    "host range " + offset + "+" + byteCount + " outside " + bytes + " bytes");
        }
    }

    private void ensureOpen() {
        if (closed.get()) throw new IllegalStateException("pinned buffer of " + bytes + " bytes is closed");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            device.makeCurrent();
            check(cuMemFreeHost(host), "cuMemFreeHost");
        }
    }
}
