package org.raydb.offload.gpu.engine;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.optix.Gas;
import org.raydb.offload.gpu.optix.RayJobParams;
import org.raydb.offload.gpu.optix.RayPipeline;
import org.raydb.offload.gpu.optix.RayProgram;
import org.raydb.offload.gpu.optix.RaySegments;
import org.raydb.offload.gpu.optix.RaySegments.Interval;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The {@code optix} engine: both ray jobs on the resident data, as the cpu engine models them.
 * <ul>
 *   <li>RayDB: the catalog entry's triangles (y = entry group code, z = packed Z code) in a compacted GAS,
 *       spread along X over {@link #spread} unit columns by row number ({@code x = row mod spread}: the cpu
 *       engine's geometry has x = 0; spreading changes which ray finds a row, never whether one does), one
 *       ray per (X column, Y cell) at (x + 0.25, y + 0.25) along +Z per segment; segments are the Z
 *       intervals with half-integer ends, split for parallelism. Without the spread every row of one Z code
 *       and group lies on one ray, which then walks thousands of hits one after another. The any-hit
 *       program claims each row's flag once and aggregates COUNT/SUM/MIN/MAX with 64-bit atomics, groups
 *       read by row.</li>
 *   <li>RTScan: per filtered column a compacted GAS of cubes at (0, 0, rank); its rank intervals become
 *       segments along +Z, the any-hit re-checks the integer rank against the segment and sets the row's
 *       bit; the columns' bitmaps are ANDed and the fused kernel aggregates the result bitmap.</li>
 * </ul>
 */
public final class OptixEngine extends GpuEngine {

    /** Rays of one launch: enough to fill the GPU, since a ray walks its hits one by one. */
    private static final long TARGET_RAYS = 1L << 20;

    private static final long MAX_RAYS = 1L << 30;
    /** RTScan refine segments never shorter than this many ranks. */
    private static final int MIN_CUBE_SEGMENT = 32;

    public OptixEngine() {
        this(new int[0], 1, false);
    }

    private OptixEngine(int[] devices, int perDevice, boolean replicated) {
        super(devices, perDevice, replicated);
    }

    @Override
    GpuEngine over(int[] devices, int perDevice, boolean replicated) {
        return new OptixEngine(devices, perDevice, replicated);
    }

    @Override
    public String name() {
        return "optix";
    }

    @Override
    boolean needsOptix() {
        return true;
    }

    @Override
    boolean zSorted(OffloadJob job) {
        return false;
    }

    /** Rays and cubes filter; the rank columns an RTScan job uploads are not judged by inputsResident. */
    @Override
    boolean filtersByCodes(OffloadJob job) {
        return false;
    }

    /** The triangles of a RayDB job's entry, or each filtered column's ranks and cubes of an RTScan job. */
    @Override
    boolean builtInputsResident(GpuRuntime gpu, OffloadJob job) {
        OffloadJob run = job.rangeOnly() ? job.rtScan() : job;
        if (run.technique() == Technique.RAYDB_TRIANGLES) {
            return ResidentInputs.holds(gpu, run, "triangles", run.scene().key());
        }
        if (run.rtScanForm() == null) return true;
        for (String c : run.rtScanForm().columns()) {
            if (!ResidentInputs.holds(gpu, run, "ranks", c) || !ResidentInputs.holds(gpu, run, "cubes", c))
                return false;
        }
        return true;
    }

    /** A range-only RayDB job's Z codes are not exact in float32, so no triangles exist for it: run its RTScan form. */
    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        return super.run(job.rangeOnly() ? job.rtScan() : job);
    }

    @Override
    EngineResult runOnGpu(GpuRuntime gpu, JobLanes.Lane lane, OffloadJob job, ResidentInputs in)
            throws EngineException {
        return job.technique() == Technique.RAYDB_TRIANGLES
                ? triangles(gpu, lane.stream(), lane.scratch(), job, in)
                : cubes(gpu, lane.stream(), lane.scratch(), job, in);
    }

    private EngineResult triangles(
            GpuRuntime gpu, CudaStream stream, JobScratch scratch, OffloadJob job, ResidentInputs in)
            throws EngineException {
        int n = in.rows;
        int cells = Math.max(1, job.scene().yCells());
        int spread = spread(cells);
        Gas gas = in.pin(in.key("triangles", job.scene().key()), 112L * n, () -> {
            DeviceBuffer y = in.yCodes();
            DeviceBuffer z = in.zCodes();
            int[] columns = new int[n];
            java.util.Arrays.parallelSetAll(columns, row -> row & (spread - 1));
            try (DeviceBuffer vertices = gpu.device().allocate(36L * n);
                    DeviceBuffer x = gpu.device().allocate(4L * n).copyFrom(columns)) {
                gpu.kernels().encode().buildTriangles(stream, x, y, z, n, 1f, 1f, vertices);
                stream.synchronize();
                return traced(
                        gpu.optix().buildTriangles(stream, vertices, n, true),
                        job.scene().key().toString(),
                        gpu);
            }
        });
        List<Interval> query = new ArrayList<>();
        long codes = 0;
        long maxCode = 0;
        for (long[] iv : job.zIntervals()) {
            query.add(new Interval((int) iv[0], (int) iv[1]));
            codes += iv[1] - iv[0] + 1;
            maxCode = Math.max(maxCode, iv[1]);
        }
        if (query.isEmpty()) return empty(job);
        long wantedSegments = Math.max(query.size(), Math.max(1, TARGET_RAYS / ((long) cells * spread)));
        List<Interval> segments =
                RaySegments.split(query, (int) Math.max(1, (codes + wantedSegments - 1) / wantedSegments));
        long rays = (long) spread * cells * segments.size();
        if (rays > MAX_RAYS) {
            throw new EngineException(
                    "optix engine: " + cells + " groups x " + segments.size()
                            + " Z segments exceed one launch's 2^30 rays",
                    null);
        }
        DeviceBuffer zRecheck = RaySegments.needsIntegerRecheck(maxCode) ? in.zCodes() : null;
        // The any-hit program keeps non-NULL counters whether or not a measure has NULLs.
        DeviceAggregates out =
                scratch.aggregates(stream, job.groupCount(), in.measures, true).cutting(job);
        DeviceBuffer flags = scratch.rowBuffer(0, 4L * GpuKernels.words(n));
        DeviceBuffer params = scratch.rayParams();
        RayPipeline pipeline = gpu.pipeline(RayProgram.TRIANGLES);
        long t0 = System.nanoTime();
        DeviceBuffer seg = scratch.upload(stream, RaySegments.encode(segments));
        flags.clearAsync(stream);
        new RayJobParams()
                .traversable(gas)
                .grid(0.25f, 0.25f, 1f, 1f, spread, cells)
                .segments(seg)
                .zCodes(zRecheck)
                .rowFlags(flags)
                .rows(n)
                .aggregation(
                        in.groups(),
                        job.groupCount(),
                        measureValues(in),
                        in.measures.count(),
                        measureValid(in),
                        out.counts,
                        out.validCounts,
                        out.sums,
                        out.mins,
                        out.maxs)
                .upload(params);
        scratch.clock.start(stream);
        pipeline.launch(stream, params, spread, cells, segments.size());
        out.compact();
        scratch.clock.stop(stream);
        GroupAggregates result = out.read(job.aggregates());
        long t1 = System.nanoTime();
        long hits = result.totalRowsHit();
        return new EngineResult(
                result,
                hits,
                rays,
                (t1 - t0) / 1000,
                0,
                scratch.clock.elapsedMicros(),
                BytesRead.hits(in, hits) + out.compactionBytes());
    }

    private EngineResult cubes(
            GpuRuntime gpu, CudaStream stream, JobScratch scratch, OffloadJob job, ResidentInputs in) {
        int n = in.rows;
        long words = GpuKernels.words(n);
        long rays = 0;
        ScanColumns columns = ScanColumns.of(in, job);
        DeviceAggregates out = scratch.aggregates(stream, job.groupCount(), in.measures, columns.nulls())
                .cutting(job);
        DeviceBuffer result = scratch.rowBuffer(0, 4L * words);
        DeviceBuffer column = scratch.rowBuffer(1, 4L * words);
        gpu.pipeline(RayProgram.CUBES);
        long t0 = System.nanoTime();
        // Device time from the first refine launch; it includes the host's short gaps between the columns'
        // launches, which wait for each other (shared params).
        scratch.clock.start(stream);
        boolean first = true;
        for (RankFilter f : job.rankFilters()) {
            DeviceBuffer target = first ? result : column;
            target.clearAsync(stream);
            rays += refine(gpu, stream, scratch, in, f, target);
            if (!first) gpu.kernels().bitmap().and(stream, result, column, result, words);
            first = false;
        }
        stream.synchronize();
        long t1 = System.nanoTime();
        // The rows' bitmap is the whole filter: no terms, then the scan's column words.
        FilterTerms none = new FilterTerms();
        long filterBytes = none.bytes();
        ByteBuffer staged = scratch.stageUpload(filterBytes + columns.bytes());
        none.write(staged);
        columns.write(staged, filterBytes);
        long address = scratch.upload(stream, filterBytes + columns.bytes()).address();
        gpu.kernels()
                .query()
                .queryAggregate(
                        stream,
                        none.at(address, first ? null : result),
                        columns.at(address + filterBytes),
                        out.outputs());
        out.compact();
        scratch.clock.stop(stream);
        GroupAggregates agg = out.read(job.aggregates());
        long t2 = System.nanoTime();
        long hits = agg.totalRowsHit();
        return new EngineResult(
                agg,
                hits,
                rays,
                (t1 - t0) / 1000,
                (t2 - t1) / 1000,
                scratch.clock.elapsedMicros(),
                BytesRead.scan(n, 0, 0, !first) + BytesRead.hits(in, hits) + out.compactionBytes());
    }

    /** Sets the bit of every row whose rank lies in the filter's intervals; returns the rays cast. */
    private long refine(
            GpuRuntime gpu, CudaStream stream, JobScratch scratch, ResidentInputs in, RankFilter f, DeviceBuffer bits) {
        List<Interval> query = new ArrayList<>();
        long ranks = 0;
        for (int[] iv : RankIntervals.closed(f)) {
            query.add(new Interval(iv[0], iv[1]));
            ranks += iv[1] - iv[0] + 1L;
        }
        if (query.isEmpty()) return 0;
        int n = in.rows;
        DeviceBuffer rankCodes = in.ranks(f);
        Gas gas = in.pin(in.key("cubes", f.column()), 76L * n, () -> {
            try (DeviceBuffer aabbs = gpu.device().allocate(24L * n)) {
                gpu.kernels()
                        .encode()
                        .buildCubes(
                                stream,
                                null,
                                null,
                                rankCodes,
                                n,
                                0.25f + epsilon(f.encoding().rows()),
                                aabbs);
                stream.synchronize();
                return traced(gpu.optix().buildAabbs(stream, aabbs, n, true), f.column(), gpu);
            }
        });
        long perSegment = Math.max(MIN_CUBE_SEGMENT, (ranks + TARGET_RAYS - 1) / TARGET_RAYS);
        List<Interval> segments = RaySegments.split(query, (int) perSegment);
        DeviceBuffer seg = scratch.upload(stream, RaySegments.encode(segments));
        DeviceBuffer params = scratch.rayParams();
        new RayJobParams()
                .traversable(gas)
                .grid(0f, 0f, 1f, 1f, 1, 1)
                .segments(seg)
                .zCodes(rankCodes)
                .rowFlags(bits)
                .resultBitmap(bits)
                .rows(n)
                .upload(params);
        gpu.pipeline(RayProgram.CUBES).launch(stream, params, 1, 1, segments.size());
        // The params and the upload area are reused by the next column's launch: wait until this one read them.
        stream.synchronize();
        return segments.size();
    }

    /** X columns the triangles spread over: about 2^16 ray columns in all, at most 64 per Y cell. */
    static int spread(int cells) {
        return Math.max(1, Math.min(64, Integer.highestOneBit(Math.max(1, 65_536 / cells))));
    }

    /** A job whose Z intervals are empty: no row qualifies, nothing runs. */
    private static EngineResult empty(OffloadJob job) {
        GroupAggregates none = GroupAggregates.sparse(
                job.aggregates(),
                job.groupCount(),
                new int[0],
                new long[0],
                new long[job.aggregates().size()][],
                new long[job.aggregates().size()][]);
        return new EngineResult(none, 0, 0, 0, 0, 0, 0);
    }

    private static Gas traced(Gas gas, String what, GpuRuntime gpu) {
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    String.format(
                            java.util.Locale.ROOT,
                            "raydb.gpu gas %s %s rows=%d"
                                    + " build_ms=%.1f bytes_per_row=%.1f uncompacted_per_row=%.1f rtcore=%d",
                            gas.kind(),
                            what,
                            gas.rows(),
                            gas.buildMillis(),
                            (double) gas.residentBytes() / gas.rows(),
                            (double) gas.uncompactedBytes() / gas.rows(),
                            gpu.optix().rtcoreVersion()));
        }
        return gas;
    }

    private static DeviceBuffer measureValues(ResidentInputs in) {
        return in.measureBlock() == null ? null : in.measureBlock().values();
    }

    private static DeviceBuffer measureValid(ResidentInputs in) {
        return in.measureBlock() == null ? null : in.measureBlock().valid();
    }

    /**
     * RTScan's cube margin for ranks below {@code n} (the table's rows, whatever the partition): 0 while ranks are
     * exact with room in float32, 2^(K-23) beyond (as the cpu engine).
     */
    private static float epsilon(int n) {
        int k = 32 - Integer.numberOfLeadingZeros(Math.max(1, n));
        return k <= 22 ? 0f : (float) Math.scalb(1.0, k - 23);
    }
}
