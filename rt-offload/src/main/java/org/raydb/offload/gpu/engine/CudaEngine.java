package org.raydb.offload.gpu.engine;

import java.nio.ByteBuffer;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RtScanForm;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.QueryKernels;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The {@code cuda} engine: one fused kernel per query over the resident encoded columns (query.cu). A RayDB
 * job reads its BVH-catalog entry's Z-sorted projection: its Z intervals are contiguous row ranges, so the
 * kernel reads only qualifying rows (group code and measures) and no filter column at all. An RTScan job
 * (codes too wide to pack, or a shape whose own entry is not built yet) scans each filtered column's dictionary
 * codes against its code intervals. Rows,
 * groups and 64-bit aggregates are exactly the cpu engine's: both select by the same integer codes and
 * intervals that the ray jobs' geometry encodes. Chunk lists of up to 256 chunks (every SSB query's, see
 * ZSortedProjection) travel in the launch's parameters, small filters are read by the kernel in the scratch's
 * mailbox (mapped host memory), and a launch that compacts its groups (from the list of groups it noted, or its
 * few tiles) delivers them there: such a job's window is its launch and a spin, with no copy call and no stream
 * synchronize.
 */
public final class CudaEngine extends GpuEngine {

    public CudaEngine() {
        this(new int[0], 1, false);
    }

    private CudaEngine(int[] devices, int perDevice, boolean replicated) {
        super(devices, perDevice, replicated);
    }

    @Override
    GpuEngine over(int[] devices, int perDevice, boolean replicated) {
        return new CudaEngine(devices, perDevice, replicated);
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    boolean needsOptix() {
        return false;
    }

    /** RayDB jobs read only their Z intervals' rows from a Z-sorted projection. */
    @Override
    boolean zSorted(OffloadJob job) {
        return job.technique() == Technique.RAYDB_TRIANGLES;
    }

    /** A Z-sorted run reads the projection and the copies gathered through it. */
    @Override
    boolean builtInputsResident(GpuRuntime gpu, OffloadJob job) {
        return !zSorted(job) || ResidentInputs.sortedResident(gpu, job);
    }

    /** A job not on a Z-sorted projection is a full scan, filtered by the columns' codes. */
    @Override
    boolean filtersByCodes(OffloadJob job) {
        return !zSorted(job);
    }

    @Override
    EngineResult runOnGpu(GpuRuntime gpu, JobLanes.Lane lane, OffloadJob job, ResidentInputs in) {
        CudaStream stream = lane.stream();
        long setup = System.nanoTime();
        JobScratch scratch = lane.scratch();
        int[] chunks = in.projection == null ? null : in.projection.chunks(job.zIntervals());
        if (chunks == null) return scan(gpu, stream, scratch, job, in, setup);
        DeviceBuffer validity =
                in.measureBlock() == null ? null : in.measureBlock().valid();
        QueryKernels.Inputs inputs = new QueryKernels.Inputs(
                in.groups(),
                job.groupCount(),
                in.measureBlock() == null ? null : in.measureBlock().values(),
                in.measures.count(),
                validity,
                in.rows);
        DeviceAggregates out = scratch.aggregates(stream, job.groupCount(), in.measures, validity != null)
                .cutting(job);
        boolean lean = QueryKernels.deliversTagged(
                in.measures.count(), validity != null, in.measures.needMins() || in.measures.needMaxs(), in.rows);
        QueryKernels.Outputs outputs = out.outputsCompactedInLaunch(lean);
        // A short chunk list goes in the launch's parameters; a longer one is uploaded.
        boolean inline = QueryKernels.ChunkList.fitsInline(chunks.length / 2);
        long inputBytes = inline ? 0 : 4L * chunks.length;
        QueryKernels.ChunkList inlined = inline ? QueryKernels.ChunkList.inline(scratch.inlineChunks(), chunks) : null;
        if (!inline) scratch.stageInput(stream, inputBytes, false).asIntBuffer().put(0, chunks);
        // The launch is decided before the window (and the events around it time the kernel, not this host work).
        QueryKernels.Prepared launch = gpu.kernels()
                .query()
                .prepareRange(
                        inline
                                ? inlined
                                : QueryKernels.ChunkList.onDevice(
                                        scratch.inputAddress(false),
                                        chunks.length / 2,
                                        QueryKernels.ChunkList.rows(chunks)),
                        inputs,
                        outputs);
        return launched(scratch, stream, job, in, out, launch, inputBytes, false, 4L * chunks.length, setup);
    }

    /**
     * A full scan selects by each filtered column's dictionary codes, resident once per column (and shared with the
     * group keys' codes it folds): the same rows its rank intervals would, with no uniform encoding built. It reads
     * every measure and key column where it lies, so a new list of them assembles nothing; its filter and column
     * words wait in the mailbox or are uploaded.
     */
    private EngineResult scan(
            GpuRuntime gpu, CudaStream stream, JobScratch scratch, OffloadJob job, ResidentInputs in, long setup) {
        ScanColumns columns = ScanColumns.of(in, job);
        DeviceAggregates out = scratch.aggregates(stream, job.groupCount(), in.measures, columns.nulls())
                .cutting(job);
        QueryKernels.Outputs outputs = out.outputsCompactedInLaunch(false);
        FilterTerms filter = new FilterTerms();
        RtScanForm form = job.rtScanForm();
        for (String c : form.columns()) filter.add(in.codes(form.dictionary(c)), form.codeIntervals(c));
        long filterBytes = filter.bytes();
        long inputBytes = filterBytes + columns.bytes();
        boolean mapped = JobScratch.mapsFilter(inputBytes, filter.intervalCount());
        ByteBuffer staging = scratch.stageInput(stream, inputBytes, mapped);
        filter.write(staging);
        columns.write(staging, filterBytes);
        long address = scratch.inputAddress(mapped);
        QueryKernels.Prepared launch = gpu.kernels()
                .query()
                .prepareQuery(filter.at(address, null), columns.at(address + filterBytes), outputs);
        long bytes = BytesRead.scan(in.rows, filter.termCount(), filter.intervalCount(), false);
        return launched(scratch, stream, job, in, out, launch, mapped ? 0 : inputBytes, mapped, bytes, setup);
    }

    /**
     * Runs a prepared launch in the job's window: its staged input uploaded ({@code inputBytes}, 0 where it is in the
     * launch's parameters or the mailbox), the kernel, the compaction, the groups read back.
     */
    private static EngineResult launched(
            JobScratch scratch,
            CudaStream stream,
            OffloadJob job,
            ResidentInputs in,
            DeviceAggregates out,
            QueryKernels.Prepared launch,
            long inputBytes,
            boolean mapped,
            long bytes,
            long setup) {
        // GPU time as the bench's targets count it: from the job's first device work (the upload of its chunks or
        // filter, staged in pinned memory beforehand, or its launch where they are in its parameters or the mailbox)
        // until the groups are in host memory.
        long t0 = System.nanoTime();
        if (inputBytes > 0) scratch.upload(stream, inputBytes);
        long uploaded = System.nanoTime();
        scratch.clock.start(stream);
        launch.enqueue(stream);
        out.compact();
        scratch.clock.stop(stream);
        long queued = System.nanoTime();
        GroupAggregates result = out.read(job.aggregates());
        long t1 = System.nanoTime();
        long hits = result.totalRowsHit();
        long kernelMicros = scratch.clock.elapsedMicros();
        if (LOG.isLoggable(System.Logger.Level.TRACE))
            trace(job, setup, t0, uploaded, queued, out, t1, mapped ? "mailbox" : inputBytes > 0 ? "upload" : "launch");
        return new EngineResult(
                result,
                hits,
                0,
                0,
                (t1 - t0) / 1000,
                kernelMicros,
                bytes + BytesRead.hits(in, hits) + out.compactionBytes());
    }

    /**
     * Where engine_us (window start .. groups parsed) goes on the host, in µs: the chunk or filter upload (0
     * where the input is in the mailbox), queueing the launches and events, queueing the copies back, waiting
     * for the stream, spinning for the mailbox's done word (where the launch delivered), parsing the groups;
     * setup (inputs, scratch, chunks or filter staged in pinned memory or the mailbox, before the window) is
     * outside engine_us. input: launch (chunks in its parameters), mailbox or upload; output: mailbox (delivered) or
     * copy.
     */
    private static void trace(
            OffloadJob job,
            long setup,
            long t0,
            long uploaded,
            long queued,
            DeviceAggregates out,
            long t1,
            String input) {
        long copyBack = out.fetchedAt() - queued - out.waitNanos() - out.spinNanos();
        LOG.log(
                System.Logger.Level.TRACE,
                String.format(
                        java.util.Locale.ROOT,
                        "raydb.gpu.split cuda setup_us=%.1f"
                                + " upload_us=%.1f enqueue_us=%.1f copyback_us=%.1f wait_us=%.1f spin_us=%.1f parse_us=%.1f"
                                + " engine_us=%.1f reads=%d compaction=%s input=%s output=%s",
                        (t0 - setup) / 1e3,
                        (uploaded - t0) / 1e3,
                        (queued - uploaded) / 1e3,
                        copyBack / 1e3,
                        out.waitNanos() / 1e3,
                        out.spinNanos() / 1e3,
                        (t1 - out.fetchedAt()) / 1e3,
                        (t1 - t0) / 1e3,
                        out.reads(),
                        out.compactionKind(),
                        input,
                        out.delivered() ? "mailbox" : "copy"));
    }
}
