package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.gpu.residency.GpuResident;
import org.raydb.offload.index.TriangleScene;

/**
 * The row order of one BVH-catalog entry sorted by its packed Z code (ARCHITECTURE.md, "Residency
 * layout"): the cuda engine keeps group codes and measures on the GPU in this order, so a query's Z
 * intervals are contiguous row ranges and its kernel reads only the rows that qualify. A counting sort
 * (codes are below 2^22), stable, so rows of one code keep their table order. Host-side only: {@code rowAt}
 * builds the sorted device copies, {@code start} turns Z intervals into row ranges in O(1) each. Cached in
 * the GPU residency beside those copies, with no device bytes of its own.
 */
final class ZSortedProjection implements GpuResident {

    /** Rows per kernel chunk: a block's share of a range, small enough to balance the blocks. */
    static final int CHUNK_ROWS = 4096;

    private final int[] rowAt;
    private final int[] start;

    private ZSortedProjection(int[] rowAt, int[] start) {
        this.rowAt = rowAt;
        this.start = start;
    }

    static ZSortedProjection of(TriangleScene scene) {
        int[] z = scene.zCodes();
        int max = 0;
        for (int c : z) max = Math.max(max, c);
        int[] start = new int[max + 2];
        for (int c : z) start[c + 1]++;
        for (int c = 0; c <= max; c++) start[c + 1] += start[c];
        int[] next = java.util.Arrays.copyOf(start, max + 1);
        int[] rowAt = new int[z.length];
        for (int row = 0; row < z.length; row++) rowAt[next[z[row]]++] = row;
        return new ZSortedProjection(rowAt, start);
    }

    /** The table row at sorted position {@code i}. */
    int rowAt(int i) {
        return rowAt[i];
    }

    /**
     * The sorted positions of closed Z intervals, cut into {start, count} chunks of at most
     * {@link #CHUNK_ROWS} rows, as the range kernel reads them.
     */
    int[] chunks(List<long[]> zIntervals) {
        List<int[]> out = new ArrayList<>();
        int maxCode = start.length - 2;
        for (long[] iv : zIntervals) {
            long lo = Math.max(0, iv[0]);
            long hi = Math.min(maxCode, iv[1]);
            if (lo > hi) continue;
            for (int from = start[(int) lo], to = start[(int) hi + 1]; from < to; from += CHUNK_ROWS) {
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
        return 0;
    }

    @Override
    public void close() {
        // Host arrays only: nothing to free on the device.
    }
}
