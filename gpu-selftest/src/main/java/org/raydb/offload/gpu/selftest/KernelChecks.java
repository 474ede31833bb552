package org.raydb.offload.gpu.selftest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.GpuKernels;

/**
 * Runs every CUDA kernel the engines launch on the self-test data and compares its output with the same
 * computation in Java, exactly. Each check owns its buffers.
 */
public final class KernelChecks {

    private final CudaDevice device;
    private final CudaStream stream;
    private final GpuKernels kernels;
    private final SelfTestData data;
    private final long words;

    KernelChecks(CudaDevice device, CudaStream stream, GpuKernels kernels, SelfTestData data) {
        this.device = device;
        this.stream = stream;
        this.kernels = kernels;
        this.data = data;
        this.words = GpuKernels.words(data.rows);
    }

    List<CheckResult> runAll() {
        List<CheckResult> results = new ArrayList<>();
        results.add(primitives());
        results.add(bitmapAnd());
        results.addAll(new ResultChecks(device, stream, kernels, data).runAll());
        return results;
    }

    private DeviceBuffer upload(int[] values) {
        return device.allocate(4L * values.length).copyFrom(values);
    }

    private CheckResult primitives() {
        int n = data.rows;
        try (DeviceBuffer x = upload(data.x);
                DeviceBuffer y = upload(data.y);
                DeviceBuffer z = upload(data.z);
                DeviceBuffer vertices = device.allocate(36L * n);
                DeviceBuffer boxes = device.allocate(24L * n)) {
            kernels.encode().buildTriangles(stream, x, y, z, n, 1f, 1f, vertices);
            kernels.encode().buildCubes(stream, x, y, z, n, 0.25f, boxes);
            stream.synchronize();
            float[] v = vertices.toFloatArray(9 * n);
            float[] c = boxes.toFloatArray(6 * n);
            String mismatch = null;
            for (int i = 0; i < n && mismatch == null; i++) {
                float px = data.x[i], py = data.y[i], pz = data.z[i];
                float[] tri = {px, py, pz, px + 1, py, pz, px, py + 1, pz};
                float[] cube = {px - .25f, py - .25f, pz - .25f, px + .25f, py + .25f, pz + .25f};
                if (!Arrays.equals(tri, Arrays.copyOfRange(v, 9 * i, 9 * i + 9))) mismatch = "triangle " + i;
                else if (!Arrays.equals(cube, Arrays.copyOfRange(c, 6 * i, 6 * i + 6))) mismatch = "cube " + i;
            }
            return CheckResult.of("triangles + cubes from codes", n, mismatch, Double.NaN, "9 + 6 floats per row");
        }
    }

    private CheckResult bitmapAnd() {
        SplittableRandom random = new SplittableRandom(11);
        int[] a = random.ints((int) words).toArray();
        int[] b = random.ints((int) words).toArray();
        try (DeviceBuffer da = upload(a);
                DeviceBuffer db = upload(b);
                DeviceBuffer out = device.allocate(4L * words)) {
            kernels.bitmap().and(stream, da, db, out, words);
            stream.synchronize();
            int[] got = out.toIntArray((int) words);
            String mismatch = null;
            for (int w = 0; w < words && mismatch == null; w++) {
                if (got[w] != (a[w] & b[w])) mismatch = "AND word " + w;
            }
            return CheckResult.of("bitmap AND", words * 32, mismatch, Double.NaN, words + " words");
        }
    }
}
