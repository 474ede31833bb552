package org.raydb.offload.gpu.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.StagedUpload;
import org.raydb.offload.gpu.kernels.EncodeKernels;
import org.raydb.offload.gpu.kernels.QueryKernels;
import org.raydb.offload.gpu.residency.GpuResident;
import org.raydb.offload.gpu.runtime.GpuRuntime;
import org.raydb.offload.index.TriangleScene;

/**
 * The row order of one BVH-catalog entry sorted by its packed Z code
 * (docs/architecture.md, "Residency"): the cuda engine keeps group codes and measures on the GPU in this order, so a query's Z
 * intervals are contiguous row ranges and its kernel reads only the rows that qualify.
 *
 * <p>Sorted on the device by a counting sort ({@link EncodeKernels#countCodes}, {@link EncodeKernels#scatterByCode}):
 * the host packs the Z codes straight into pinned staging memory, the GPU counts them, the host turns the counts
 * into each code's start (which {@link #chunks} needs on the host anyway), and the GPU scatters the rows. At SF 20
 * that replaces a host sort of 0.4-0.9 s per entry and the upload of its permutation. Rows of one Z code come in
 * no fixed order, so the permutation stays resident here and every copy gathered through it is keyed by this
 * projection's identity ({@link ResidentInputs}): copies of one order always line up row by row.
 */
final class ZSortedProjection implements GpuResident {

    /** Rows packed per call of the scene's Z code source: its buffer stays in the L1 cache. */
    private static final int PACK_BLOCK = 4096;

    /** Where each Z code's rows begin in the order, and last the row count. */
    private final int[] start;
    /** The table row at every sorted position, on the device: the permutation the copies are gathered with. */
    private final DeviceBuffer rowAt;

    private ZSortedProjection(int[] start, DeviceBuffer rowAt) {
        this.start = start;
        this.rowAt = rowAt;
    }

    /** Sorts the scene's rows of {@code range} by Z code on the device (positions count from the range's start). */
    static ZSortedProjection build(GpuRuntime gpu, CudaStream stream, TriangleScene scene, RowRange range) {
        int rows = range.length();
        int codes = scene.codeCount();
        EncodeKernels encode = gpu.kernels().encode();
        try (DeviceBuffer z = gpu.device().allocate(4L * Math.max(1, rows));
                DeviceBuffer cursors = gpu.device().allocate(4L * (codes + 1))) {
            StagedUpload.upload(gpu.device(), z, 0, rows, Integer.BYTES, zWriter(scene.zCodeSource(), range.from()));
            cursors.clear();
            encode.countCodes(stream, z, rows, cursors);
            stream.synchronize();
            int[] start = starts(cursors.toIntArray(codes), rows);
            cursors.copyFrom(start);
            DeviceBuffer rowAt = gpu.device().allocate(4L * Math.max(1, rows));
            try {
                encode.scatterByCode(stream, z, rows, cursors, rowAt);
                stream.synchronize();
                return new ZSortedProjection(start, rowAt);
            } catch (RuntimeException e) {
                rowAt.close();
                throw e;
            }
        }
    }

    /**
     * Writes the Z codes of the range's rows {@code [from, to)} (table rows from {@code first} on) into pinned
     * memory, a cache-sized block at a time.
     */
    private static StagedUpload.ChunkWriter zWriter(CodeOrder.Codes codes, int first) {
        return (from, to, target) -> {
            int[] block = new int[PACK_BLOCK];
            for (long r = from; r < to; r += PACK_BLOCK) {
                int n = (int) Math.min(PACK_BLOCK, to - r);
                codes.fill(first + (int) r, first + (int) r + n, block);
                MemorySegment.copy(block, 0, target, ValueLayout.JAVA_INT, 4L * (r - from), n);
            }
        };
    }

    /** Each code's first position (exclusive prefix sums of the counts), then the row count. */
    static int[] starts(int[] counts, int rows) {
        int[] start = new int[counts.length + 1];
        long at = 0;
        for (int c = 0; c < counts.length; c++) {
            start[c] = (int) at;
            at += Integer.toUnsignedLong(counts[c]);
        }
        if (at != rows) {
            throw new IllegalStateException("the Z counts add up to " + at + " rows, not " + rows);
        }
        start[counts.length] = rows;
        return start;
    }

    /** The table row at every sorted position: the permutation that gathers a table-ordered column into it. */
    DeviceBuffer rowAt() {
        return rowAt;
    }

    /**
     * The sorted positions of closed Z intervals as the range kernels read them
     * ({@link QueryKernels.ChunkList}): {first row, end} pairs, {@code end} counting the rows up to and including
     * the range, with empty ranges dropped and adjacent ones merged. Ranges are not cut into chunks: the launch
     * splits the list's rows evenly between its blocks, and a short list travels in the launch's parameters (an
     * uploaded one cost the H100 host 12-16 us of host time for the copy call before each launch).
     */
    int[] chunks(List<long[]> zIntervals) {
        return chunksOf(start, zIntervals);
    }

    static int[] chunksOf(int[] start, List<long[]> zIntervals) {
        List<int[]> ranges = TriangleScene.zRanges(c -> start[c], start.length - 2, zIntervals);
        int[] startCount = new int[2 * ranges.size()]; // {start, count}, the kernels' pairs by ChunkList.of
        int n = 0;
        for (int[] range : ranges) {
            if (range[1] <= range[0]) continue;
            if (n > 0 && startCount[2 * n - 2] + startCount[2 * n - 1] == range[0]) {
                startCount[2 * n - 1] += range[1] - range[0];
            } else {
                startCount[2 * n] = range[0];
                startCount[2 * n + 1] = range[1] - range[0];
                n++;
            }
        }
        return QueryKernels.ChunkList.of(Arrays.copyOf(startCount, 2 * n));
    }

    @Override
    public long deviceBytes() {
        return rowAt.bytes();
    }

    @Override
    public void close() {
        rowAt.close();
    }
}
