package org.raydb.offload.gpu.cuda;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD8;
import static jcuda.driver.JCudaDriver.cuMemsetD8Async;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import org.raydb.offload.gpu.residency.GpuResident;

/**
 * A device allocation (cuMemAlloc), freed by {@link #close()}. Copies are synchronous unless named
 * {@code Async}; host data comes from Java arrays (large ones through pinned staging buffers, see
 * {@link StagedUpload}) or from native memory segments (Arrow buffers) without an intermediate heap copy.
 */
public final class DeviceBuffer implements GpuResident {

    /** Largest chunk handed to JCuda as one direct ByteBuffer view of a segment. */
    private static final long MAX_CHUNK = 1L << 30;
    /** Arrays from this size on are uploaded through pinned staging buffers (several times the bandwidth). */
    private static final long STAGED_MIN_BYTES = 8L << 20;

    private final CudaDevice device;
    private final RawHandles.DevicePointer pointer;
    private final long bytes;
    private final AtomicBoolean closed = new AtomicBoolean();

    private DeviceBuffer(CudaDevice device, RawHandles.DevicePointer pointer, long bytes) {
        this.device = device;
        this.pointer = pointer;
        this.bytes = bytes;
    }

    static DeviceBuffer allocate(CudaDevice device, long bytes) {
        if (bytes < 0) throw new IllegalArgumentException("negative allocation: " + bytes);
        RawHandles.DevicePointer pointer = new RawHandles.DevicePointer();
        // cuMemAlloc rejects 0 bytes; an empty buffer still gets a valid, distinct address.
        check(cuMemAlloc(pointer, Math.max(bytes, 1)), "cuMemAlloc(" + bytes + " bytes)");
        return new DeviceBuffer(device, pointer, bytes);
    }

    /** The raw device address, for kernel parameters and the OptiX shim. */
    public long address() {
        ensureOpen();
        return pointer.address();
    }

    public long bytes() {
        return bytes;
    }

    @Override
    public long deviceBytes() {
        return bytes;
    }

    /** For direct JCuda calls. */
    public CUdeviceptr pointer() {
        ensureOpen();
        return pointer;
    }

    public void clear() {
        device.makeCurrent();
        check(cuMemsetD8(pointer(), (byte) 0, Math.max(bytes, 1)), "cuMemsetD8");
    }

    public void clearAsync(CudaStream stream) {
        device.makeCurrent();
        check(cuMemsetD8Async(pointer(), (byte) 0, Math.max(bytes, 1), stream.stream()), "cuMemsetD8Async");
    }

    public DeviceBuffer copyFrom(int[] values) {
        return copyFrom(values, 0);
    }

    public DeviceBuffer copyFrom(long[] values) {
        return copyFrom(values, 0);
    }

    /** Copies {@code values} to {@code byteOffset} (parts of one buffer filled from several arrays). */
    public DeviceBuffer copyFrom(long[] values, long byteOffset) {
        return copyIn(values, 0, Pointer.to(values), values.length, JAVA_LONG, byteOffset);
    }

    /** Copies {@code values} to {@code byteOffset}. */
    public DeviceBuffer copyFrom(int[] values, long byteOffset) {
        return copyIn(values, 0, Pointer.to(values), values.length, JAVA_INT, byteOffset);
    }

    /** Copies {@code count} values from {@code values[first]} on to the start of this buffer (a row range's slice). */
    public DeviceBuffer copyFrom(int[] values, int first, int count) {
        java.util.Objects.checkFromIndexSize(first, count, values.length);
        return copyIn(values, first, Pointer.to(values).withByteOffset(4L * first), count, JAVA_INT, 0);
    }

    public DeviceBuffer copyFrom(float[] values) {
        return copyIn(values, 0, Pointer.to(values), values.length, JAVA_FLOAT, 0);
    }

    public DeviceBuffer copyFrom(byte[] values) {
        return copyIn(values, 0, Pointer.to(values), values.length, JAVA_BYTE, 0);
    }

    /** Copies a native segment (e.g. an Arrow buffer) to the start of this buffer, in chunks of 1 GiB. */
    public DeviceBuffer copyFrom(MemorySegment segment) {
        if (!segment.isNative()) throw new IllegalArgumentException("heap segments: use the array overloads");
        checkFits(segment.byteSize());
        device.makeCurrent();
        for (long offset = 0; offset < segment.byteSize(); offset += MAX_CHUNK) {
            long length = Math.min(MAX_CHUNK, segment.byteSize() - offset);
            Pointer host = Pointer.to(segment.asSlice(offset, length).asByteBuffer());
            check(cuMemcpyHtoD(pointer().withByteOffset(offset), host, length), "cuMemcpyHtoD");
        }
        return this;
    }

    public DeviceBuffer copyFrom(DeviceBuffer source, long byteCount) {
        return copyFrom(source, byteCount, 0);
    }

    /** Copies the first {@code byteCount} bytes of {@code source} to {@code byteOffset} of this buffer. */
    public DeviceBuffer copyFrom(DeviceBuffer source, long byteCount, long byteOffset) {
        if (byteOffset < 0 || byteOffset + byteCount > bytes)
            throw new IllegalArgumentException(byteCount + " bytes at " + byteOffset + " do not fit " + bytes);
        if (byteCount > source.bytes)
            throw new IllegalArgumentException("source holds only " + source.bytes + " bytes");
        device.makeCurrent();
        if (byteCount > 0)
            check(cuMemcpyDtoD(pointer().withByteOffset(byteOffset), source.pointer(), byteCount), "cuMemcpyDtoD");
        return this;
    }

    public int[] toIntArray(int count) {
        int[] out = new int[count];
        copyOut(Pointer.to(out), 4L * count);
        return out;
    }

    public long[] toLongArray(int count) {
        long[] out = new long[count];
        copyOut(Pointer.to(out), 8L * count);
        return out;
    }

    public float[] toFloatArray(int count) {
        float[] out = new float[count];
        copyOut(Pointer.to(out), 4L * count);
        return out;
    }

    /**
     * Copies a Java array of {@code length} elements of {@code layout} to {@code byteOffset}: a large one through
     * pinned staging buffers at bus speed (StagedUpload), a small one directly, which costs less latency.
     */
    /** Copies {@code length} elements of {@code array} from element {@code first} on ({@code host} points there). */
    private DeviceBuffer copyIn(
            Object array, int first, Pointer host, int length, ValueLayout layout, long byteOffset) {
        long byteCount = layout.byteSize() * length;
        if (byteOffset < 0) throw new IllegalArgumentException("negative offset: " + byteOffset);
        checkFits(byteOffset + byteCount);
        if (byteCount >= STAGED_MIN_BYTES) {
            StagedUpload.upload(
                    device,
                    this,
                    byteOffset,
                    length,
                    (int) layout.byteSize(),
                    StagedUpload.arrayWriter(array, first, layout));
        } else if (byteCount > 0) {
            device.makeCurrent();
            check(cuMemcpyHtoD(pointer().withByteOffset(byteOffset), host, byteCount), "cuMemcpyHtoD");
        }
        return this;
    }

    private void copyOut(Pointer host, long byteCount) {
        checkFits(byteCount);
        device.makeCurrent();
        if (byteCount > 0) check(cuMemcpyDtoH(host, pointer(), byteCount), "cuMemcpyDtoH");
    }

    private void checkFits(long byteCount) {
        if (byteCount > bytes) {
            throw new IllegalArgumentException(byteCount + " bytes do not fit a device buffer of " + bytes);
        }
    }

    private void ensureOpen() {
        if (closed.get()) throw new IllegalStateException("device buffer of " + bytes + " bytes is closed");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            device.makeCurrent();
            check(cuMemFree(pointer), "cuMemFree");
        }
    }
}
