package org.raydb.offload.gpu.selftest;

import static org.raydb.offload.gpu.selftest.HostAggregate.compare;
import static org.raydb.offload.gpu.selftest.HostAggregate.firstMismatch;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.GpuKernels;

/**
 * Runs every CUDA kernel of native/kernels on the self-test data and compares its output with the same
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
        results.add(packZ());
        results.add(lookupCodes());
        results.add(primitives());
        results.add(sieve());
        results.add(bitmapOps());
        results.add(bitmapToRows());
        results.add(compactGroups());
        results.add(filterAggregate("fused filter+aggregate, 1 group", 1, null));
        results.add(filterAggregate("fused filter+aggregate, " + data.groups + " groups (smem)", data.groups, data.y));
        results.add(filterAggregate("fused filter+aggregate, " + SelfTestData.MANY_GROUPS + " groups (global)",
                SelfTestData.MANY_GROUPS, data.manyGroups));
        results.add(bitmapAggregate());
        results.addAll(new ResultChecks(device, stream, kernels, data).runAll());
        return results;
    }

    private DeviceBuffer upload(int[] values) {
        return device.allocate(4L * values.length).copyFrom(values);
    }

    private DeviceBuffer upload(long[] values) {
        return device.allocate(8L * values.length).copyFrom(values);
    }

    private CheckResult packZ() {
        int n = data.rows;
        // Column a travels from native memory (as Arrow buffers will), b from a Java array.
        try (Arena arena = Arena.ofConfined(); DeviceBuffer a = device.allocate(4L * n)
                .copyFrom(arena.allocateFrom(ValueLayout.JAVA_INT, data.a));
             DeviceBuffer b = upload(data.b); DeviceBuffer z = device.allocate(4L * n)) {
            z.clear();
            kernels.encode().packZStep(stream, a, SelfTestData.AB_RANGE, z, n);
            kernels.encode().packZStep(stream, b, SelfTestData.AB_RANGE, z, n);
            stream.synchronize();
            int[] got = z.toIntArray(n);
            String mismatch = null;
            for (int i = 0; i < n && mismatch == null; i++) {
                int expected = data.a[i] * SelfTestData.AB_RANGE + data.b[i];
                if (got[i] != expected) mismatch = "Z[" + i + "]: expected " + expected + ", GPU " + got[i];
            }
            return CheckResult.of("pack Z (2 attributes)", n, mismatch, Double.NaN, "Z = a*100 + b, a from a native segment");
        }
    }

    private CheckResult lookupCodes() {
        int n = data.rows;
        SplittableRandom random = new SplittableRandom(7);
        int[] dictionary = random.ints(1000, 0, 5000).distinct().sorted().toArray();
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = random.nextInt(10) == 0 ? random.nextInt(5000) : dictionary[random.nextInt(dictionary.length)];
        }
        try (DeviceBuffer v = upload(values); DeviceBuffer d = upload(dictionary); DeviceBuffer codes = device.allocate(4L * n)) {
            kernels.encode().lookupCodes(stream, v, n, d, dictionary.length, codes);
            stream.synchronize();
            int[] got = codes.toIntArray(n);
            String mismatch = null;
            for (int i = 0; i < n && mismatch == null; i++) {
                int pos = Arrays.binarySearch(dictionary, values[i]);
                int expected = pos >= 0 ? pos : -1;
                if (got[i] != expected) mismatch = "code[" + i + "]: expected " + expected + ", GPU " + got[i];
            }
            return CheckResult.of("dictionary lookup", n, mismatch, Double.NaN, dictionary.length + " entries");
        }
    }

    private CheckResult primitives() {
        int n = data.rows;
        try (DeviceBuffer x = upload(data.x); DeviceBuffer y = upload(data.y); DeviceBuffer z = upload(data.z);
             DeviceBuffer vertices = device.allocate(36L * n); DeviceBuffer boxes = device.allocate(24L * n)) {
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

    private int[] hostBitmap(IntPredicate bit) {
        int[] out = new int[(int) words];
        for (int i = 0; i < data.rows; i++) if (bit.test(i)) out[i >>> 5] |= 1 << (i & 31);
        return out;
    }

    private CheckResult sieve() {
        int n = data.rows;
        int k = 16;
        int[] sorted = data.z.clone();
        Arrays.sort(sorted);
        int[] bounds = new int[k];
        for (int j = 0; j < k; j++) bounds[j] = sorted[(int) ((long) (j + 1) * (n - 1) / (k + 1))] + 1;
        try (DeviceBuffer col = upload(data.z); DeviceBuffer b = upload(bounds);
             DeviceBuffer vectors = device.allocate(4L * words * k); DeviceBuffer out = device.allocate(4L * words)) {
            kernels.sieve().build(stream, col, n, b, k, vectors);
            stream.synchronize();
            int[] got = vectors.toIntArray((int) (words * k));
            String mismatch = null;
            for (int j = 0; j < k && mismatch == null; j++) {
                int bound = bounds[j];
                int[] expected = hostBitmap(i -> data.z[i] < bound);
                if (!Arrays.equals(expected, Arrays.copyOfRange(got, (int) (j * words), (int) ((j + 1) * words)))) {
                    mismatch = "sieving vector " + j + " differs";
                }
            }
            int[][] selections = {{10, 3}, {-1, 5}, {7, -1}};
            for (int[] s : selections) {
                if (mismatch != null) break;
                kernels.sieve().select(stream, vectors, n, s[0], s[1], out);
                stream.synchronize();
                int upper = s[0], lower = s[1];
                int[] expected = hostBitmap(i -> (upper < 0 || data.z[i] < bounds[upper]) && (lower < 0 || data.z[i] >= bounds[lower]));
                if (!Arrays.equals(expected, out.toIntArray((int) words))) mismatch = "selection " + upper + "/" + lower + " differs";
            }
            return CheckResult.of("sieving vectors + selection", n, mismatch, Double.NaN, k + " vectors, 3 selections");
        }
    }

    private CheckResult bitmapOps() {
        SplittableRandom random = new SplittableRandom(11);
        int[] a = random.ints((int) words).toArray();
        int[] b = random.ints((int) words).toArray();
        try (DeviceBuffer da = upload(a); DeviceBuffer db = upload(b); DeviceBuffer out = device.allocate(4L * words);
             DeviceBuffer count = device.allocate(8)) {
            String mismatch = null;
            String[] names = {"AND", "AND NOT", "OR"};
            for (int op = 0; op < 3 && mismatch == null; op++) {
                switch (op) {
                    case 0 -> kernels.bitmap().and(stream, da, db, out, words);
                    case 1 -> kernels.bitmap().andNot(stream, da, db, out, words);
                    default -> kernels.bitmap().or(stream, da, db, out, words);
                }
                stream.synchronize();
                int[] got = out.toIntArray((int) words);
                for (int w = 0; w < words && mismatch == null; w++) {
                    int expected = op == 0 ? a[w] & b[w] : op == 1 ? a[w] & ~b[w] : a[w] | b[w];
                    if (got[w] != expected) mismatch = names[op] + " word " + w;
                }
            }
            count.clear();
            kernels.bitmap().popcount(stream, da, words, count);
            stream.synchronize();
            long expected = Arrays.stream(a).mapToLong(Integer::bitCount).sum();
            long got = count.toLongArray(1)[0];
            if (mismatch == null && got != expected) mismatch = "popcount: expected " + expected + ", GPU " + got;
            return CheckResult.of("bitmap AND / AND NOT / OR / popcount", words * 32, mismatch, Double.NaN, words + " words");
        }
    }

    private CheckResult bitmapToRows() {
        int[] bitmap = hostBitmap(i -> data.z[i] % 7 == 0);
        int[] expected = java.util.stream.IntStream.range(0, data.rows).filter(i -> data.z[i] % 7 == 0).toArray();
        try (DeviceBuffer bm = upload(bitmap); DeviceBuffer rows = device.allocate(4L * Math.max(1, expected.length));
             DeviceBuffer counter = device.allocate(8)) {
            counter.clear();
            kernels.decode().bitmapToRows(stream, bm, words, rows, counter);
            stream.synchronize();
            long count = counter.toLongArray(1)[0];
            String mismatch = count != expected.length ? "row count: expected " + expected.length + ", GPU " + count : null;
            if (mismatch == null) {
                int[] got = rows.toIntArray(expected.length);
                Arrays.sort(got);
                if (!Arrays.equals(expected, got)) mismatch = "row indexes differ";
            }
            return CheckResult.of("bitmap -> row indexes", data.rows, mismatch, Double.NaN, expected.length + " rows");
        }
    }

    private CheckResult compactGroups() {
        int groups = SelfTestData.MANY_GROUPS;
        long[] counts = new long[groups];
        for (int g = 0; g < groups; g++) counts[g] = g % 3 == 0 ? 0 : g;
        int[] expected = java.util.stream.IntStream.range(0, groups).filter(g -> counts[g] > 0).toArray();
        try (DeviceBuffer c = upload(counts); DeviceBuffer out = device.allocate(4L * groups); DeviceBuffer counter = device.allocate(8)) {
            counter.clear();
            kernels.decode().compactGroups(stream, c, groups, out, counter);
            stream.synchronize();
            long count = counter.toLongArray(1)[0];
            String mismatch = count != expected.length ? "group count: expected " + expected.length + ", GPU " + count : null;
            if (mismatch == null) {
                int[] got = out.toIntArray(expected.length);
                Arrays.sort(got);
                if (!Arrays.equals(expected, got)) mismatch = "group codes differ";
            }
            return CheckResult.of("non-empty groups -> list", groups, mismatch, Double.NaN, expected.length + " groups");
        }
    }

    /** Z in [100, 399] or [5000, 5099]: two intervals, about a third of the skewed rows. */
    private CheckResult filterAggregate(String name, int groups, int[] groupOf) {
        int n = data.rows;
        int[] intervals = {100, 399, 5000, 5099};
        IntPredicate selected = i -> (data.z[i] >= 100 && data.z[i] <= 399) || (data.z[i] >= 5000 && data.z[i] <= 5099);
        HostAggregate expected = HostAggregate.of(n, groups, selected, groupOf, data.w, null);
        try (DeviceBuffer z = upload(data.z); DeviceBuffer iv = upload(intervals);
             DeviceBuffer g = groupOf == null ? null : upload(groupOf); DeviceBuffer w = upload(data.w);
             DeviceBuffer counts = device.allocate(8L * groups); DeviceBuffer sums = device.allocate(8L * groups)) {
            double millis = DeviceTiming.medianMillis(stream, () -> {
                counts.clearAsync(stream);
                sums.clearAsync(stream);
            }, () -> kernels.aggregate().filterGroupAggregate(stream, z, iv, 2, g, w, n, groups, counts, sums));
            String mismatch = firstMismatch(compare("count", expected.counts, counts.toLongArray(groups)),
                    compare("sum", expected.sums, sums.toLongArray(groups)));
            return CheckResult.of(name, n, mismatch, millis, String.format("%d rows selected, %.1f G rows/s",
                    expected.selectedRows(), n / (millis * 1e6)));
        }
    }

    private CheckResult bitmapAggregate() {
        int n = data.rows;
        IntPredicate selected = i -> data.a[i] < 10;
        int[] bitmap = hostBitmap(selected);
        HostAggregate expected = HostAggregate.of(n, data.groups, selected, data.y, data.w, null);
        try (DeviceBuffer bm = upload(bitmap); DeviceBuffer g = upload(data.y); DeviceBuffer w = upload(data.w);
             DeviceBuffer counts = device.allocate(8L * data.groups); DeviceBuffer sums = device.allocate(8L * data.groups)) {
            double millis = DeviceTiming.medianMillis(stream, () -> {
                counts.clearAsync(stream);
                sums.clearAsync(stream);
            }, () -> kernels.aggregate().bitmapGroupAggregate(stream, bm, g, w, n, data.groups, counts, sums));
            String mismatch = firstMismatch(compare("count", expected.counts, counts.toLongArray(data.groups)),
                    compare("sum", expected.sums, sums.toLongArray(data.groups)));
            return CheckResult.of("bitmap -> group aggregate", n, mismatch, millis, expected.selectedRows() + " rows selected");
        }
    }
}
