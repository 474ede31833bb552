package org.raydb.offload.gpu.engine;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.PinnedBuffer;
import org.raydb.offload.gpu.cuda.StreamClock;
import org.raydb.offload.gpu.kernels.CompactKernels;
import org.raydb.offload.gpu.kernels.QueryKernels;
import org.raydb.offload.gpu.kernels.ResultMailbox;
import org.raydb.offload.gpu.optix.RayJobParams;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * Device and pinned host memory that every GPU job of one runtime reuses, so that a job allocates nothing:
 * the per-group accumulators (kept at their identities between jobs: the compaction resets what a job
 * touched), the compaction's output, tile counters and the query kernel's finished-blocks counter, an
 * upload area for a job's chunks, filter or ray segments, pinned staging both ways, the events that time
 * the launches, and a {@link ResultMailbox} (mapped host memory) through which small inputs and results of the
 * fused kernel skip the copy calls. Buffers grow to the largest job seen and live as long as the runtime (its
 * context frees them). One per {@link JobLanes lane}: a lane runs one job at a time, so nothing here is shared
 * between two jobs in flight.
 */
final class JobScratch {

    /**
     * Filters up to this size stay in the mailbox, whose input area holds one (chunk lists never do): every
     * block copies the whole filter over the bus.
     */
    private static final long MAPPED_FILTER_BYTES = 1024;
    /**
     * Results up to this size are delivered to the mailbox: one block writes them over the bus, which for
     * much larger ones may take longer than a copy call and a wait.
     */
    private static final long MAILBOX_OUTPUT_MAX_BYTES = 1024 * 1024;

    private static final long MAILBOX_OUTPUT_MIN_BYTES = 64 * 1024;

    private final GpuRuntime gpu;
    final StreamClock clock;
    private DeviceBuffer counts;
    private DeviceBuffer valid;
    private DeviceBuffer sums;
    private DeviceBuffer mins;
    private DeviceBuffer maxs;
    private DeviceBuffer compacted;
    private DeviceBuffer tileCounts;
    /** At 0 between launches: a launch that compacts in its last block counts its blocks here (query.cu). */
    private DeviceBuffer blocksDone;
    /** Its counter at 0 between launches: a lean range launch notes its present groups here (query.cu). */
    private DeviceBuffer presentList;
    /** A cut's state and histogram (CompactKernels.cut), zero between cuts but for its state words. */
    private DeviceBuffer cutState;

    private DeviceBuffer upload;
    private PinnedBuffer stagingIn;
    private PinnedBuffer stagingOut;
    private final DeviceBuffer[] rowBuffers = new DeviceBuffer[2];
    private DeviceBuffer rayParams;
    private ResultMailbox mailbox;
    /** Host memory of a launch's inline chunk list (QueryKernels.ChunkList), reused by every job. */
    private final MemorySegment inlineChunks = QueryKernels.ChunkList.inlineBuffer();
    /** A job began and did not read its groups back: its touched slots may not be identities. */
    private boolean dirty;

    JobScratch(GpuRuntime gpu) {
        this.gpu = gpu;
        clock = new StreamClock(gpu.device());
    }

    GpuRuntime gpu() {
        return gpu;
    }

    /**
     * The job's accumulators, at their identities: counts for {@code groups}, and per measure sums, plus
     * non-NULL counters where {@code keepValid}, and mins/maxs where the job needs them.
     */
    DeviceAggregates aggregates(CudaStream stream, int groups, JobMeasures m, boolean keepValid) {
        long slots = (long) m.count() * groups;
        counts = grown(counts, groups, 0, stream);
        sums = grown(sums, slots, 0, stream);
        if (keepValid) valid = grown(valid, slots, 0, stream);
        if (m.needMins()) mins = grown(mins, slots, Long.MAX_VALUE, stream);
        if (m.needMaxs()) maxs = grown(maxs, slots, Long.MIN_VALUE, stream);
        if (dirty) {
            stream.synchronize(); // a failed job's launch may still read the mailbox input the next job rewrites
            reset(stream, counts, 0);
            reset(stream, valid, 0);
            reset(stream, sums, 0);
            reset(stream, mins, Long.MAX_VALUE);
            reset(stream, maxs, Long.MIN_VALUE);
            reset(stream, blocksDone, 0);
            reset(stream, presentList, 0);
            reset(stream, cutState, 0);
        }
        dirty = true;
        int words = CompactKernels.entryWords(m.count(), m.needMins(), m.needMaxs());
        compacted = grown(compacted, CompactKernels.HEADER_WORDS + (long) groups * words, 0, stream);
        tileCounts = grown(tileCounts, CompactKernels.tiles(groups), 0, stream);
        blocksDone = grown(blocksDone, 1, 0, stream);
        return new DeviceAggregates(
                this,
                stream,
                groups,
                m,
                counts,
                keepValid ? valid : null,
                sums,
                m.needMins() ? mins : null,
                m.needMaxs() ? maxs : null,
                compacted,
                tileCounts,
                blocksDone);
    }

    /** A present-group list with room for {@code capacity} codes, its counter at 0 (QueryKernels.PresentList). */
    DeviceBuffer presentList(CudaStream stream, int capacity) {
        presentList = grown(presentList, (QueryKernels.PresentList.bytes(capacity) + 7) / 8, 0, stream);
        return presentList;
    }

    /** The state of a cut of the groups (CompactKernels.cut). */
    DeviceBuffer cutState(CudaStream stream) {
        cutState = grown(cutState, CompactKernels.CUT_WORDS, 0, stream);
        return cutState;
    }

    /** The job's groups are read back and every slot it touched is an identity again. */
    void clean() {
        dirty = false;
    }

    /**
     * Pinned staging of at least {@code bytes} for a job's upload: fill it, then {@link #upload}. Both ends
     * grow here, so that the upload itself allocates nothing.
     */
    ByteBuffer stageUpload(long bytes) {
        if (stagingIn == null || stagingIn.bytes() < bytes) {
            if (stagingIn != null) stagingIn.close();
            stagingIn = gpu.device().allocatePinned(Math.max(bytes, 4096));
        }
        if (upload == null || upload.bytes() < bytes) {
            if (upload != null) upload.close();
            upload = gpu.device().allocate(Math.max(bytes, 4096));
        }
        return stagingIn.view();
    }

    /** Host memory for a job's inline chunk list: the launch copies it, so the next job may overwrite it. */
    MemorySegment inlineChunks() {
        return inlineChunks;
    }

    /**
     * Whether a filter of {@code bytes} with {@code intervals} stays in the mailbox's input area: small, and
     * copied to shared memory by each block (never read per row over the bus).
     */
    static boolean mapsFilter(long bytes, int intervals) {
        return bytes <= MAPPED_FILTER_BYTES && QueryKernels.stagesIntervals(intervals);
    }

    /**
     * Where a job's kernel input of {@code bytes} is written before its window: the mailbox's input area when
     * {@code mapped} ({@link #mapsFilter}: the kernel reads it in host memory, no upload
     * call), else pinned staging for {@link #upload}.
     */
    ByteBuffer stageInput(CudaStream stream, long bytes, boolean mapped) {
        return mapped ? mailbox(stream, 0).input() : stageUpload(bytes);
    }

    /**
     * The device address of an input written by {@link #stageInput}: the mailbox's, or the upload area's (the
     * input is there once {@link #upload} is queued).
     */
    long inputAddress(boolean mapped) {
        return mapped ? mailbox.inputAddress() : upload.address();
    }

    /**
     * The mailbox, with an output area of at least {@code outputBytes}; null when a result that large is
     * better copied back. Call before the job writes its input there (growing loses the input).
     */
    ResultMailbox mailbox(CudaStream stream, long outputBytes) {
        if (outputBytes > MAILBOX_OUTPUT_MAX_BYTES) return null;
        if (mailbox == null || mailbox.outputBytes() < outputBytes) {
            if (mailbox != null) {
                stream.synchronize(); // the last job's launch may still be finishing
                mailbox.close();
            }
            mailbox = new ResultMailbox(
                    gpu.device(), MAPPED_FILTER_BYTES, Math.max(outputBytes, MAILBOX_OUTPUT_MIN_BYTES));
        }
        return mailbox;
    }

    /** Stages {@code values} (see {@link #stageUpload}); returns their bytes, for {@link #upload}. */
    long stage(int[] values) {
        stageUpload(4L * values.length).asIntBuffer().put(0, values);
        return 4L * values.length;
    }

    /** Queues the staged {@code bytes} to the device upload area, which it returns (the data at its start). */
    DeviceBuffer upload(CudaStream stream, long bytes) {
        stagingIn.copyToAsync(upload, bytes, stream);
        return upload;
    }

    /** Stages and queues {@code values} to the upload area. */
    DeviceBuffer upload(CudaStream stream, int[] values) {
        return upload(stream, stage(values));
    }

    /**
     * Row-sized device buffer {@code index} (0 or 1: the ray jobs' row flags and bitmaps) of at least
     * {@code bytes}, contents undefined.
     */
    DeviceBuffer rowBuffer(int index, long bytes) {
        DeviceBuffer b = rowBuffers[index];
        if (b == null || b.bytes() < bytes) {
            if (b != null) b.close();
            b = gpu.device().allocate(bytes);
            rowBuffers[index] = b;
        }
        return b;
    }

    /** The device copy of a ray launch's parameters. */
    DeviceBuffer rayParams() {
        if (rayParams == null) rayParams = gpu.device().allocate(RayJobParams.BYTES);
        return rayParams;
    }

    /** Pinned staging of at least {@code bytes} for reading results back (contents are not kept on growth). */
    PinnedBuffer download(long bytes) {
        if (stagingOut == null || stagingOut.bytes() < bytes) {
            if (stagingOut != null) stagingOut.close();
            stagingOut = gpu.device().allocatePinned(Math.max(bytes, 64 * 1024));
        }
        return stagingOut;
    }

    /** {@code buffer}, or a larger one at {@code identity} in every word when it holds fewer than {@code words}. */
    private DeviceBuffer grown(DeviceBuffer buffer, long words, long identity, CudaStream stream) {
        if (buffer != null && buffer.bytes() >= 8L * words) return buffer;
        if (buffer != null) buffer.close();
        DeviceBuffer bigger = gpu.device().allocate(8L * Math.max(1, words));
        reset(stream, bigger, identity);
        return bigger;
    }

    private void reset(CudaStream stream, DeviceBuffer buffer, long identity) {
        if (buffer != null) gpu.kernels().compact().fill(stream, buffer, buffer.bytes() / 8, identity);
    }
}
