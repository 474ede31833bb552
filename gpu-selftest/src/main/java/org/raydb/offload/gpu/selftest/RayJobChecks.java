package org.raydb.offload.gpu.selftest;

import static org.raydb.offload.gpu.selftest.HostAggregate.compare;
import static org.raydb.offload.gpu.selftest.HostAggregate.firstMismatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.optix.Gas;
import org.raydb.offload.gpu.optix.OptixContext;
import org.raydb.offload.gpu.optix.RayJobParams;
import org.raydb.offload.gpu.optix.RayPipeline;
import org.raydb.offload.gpu.optix.RayProgram;
import org.raydb.offload.gpu.optix.RaySegments;
import org.raydb.offload.gpu.optix.RaySegments.Interval;

/**
 * The two ray jobs end to end on the self-test data, checked exactly against Java:
 * <ul>
 *   <li>RayDB: a triangle per row at (x, y, z), a ray matrix with spacing 0.5 over the XY extent along +Z
 *       through half-integer segments around the query's Z intervals; any-hit counts each row once and
 *       aggregates COUNT(*), and for two measures (x, and w with NULLs) COUNT, SUM, MIN, MAX per group;</li>
 *   <li>RTScan refine: a cube per row at (a, b, z), rays only over the query box, the intersection
 *       program checking the exact predicate on integer codes into a result bitmap.</li>
 * </ul>
 */
public final class RayJobChecks {

    /** Build statistics of one GAS, for the report. */
    public record GasStats(
            String kind,
            long rows,
            double buildMillis,
            long residentBytes,
            long uncompactedBytes,
            long temporaryBytes) {
        public double bytesPerRow() {
            return (double) residentBytes / rows;
        }
    }

    /** Segments cut to at most this many codes in the split variants (see RaySegments.split). */
    private static final int SPLIT_CODES = 64;

    /** One triangle launch: the query's Z intervals, integer re-check or not, segment split or not (0). */
    private record Variant(List<Interval> query, boolean recheck, int splitCodes) {
        List<Interval> segments() {
            return splitCodes > 0 ? RaySegments.split(query, splitCodes) : query;
        }
    }

    private final CudaDevice device;
    private final CudaStream stream;
    private final GpuKernels kernels;
    private final OptixContext optix;
    private final SelfTestData data;
    private final int words;
    private final List<GasStats> gasStats = new ArrayList<>();

    RayJobChecks(CudaDevice device, CudaStream stream, GpuKernels kernels, OptixContext optix, SelfTestData data) {
        this.device = device;
        this.stream = stream;
        this.kernels = kernels;
        this.optix = optix;
        this.data = data;
        this.words = (int) GpuKernels.words(data.rows);
    }

    List<GasStats> gasStats() {
        return gasStats;
    }

    List<CheckResult> runAll() {
        List<CheckResult> results = new ArrayList<>();
        results.addAll(triangleJobs());
        results.addAll(cubeRefine());
        return results;
    }

    private DeviceBuffer upload(int[] values) {
        return device.allocate(4L * values.length).copyFrom(values);
    }

    private DeviceBuffer upload(long[] values) {
        return device.allocate(8L * values.length).copyFrom(values);
    }

    private Gas buildGas(boolean triangles) {
        int n = data.rows;
        try (DeviceBuffer x = upload(triangles ? data.x : data.a);
                DeviceBuffer y = upload(triangles ? data.y : data.b);
                DeviceBuffer z = upload(data.z);
                DeviceBuffer input = device.allocate((triangles ? 36L : 24L) * n)) {
            if (triangles) kernels.encode().buildTriangles(stream, x, y, z, n, 1f, 1f, input);
            else kernels.encode().buildCubes(stream, x, y, z, n, 0.25f, input);
            stream.synchronize();
            Gas gas =
                    triangles ? optix.buildTriangles(stream, input, n, true) : optix.buildAabbs(stream, input, n, true);
            gasStats.add(new GasStats(
                    triangles ? "triangles" : "AABB cubes",
                    n,
                    gas.buildMillis(),
                    gas.residentBytes(),
                    gas.uncompactedBytes(),
                    gas.temporaryBytes()));
            return gas;
        }
    }

    private List<CheckResult> triangleJobs() {
        int n = data.rows;
        int groups = data.groups;
        List<CheckResult> results = new ArrayList<>();
        long[] measures = new long[2 * n];
        System.arraycopy(data.xAsLong(), 0, measures, 0, n);
        System.arraycopy(data.w, 0, measures, n, n);
        int[] validity = new int[2 * words];
        Arrays.fill(validity, 0, words, -1);
        System.arraycopy(data.wValidity(), 0, validity, words, words);
        long[] minInit = new long[2 * groups];
        long[] maxInit = new long[2 * groups];
        Arrays.fill(minInit, Long.MAX_VALUE);
        Arrays.fill(maxInit, Long.MIN_VALUE);

        try (Gas gas = buildGas(true);
                RayPipeline pipeline = optix.createPipeline(RayProgram.TRIANGLES);
                DeviceBuffer zCodes = upload(data.z);
                DeviceBuffer groupCodes = upload(data.y);
                DeviceBuffer m = upload(measures);
                DeviceBuffer valid = upload(validity);
                DeviceBuffer flags = device.allocate(4L * words);
                DeviceBuffer counts = device.allocate(8L * groups);
                DeviceBuffer validCounts = device.allocate(16L * groups);
                DeviceBuffer sums = device.allocate(16L * groups);
                DeviceBuffer mins = device.allocate(16L * groups);
                DeviceBuffer maxs = device.allocate(16L * groups);
                DeviceBuffer params = device.allocate(RayJobParams.BYTES)) {
            int gridX = 2 * SelfTestData.X_RANGE;
            int gridY = 2 * groups;
            List<Variant> variants = List.of(
                    new Variant(List.of(new Interval(5000, 5009)), false, 0),
                    new Variant(List.of(new Interval(2000, 2099)), false, 0),
                    new Variant(List.of(new Interval(2000, 2099)), true, 0),
                    new Variant(List.of(new Interval(0, 99), new Interval(9000, 9499)), false, 0),
                    new Variant(List.of(new Interval(0, 999)), false, 0),
                    new Variant(List.of(new Interval(0, 999)), false, SPLIT_CODES));
            for (Variant v : variants) {
                List<Interval> segmentList = v.segments();
                try (DeviceBuffer seg = upload(RaySegments.encode(segmentList))) {
                    new RayJobParams()
                            .traversable(gas)
                            .grid(0.25f, 0.25f, 0.5f, 0.5f, gridX, gridY)
                            .segments(seg)
                            .zCodes(v.recheck() ? zCodes : null)
                            .rowFlags(flags)
                            .rows(n)
                            .aggregation(groupCodes, groups, m, 2, valid, counts, validCounts, sums, mins, maxs)
                            .upload(params);
                    double millis = DeviceTiming.medianMillis(
                            stream,
                            () -> {
                                flags.clearAsync(stream);
                                counts.clearAsync(stream);
                                validCounts.clearAsync(stream);
                                sums.clearAsync(stream);
                                mins.copyFrom(minInit);
                                maxs.copyFrom(maxInit);
                            },
                            () -> pipeline.launch(stream, params, gridX, gridY, segmentList.size()));
                    IntPredicate selected =
                            i -> v.query().stream().anyMatch(q -> data.z[i] >= q.lo() && data.z[i] <= q.hi());
                    results.add(checkTriangleJob(
                            v,
                            selected,
                            millis,
                            gridX * (long) gridY * segmentList.size(),
                            counts,
                            validCounts,
                            sums,
                            mins,
                            maxs));
                }
            }
        }
        return results;
    }

    private CheckResult checkTriangleJob(
            Variant v,
            IntPredicate selected,
            double millis,
            long rays,
            DeviceBuffer counts,
            DeviceBuffer validCounts,
            DeviceBuffer sums,
            DeviceBuffer mins,
            DeviceBuffer maxs) {
        int n = data.rows;
        int groups = data.groups;
        HostAggregate x = HostAggregate.of(n, groups, selected, data.y, data.xAsLong(), null);
        HostAggregate w = HostAggregate.of(n, groups, selected, data.y, data.w, data.wValid);
        long[] gotValid = validCounts.toLongArray(2 * groups);
        long[] gotSums = sums.toLongArray(2 * groups);
        long[] gotMins = mins.toLongArray(2 * groups);
        long[] gotMaxs = maxs.toLongArray(2 * groups);
        String mismatch = firstMismatch(
                compare("COUNT(*)", x.counts, counts.toLongArray(groups)),
                compare("COUNT(x)", x.validCounts, Arrays.copyOfRange(gotValid, 0, groups)),
                compare("SUM(x)", x.sums, Arrays.copyOfRange(gotSums, 0, groups)),
                compare("MIN(x)", x.mins, Arrays.copyOfRange(gotMins, 0, groups)),
                compare("MAX(x)", x.maxs, Arrays.copyOfRange(gotMaxs, 0, groups)),
                compare("COUNT(w)", w.validCounts, Arrays.copyOfRange(gotValid, groups, 2 * groups)),
                compare("SUM(w)", w.sums, Arrays.copyOfRange(gotSums, groups, 2 * groups)),
                compare("MIN(w)", w.mins, Arrays.copyOfRange(gotMins, groups, 2 * groups)),
                compare("MAX(w)", w.maxs, Arrays.copyOfRange(gotMaxs, groups, 2 * groups)));
        long hits = x.selectedRows();
        String name = "RayDB triangles Z in " + describe(v.query()) + (v.recheck() ? " +int recheck" : "")
                + (v.splitCodes() > 0 ? " split/" + v.splitCodes() : "");
        return CheckResult.of(
                name,
                n,
                mismatch,
                millis,
                String.format(
                        "%d rows (%.3f%%), %d rays, %d segments, %d groups",
                        hits, 100.0 * hits / n, rays, v.segments().size(), groups));
    }

    private static String describe(List<Interval> query) {
        StringBuilder out = new StringBuilder();
        for (Interval q : query)
            out.append(out.isEmpty() ? "" : "+")
                    .append('[')
                    .append(q.lo())
                    .append(',')
                    .append(q.hi())
                    .append(']');
        return out.toString();
    }

    /** a in [10, 29], b in [40, 59], z in [1000, 5999]: about 1% of the rows (4% of a x b, a quarter of the skewed z). */
    private List<CheckResult> cubeRefine() {
        int n = data.rows;
        int aLo = 10, aHi = 29, bLo = 40, bHi = 59, zLo = 1000, zHi = 5999;
        IntPredicate selected = i -> data.a[i] >= aLo
                && data.a[i] <= aHi
                && data.b[i] >= bLo
                && data.b[i] <= bHi
                && data.z[i] >= zLo
                && data.z[i] <= zHi;
        int[] expectedBitmap = new int[words];
        long hits = 0;
        for (int i = 0; i < n; i++) {
            if (selected.test(i)) {
                expectedBitmap[i >>> 5] |= 1 << (i & 31);
                hits++;
            }
        }
        int gridX = aHi - aLo + 1;
        int gridY = bHi - bLo + 1;
        List<CheckResult> results = new ArrayList<>();
        try (Gas gas = buildGas(false);
                RayPipeline pipeline = optix.createPipeline(RayProgram.CUBES);
                DeviceBuffer a = upload(data.a);
                DeviceBuffer b = upload(data.b);
                DeviceBuffer z = upload(data.z);
                DeviceBuffer bitmap = device.allocate(4L * words);
                DeviceBuffer params = device.allocate(RayJobParams.BYTES)) {
            for (int split : new int[] {0, SPLIT_CODES}) {
                List<Interval> segments = List.of(new Interval(zLo, zHi));
                if (split > 0) segments = RaySegments.split(segments, split);
                int depth = segments.size();
                try (DeviceBuffer seg = upload(RaySegments.encode(segments))) {
                    new RayJobParams()
                            .traversable(gas)
                            .grid(aLo, bLo, 1f, 1f, gridX, gridY)
                            .segments(seg)
                            .box(0, a, aLo, aHi)
                            .box(1, b, bLo, bHi)
                            .box(2, z, zLo, zHi)
                            .rowFlags(bitmap)
                            .resultBitmap(bitmap)
                            .rows(n)
                            .upload(params);
                    double rayMillis = DeviceTiming.medianMillis(
                            stream,
                            () -> bitmap.clearAsync(stream),
                            () -> pipeline.launch(stream, params, gridX, gridY, depth));
                    String mismatch =
                            Arrays.equals(expectedBitmap, bitmap.toIntArray(words)) ? null : "result bitmap differs";
                    results.add(CheckResult.of(
                            "RTScan cube refine a,b,z box" + (split > 0 ? " split/" + split : "") + " -> bitmap",
                            n,
                            mismatch,
                            rayMillis,
                            String.format(
                                    "%d rows (%.3f%%), %d rays, %d segments",
                                    hits, 100.0 * hits / n, (long) gridX * gridY * depth, depth)));
                }
            }
        }
        return results;
    }
}
