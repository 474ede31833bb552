package org.raydb.offload.gpu.selftest;

import java.util.List;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.GpuKernels;

/**
 * The gathers that build Z-sorted projections on the device (gather.cu), checked against the same permutation
 * applied in Java: the permutation is the Z {@link CodeOrder} of the self-test's skewed z column, as the cuda
 * engine's projections use it; an int32 group column, the second int64 measure of a two-measure block (raw
 * offsets, as MeasureBlock addresses them) and that measure's validity bitmap, whose row count is not a
 * multiple of 32.
 */
final class GatherChecks {

    private final CudaDevice device;
    private final CudaStream stream;
    private final GpuKernels kernels;
    private final SelfTestData data;
    private final int[] perm;

    GatherChecks(CudaDevice device, CudaStream stream, GpuKernels kernels, SelfTestData data) {
        this.device = device;
        this.stream = stream;
        this.kernels = kernels;
        this.data = data;
        this.perm = CodeOrder.of(data.z).rowAtArray();
    }

    List<CheckResult> runAll() {
        return List.of(ints(), longsAtOffset(), bits());
    }

    private DeviceBuffer upload(int[] values) {
        return device.allocate(4L * values.length).copyFrom(values);
    }

    private CheckResult ints() {
        int n = data.rows;
        try (DeviceBuffer p = upload(perm);
                DeviceBuffer src = upload(data.y);
                DeviceBuffer dst = device.allocate(4L * n)) {
            double millis = DeviceTiming.medianMillis(
                    stream, () -> {}, () -> kernels.gather().i32(stream, src.address(), p, n, dst.address()));
            int[] got = dst.toIntArray(n);
            String mismatch = null;
            for (int i = 0; i < n && mismatch == null; i++) {
                if (got[i] != data.y[perm[i]]) {
                    mismatch = "y[" + i + "]: expected " + data.y[perm[i]] + ", GPU " + got[i];
                }
            }
            return CheckResult.of("gather int32 into Z order", n, mismatch, millis, "group codes of a projection");
        }
    }

    private CheckResult longsAtOffset() {
        int n = data.rows;
        try (DeviceBuffer p = upload(perm);
                DeviceBuffer src = device.allocate(16L * n);
                DeviceBuffer dst = device.allocate(16L * n)) {
            src.copyFrom(data.xAsLong(), 0).copyFrom(data.w, 8L * n);
            dst.clear();
            double millis = DeviceTiming.medianMillis(
                    stream,
                    () -> {},
                    () -> kernels.gather().i64(stream, src.address() + 8L * n, p, n, dst.address() + 8L * n));
            long[] got = dst.toLongArray(2 * n);
            String mismatch = null;
            for (int i = 0; i < n && mismatch == null; i++) {
                if (got[i] != 0) mismatch = "measure 0 at " + i + " was written: " + got[i];
                else if (got[n + i] != data.w[perm[i]]) {
                    mismatch = "w[" + i + "]: expected " + data.w[perm[i]] + ", GPU " + got[n + i];
                }
            }
            return CheckResult.of("gather int64 into Z order", n, mismatch, millis, "measure 1 of a 2-measure block");
        }
    }

    private CheckResult bits() {
        int n = data.rows - 7;
        int[] validity = data.wValidity();
        int words = (int) GpuKernels.words(n);
        try (DeviceBuffer p = upload(perm);
                DeviceBuffer src = upload(validity);
                DeviceBuffer dst = device.allocate(4L * words)) {
            double millis = DeviceTiming.medianMillis(
                    stream, () -> {}, () -> kernels.gather().bits(stream, src.address(), p, n, dst.address()));
            int[] got = dst.toIntArray(words);
            int[] expected = new int[words];
            for (int i = 0; i < n; i++) {
                if (data.wValid[perm[i]]) expected[i >>> 5] |= 1 << (i & 31);
            }
            String mismatch = null;
            for (int w = 0; w < words && mismatch == null; w++) {
                if (got[w] != expected[w]) {
                    mismatch = "validity word " + w + ": expected " + Integer.toHexString(expected[w]) + ", GPU "
                            + Integer.toHexString(got[w]);
                }
            }
            return CheckResult.of(
                    "gather validity bits into Z order", n, mismatch, millis, n + " rows (not a multiple of 32)");
        }
    }
}
