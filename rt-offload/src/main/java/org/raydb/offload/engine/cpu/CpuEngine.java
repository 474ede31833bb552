package org.raydb.offload.engine.cpu;

import java.util.BitSet;
import java.util.stream.IntStream;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.index.TriangleScene;

/**
 * The exact reference engine: the GPU engines' geometry and semantics, on the CPU. It finds the qualifying
 * rows with the same primitives and rays (triangles and a Z ray grid for RayDB, cubes and sieving for
 * RTScan) tested in float32 (a range-only RayDB job, whose codes float32 cannot hold, by its Z ranges, as the
 * cuda engine reads it), then aggregates them exactly in 64-bit integers, in parallel chunks merged in
 * a fixed order.
 */
public final class CpuEngine implements Engine {

    private static final int HITS_PER_PART = 1 << 16;

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    /**
     * Over several devices or partitions ({@code device}, {@code partitions}): simulated devices, one thread each,
     * partitioned or replicated as {@code placement} says.
     */
    @Override
    public Engine configured(OffloadSettings settings) {
        int devices = Math.max(1, settings.devices().length);
        return devices == 1 && settings.partitions() == 1
                ? this
                : new SimulatedDevices(
                        this,
                        devices,
                        settings.partitions(),
                        settings.placement() == OffloadSettings.Placement.REPLICATED);
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        return run(job, RowRange.all(job.rows()));
    }

    /**
     * The job's groups over the rows of {@code range} only (a partition): the filters are found over the whole
     * table as always, and only the range's hits are aggregated.
     */
    public EngineResult run(OffloadJob job, RowRange range) throws EngineException {
        long t0 = System.nanoTime();
        long[] rays = {0};
        BitSet hits;
        if (job.rangeOnly()) {
            hits = zRangeRows(job);
        } else if (job.technique() == Technique.RAYDB_TRIANGLES) {
            HitFlags flags = new HitFlags(job.rows());
            rays[0] = TriangleRayJob.run(job.scene(), job.zIntervals(), flags);
            hits = flags.toBitSet();
        } else {
            hits = null;
            for (RankFilter f : job.rankFilters()) {
                BitSet rows = CubeRefine.rows(f, rays);
                if (hits == null) {
                    hits = rows;
                } else {
                    hits.and(rows);
                }
            }
            if (hits == null) {
                hits = new BitSet(job.rows());
                hits.set(0, job.rows());
            }
        }
        long t1 = System.nanoTime();
        GroupAggregates result = aggregate(job, hits, range);
        long t2 = System.nanoTime();
        return new EngineResult(result, result.totalRowsHit(), rays[0], (t1 - t0) / 1000, (t2 - t1) / 1000);
    }

    /**
     * A range-only RayDB job's rows, read as the cuda engine reads them: its Z intervals are row ranges of
     * the scene's Z order (exact integer codes; no float32 geometry exists for them).
     */
    private static BitSet zRangeRows(OffloadJob job) {
        BitSet rows = new BitSet(job.rows());
        CodeOrder order = job.scene().zOrder();
        int[] rowAt = order.rowAtArray();
        for (int[] range : TriangleScene.zRanges(order, job.zIntervals())) {
            for (int i = range[0]; i < range[1]; i++) {
                rows.set(rowAt[i]);
            }
        }
        return rows;
    }

    /**
     * Aggregates the hit rows of {@code rows}: in parallel row ranges with one partial state each when there are
     * many hits (merged in range order), in one pass otherwise, since a partial state costs O(groups) to merge.
     */
    private static GroupAggregates aggregate(OffloadJob job, BitSet hits, RowRange rows) throws EngineException {
        hits.clear(0, rows.from());
        hits.clear(rows.to(), job.rows());
        long count = hits.cardinality();
        int parts = (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), count / HITS_PER_PART));
        int span = (job.rows() + parts - 1) / Math.max(1, parts);
        GroupAggregates[] partial = new GroupAggregates[parts];
        int[] groupOfRow = job.groupOfRow();
        try {
            IntStream.range(0, parts).parallel().forEach(p -> {
                GroupAggregates part = new GroupAggregates(job.aggregates(), job.groupCount());
                int end = (int) Math.min(job.rows(), (long) (p + 1) * span);
                for (int row = hits.nextSetBit(p * span); row >= 0 && row < end; row = hits.nextSetBit(row + 1)) {
                    part.add(groupOfRow[row], row, job.measures());
                }
                partial[p] = part;
            });
            GroupAggregates total = partial[0];
            for (int p = 1; p < parts; p++) {
                total.merge(partial[p]);
            }
            // The sparse form the GPU engines return, so that every result is read the same way.
            return total.compacted();
        } catch (ArithmeticException e) {
            // The JIT may throw the exception without its message ("long overflow").
            throw new EngineException("a measure or sum leaves the exact 64-bit range", e);
        }
    }
}
