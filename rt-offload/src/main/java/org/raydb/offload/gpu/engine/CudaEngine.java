package org.raydb.offload.gpu.engine;

import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.gpu.GpuRuntime;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.GpuTimer;
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
        QueryKernels.Inputs inputs = new QueryKernels.Inputs(in.groups, job.groupCount(),
                in.measureBlock == null ? null : in.measureBlock.values(), in.measures.count(),
                in.measureBlock == null ? null : in.measureBlock.valid(), job.rows());
        try (FilterTerms filter = new FilterTerms();
             DeviceAggregates out = new DeviceAggregates(gpu.device(), stream, job.groupCount(), in.measures)) {
            Runnable launch;
            DeviceBuffer chunkBuffer = null;
            try {
                if (in.projection != null) {
                    int[] chunks = in.projection.chunks(job.zIntervals());
                    DeviceBuffer c = gpu.device().allocate(4L * Math.max(2, chunks.length)).copyFrom(chunks);
                    chunkBuffer = c;
                    launch = () -> gpu.kernels().query().rangeAggregate(stream, c, chunks.length / 2, inputs,
                            out.outputs());
                } else {
                    for (RankFilter f : job.rankFilters()) filter.add(in.ranks(f), RankIntervals.closed(f));
                    QueryKernels.Filter f = filter.upload(gpu.device(), null);
                    launch = () -> gpu.kernels().query().queryAggregate(stream, f, inputs, out.outputs());
                }
                stream.synchronize();
                // GPU time as issue 6 counts it: from the launch until the groups are in host memory.
                long t0 = System.nanoTime();
                GpuTimer kernel = TRACE ? stream.startTimer() : null;
                launch.run();
                if (kernel != null) lastDeviceMicros = Math.round(kernel.stopMillis() * 1000);
                stream.synchronize();
                GroupAggregates result = out.read(job.aggregates(), in.measures);
                long t1 = System.nanoTime();
                return new EngineResult(result, RowsHit.of(result), 0, 0, (t1 - t0) / 1000);
            } finally {
                if (chunkBuffer != null) chunkBuffer.close();
            }
        }
    }
}
