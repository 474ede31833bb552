package org.raydb.offload.gpu.cuda;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Kernel parameters in declaration order, typed so that a device address can never be mistaken for a
 * 64-bit integer: {@code new KernelArgs().pointer(codes).i32(k).i64(n)}. Each parameter is one 64-bit slot
 * (a 32-bit value in its low half: the kernel reads its first four bytes, little-endian), which
 * {@link DriverLaunch} hands to {@code cuLaunchKernel} as it is, except a {@link #byValue} parameter: a struct
 * that the driver copies from host memory into the launch.
 */
public final class KernelArgs {

    private long[] slots = new long[16];
    private int count;
    /** Bit i: parameter i is passed by value from the host address in its slot. */
    private long byValue;
    /** The by-value parameters' memory, reachable as long as the arguments are. */
    private final List<MemorySegment> held = new ArrayList<>(1);

    /**
     * A struct parameter ({@code __grid_constant__} in the kernel) whose bytes are in native memory
     * {@code bytes}: the driver copies as many as the kernel declares when the launch is queued, so the memory
     * may be reused as soon as the launch call returns.
     */
    public KernelArgs byValue(MemorySegment bytes) {
        if (!bytes.isNative() || bytes.address() == 0) {
            throw new IllegalArgumentException("a by-value kernel parameter needs its bytes in native memory");
        }
        if (count >= Long.SIZE) throw new IllegalArgumentException("by-value parameters only among the first 64");
        byValue |= 1L << count;
        held.add(bytes);
        return slot(bytes.address());
    }

    public KernelArgs pointer(DeviceBuffer buffer) {
        return pointer(buffer == null ? 0L : buffer.address());
    }

    /** A raw device address; 0 passes a NULL pointer (optional inputs of the kernels). */
    public KernelArgs pointer(long address) {
        return slot(address);
    }

    public KernelArgs i32(int value) {
        return slot(value & 0xFFFF_FFFFL);
    }

    public KernelArgs i64(long value) {
        return slot(value);
    }

    public KernelArgs f32(float value) {
        return slot(Float.floatToRawIntBits(value) & 0xFFFF_FFFFL);
    }

    private KernelArgs slot(long value) {
        if (count == slots.length) slots = Arrays.copyOf(slots, 2 * count);
        slots[count++] = value;
        return this;
    }

    int count() {
        return count;
    }

    long slot(int i) {
        return slots[i];
    }

    /** Whether parameter {@code i}'s slot holds the host address of its bytes ({@link #byValue}). */
    boolean isByValue(int i) {
        return i < Long.SIZE && (byValue >>> i & 1) != 0;
    }
}
