package org.raydb.offload.gpu.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.gpu.GpuRuntime;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.StagedUpload;
import org.raydb.offload.gpu.kernels.EncodeKernels;
import org.raydb.offload.gpu.residency.GpuResident;
import org.raydb.offload.index.TriangleScene;

/**
 * The row order of one BVH-catalog entry sorted by its packed Z code (ARCHITECTURE.md, "Residency
 * layout"): the cuda engine keeps group codes and measures on the GPU in this order, so a query's Z
 * intervals are contiguous row ranges and its kernel reads only the rows that qualify.
 *
 * <p>Sorted on the device by a counting sort ({@link EncodeKernels#countCodes}, {@link EncodeKernels#scatterByCode}):
 * the host packs the sort keys straight into pinned staging memory, the GPU counts them, the host turns the counts
 * into each key's start (which {@link #chunks} needs on the host anyway), and the GPU scatters the rows. At SF 20
 * that replaces a host sort of 0.4-0.9 s per entry and the upload of its permutation. The key is the Z code, and
 * within it the entry's group code where the key space allows ({@link #yCellsOfKey}): a query grouped like the
 * entry then reads each group's rows in runs, which the range kernel's warps aggregate with shuffles and one
 * atomic. Rows of one key come in no fixed order, so the permutation stays resident here and every copy gathered
 * through it is keyed by this projection's identity ({@link ResidentInputs}): copies of one order always line up
 * row by row.
 */
final class ZSortedProjection implements GpuResident {

    /** Rows per kernel chunk: a block's share of a range, small enough to balance the blocks. */
    static final int CHUNK_ROWS = 4096;
    /** Rows packed per call of the scene's Z code source: its buffer stays in the L1 cache. */
    private static final int PACK_BLOCK = 4096;
    /** The most (Z, Y) sort keys: their counts travel to the host and back (4 bytes each). */
    static final int MAX_KEYS = 1 << 24;

    /** Where each Z code's rows begin in the order, and last the row count. */
    private final int[] start;
    /** The table row at every sorted position, on the device: the permutation the copies are gathered with. */
    private final DeviceBuffer rowAt;

    private ZSortedProjection(int[] start, DeviceBuffer rowAt) {
        this.start = start;
        this.rowAt = rowAt;
    }

    /**
     * Sorts the scene's rows by Z code on the device; within a Z code by the entry's group code (its Y) where the
     * (Z, Y) key space stays small, so that the rows of one group come in runs a warp aggregates at once.
     */
    static ZSortedProjection build(GpuRuntime gpu, CudaStream stream, TriangleScene scene) {
        int rows = scene.rows();
        int codes = scene.codeCount();
        int yCells = yCellsOfKey(scene);
        int keys = codes * yCells;
        EncodeKernels encode = gpu.kernels().encode();
        try (DeviceBuffer key = gpu.device().allocate(4L * Math.max(1, rows));
                DeviceBuffer cursors = gpu.device().allocate(4L * (keys + 1))) {
            StagedUpload.upload(gpu.device(), key, 0, rows, Integer.BYTES,
                    keyWriter(scene.zCodeSource(), yCells == 1 ? null : scene.yCodes(), yCells));
            cursors.clear();
            encode.countCodes(stream, key, rows, cursors);
            stream.synchronize();
            int[] keyStart = starts(cursors.toIntArray(keys), rows);
            cursors.copyFrom(keyStart);
            DeviceBuffer rowAt = gpu.device().allocate(4L * Math.max(1, rows));
            try {
                encode.scatterByCode(stream, key, rows, cursors, rowAt);
                stream.synchronize();
                return new ZSortedProjection(zStarts(keyStart, codes, yCells), rowAt);
            } catch (RuntimeException e) {
                rowAt.close();
                throw e;
            }
        }
    }

    /** The Y codes a sort key carries: the entry's groups when (Z, Y) keys stay at most {@link #MAX_KEYS}, else 1. */
    static int yCellsOfKey(TriangleScene scene) {
        if (scene.rangeOnly() || scene.yCells() <= 1) {
            return 1;
        }
        return (long) scene.codeCount() * scene.yCells() <= MAX_KEYS ? scene.yCells() : 1;
    }

    /** Each Z code's first position, from the (Z, Y) keys' starts ({@code yCells} keys per Z code). */
    static int[] zStarts(int[] keyStart, int codes, int yCells) {
        if (yCells == 1) {
            return keyStart;
        }
        int[] start = new int[codes + 1];
        for (int c = 0; c <= codes; c++) {
            start[c] = keyStart[c * yCells];
        }
        return start;
    }

    /**
     * Writes the sort keys of rows {@code [from, to)} into pinned memory, a cache-sized block at a time: the Z
     * code, or {@code z * yCells + y} when {@code y} is given.
     */
    private static StagedUpload.ChunkWriter keyWriter(CodeOrder.Codes codes, int[] y, int yCells) {
        return (from, to, target) -> {
            int[] block = new int[PACK_BLOCK];
            for (long r = from; r < to; r += PACK_BLOCK) {
                int n = (int) Math.min(PACK_BLOCK, to - r);
                codes.fill((int) r, (int) r + n, block);
                if (y != null) {
                    for (int i = 0, row = (int) r; i < n; i++, row++) {
                        block[i] = block[i] * yCells + y[row];
                    }
                }
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
     * The sorted positions of closed Z intervals, cut into {start, count} chunks of at most
     * {@link #CHUNK_ROWS} rows, as the range kernel reads them.
     */
    int[] chunks(List<long[]> zIntervals) {
        return chunksOf(start, zIntervals);
    }

    static int[] chunksOf(int[] start, List<long[]> zIntervals) {
        List<int[]> out = new ArrayList<>();
        for (int[] range : TriangleScene.zRanges(c -> start[c], start.length - 2, zIntervals)) {
            for (int from = range[0], to = range[1]; from < to; from += CHUNK_ROWS) {
                out.add(new int[] {from, Math.min(CHUNK_ROWS, to - from)});
            }
        }
        int[] flat = new int[2 * out.size()];
        for (int i = 0; i < out.size(); i++) {
            flat[2 * i] = out.get(i)[0];
            flat[2 * i + 1] = out.get(i)[1];
        }
        return flat;
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
