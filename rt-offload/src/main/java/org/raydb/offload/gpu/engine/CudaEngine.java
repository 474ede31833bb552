package org.raydb.offload.gpu.engine;

import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.gpu.GpuRuntime;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.QueryKernels;

/**
 * The {@code cuda} engine: one fused kernel per query over the resident encoded columns (query.cu). A RayDB
 * job reads its BVH-catalog entry's Z-sorted projection: its Z intervals are contiguous row ranges, so the
 * kernel reads only qualifying rows (group code and measures) and no filter column at all. An RTScan job
 * (codes too wide to pack) scans each filtered column's uniform ranks against the rank intervals. Rows,
 * groups and 64-bit aggregates are exactly the cpu engine's: both select by the same integer codes and
 * intervals that the ray jobs' geometry encodes.
 */
public final class CudaEngine extends GpuEngine {

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

    @Override
    EngineResult runOnGpu(GpuRuntime gpu, CudaStream stream, OffloadJob job, ResidentInputs in) {
        DeviceBuffer validity = in.measureBlock == null ? null : in.measureBlock.valid();
        QueryKernels.Inputs inputs = new QueryKernels.Inputs(in.groups, job.groupCount(),
                in.measureBlock == null ? null : in.measureBlock.values(), in.measures.count(), validity, job.rows());
        JobScratch scratch = JobScratch.of(gpu);
        DeviceAggregates out = scratch.aggregates(stream, job.groupCount(), in.measures, validity != null);
        int[] chunks = in.projection == null ? null : in.projection.chunks(job.zIntervals());
        FilterTerms filter = new FilterTerms();
        if (chunks == null) {
            for (RankFilter f : job.rankFilters()) filter.add(in.ranks(f), RankIntervals.closed(f));
        }
        // GPU time as issue 6 counts it: from the job's first device work (its upload of chunks or filter,
        // queued with the launches) until the groups are in host memory.
        long t0 = System.nanoTime();
        long bytes;
        if (chunks != null) {
            long address = scratch.upload(stream, chunks).address();
            scratch.clock.start(stream);
            gpu.kernels().query().rangeAggregate(stream, address, chunks.length / 2, inputs, out.outputs());
            bytes = 4L * chunks.length;
        } else {
            QueryKernels.Filter f = filter.upload(scratch, stream, null);
            scratch.clock.start(stream);
            gpu.kernels().query().queryAggregate(stream, f, inputs, out.outputs());
            bytes = BytesRead.scan(job.rows(), filter.termCount(), filter.intervalCount(), false);
        }
        out.compact();
        scratch.clock.stop(stream);
        GroupAggregates result = out.read(job.aggregates());
        long t1 = System.nanoTime();
        long hits = result.totalRowsHit();
        return new EngineResult(result, hits, 0, 0, (t1 - t0) / 1000, scratch.clock.elapsedMicros(),
                bytes + BytesRead.hits(in, hits) + out.compactionBytes());
    }
}
