package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.gpu.residency.GpuResident;
import org.raydb.offload.index.TriangleScene;

/**
 * The row order of one BVH-catalog entry sorted by its packed Z code (ARCHITECTURE.md, "Residency
 * layout"): the cuda engine keeps group codes and measures on the GPU in this order, so a query's Z
 * intervals are contiguous row ranges and its kernel reads only the rows that qualify. The order is the
 * scene's own Z {@link CodeOrder} (a stable counting sort, built once per scene). Host-side only: {@code sortedRows}
 * is the permutation the device gathers the sorted copies with, {@code chunks} turns Z intervals into row ranges
 * in O(1) each. Cached in the GPU residency beside those copies, with no device bytes of its own.
 */
final class ZSortedProjection implements GpuResident {

    /** Rows per kernel chunk: a block's share of a range, small enough to balance the blocks. */
    static final int CHUNK_ROWS = 4096;

    private final CodeOrder order;

    private ZSortedProjection(CodeOrder order) {
        this.order = order;
    }

    static ZSortedProjection of(TriangleScene scene) {
        return new ZSortedProjection(scene.zOrder());
    }

    /** The table row at every sorted position: the permutation that gathers a table-ordered column into it. */
    int[] sortedRows() {
        return order.rowAtArray();
    }

    /**
     * The sorted positions of closed Z intervals, cut into {start, count} chunks of at most
     * {@link #CHUNK_ROWS} rows, as the range kernel reads them.
     */
    int[] chunks(List<long[]> zIntervals) {
        List<int[]> out = new ArrayList<>();
        for (int[] range : TriangleScene.zRanges(order, zIntervals)) {
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
        return 0;
    }

    @Override
    public void close() {
        // Host arrays only: nothing to free on the device.
    }
}
