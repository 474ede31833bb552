package org.raydb.offload.gpu.cuda;

import java.util.ArrayList;
import java.util.List;
import jcuda.Pointer;

/**
 * Kernel parameters in declaration order, typed so that a device address can never be mistaken for a
 * 64-bit integer: {@code new KernelArgs().pointer(codes).i32(k).i64(n)}.
 */
public final class KernelArgs {

    private final List<Pointer> values = new ArrayList<>();

    public KernelArgs pointer(DeviceBuffer buffer) {
        return pointer(buffer == null ? 0L : buffer.address());
    }

    /** A raw device address; 0 passes a NULL pointer (optional inputs of the kernels). */
    public KernelArgs pointer(long address) {
        values.add(Pointer.to(new long[] {address}));
        return this;
    }

    public KernelArgs i32(int value) {
        values.add(Pointer.to(new int[] {value}));
        return this;
    }

    public KernelArgs i64(long value) {
        values.add(Pointer.to(new long[] {value}));
        return this;
    }

    public KernelArgs f32(float value) {
        values.add(Pointer.to(new float[] {value}));
        return this;
    }

    Pointer toKernelParams() {
        return Pointer.to(values.toArray(new Pointer[0]));
    }
}
