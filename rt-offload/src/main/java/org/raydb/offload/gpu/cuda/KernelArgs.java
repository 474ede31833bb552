package org.raydb.offload.gpu.cuda;

import java.util.Arrays;

/**
 * Kernel parameters in declaration order, typed so that a device address can never be mistaken for a
 * 64-bit integer: {@code new KernelArgs().pointer(codes).i32(k).i64(n)}. Each parameter is one 64-bit slot
 * (a 32-bit value in its low half: the kernel reads its first four bytes, little-endian), which
 * {@link DriverLaunch} hands to {@code cuLaunchKernel} as it is.
 */
public final class KernelArgs {

    private long[] slots = new long[16];
    private int count;

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
}
