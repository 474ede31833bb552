package org.raydb.offload.gpu.engine;

import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.gpu.GpuException;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * What both GPU engines share: the process's GPU runtime, the resident inputs, the hand-over to the cpu
 * engine where the GPU could not be exact (a possible 64-bit overflow: the cpu engine then raises the same
 * fallback the reference would), and GPU failures turned into {@link EngineException} (a decline),
 * after which the offload falls back to DuckDB (or, under {@code offload=force}, reports it).
 */
abstract class GpuEngine implements Engine {

    /** DEBUG: one line per job (technique, rows, hits, GPU and engine µs); TRACE adds the cuda job's host steps. */
    static final System.Logger LOG = System.getLogger("org.raydb.offload.gpu");

    private final CpuEngine exact = new CpuEngine();

    /** Runs the job's GPU part on its lane; inputs are pinned. */
    abstract EngineResult runOnGpu(GpuRuntime gpu, JobLanes.Lane lane, OffloadJob job, ResidentInputs inputs)
            throws EngineException;

    abstract boolean needsOptix();

    /** Whether this job's inputs should be in its catalog entry's Z-sorted order (see ZSortedProjection). */
    abstract boolean zSorted(OffloadJob job);

    @Override
    public void configure(OffloadSettings settings) {
        SharedGpu.configure(settings);
    }

    @Override
    public String unavailableReason() {
        return SharedGpu.unavailableReason(needsOptix());
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        if (job.rows() == 0) return exact.run(job);
        GpuRuntime gpu;
        try {
            gpu = SharedGpu.runtime();
        } catch (RuntimeException e) {
            throw failed(e);
        }
        SharedGpu.purgeStale(gpu);
        JobLanes lanes = SharedGpu.lanes();
        gpu.shared().lock();
        JobLanes.Lane lane = lanes.take();
        try (ResidentInputs inputs = new ResidentInputs(gpu, lane.stream(), job, zSorted(job))) {
            if (inputs.hostOnlyReason() != null) return exact.run(job);
            long t0 = System.nanoTime();
            EngineResult r = runOnGpu(gpu, lane, job, inputs);
            if (LOG.isLoggable(System.Logger.Level.DEBUG)) trace(job, r, (System.nanoTime() - t0) / 1000);
            return r;
        } catch (GpuException | IllegalStateException | IllegalArgumentException e) {
            throw failed(e);
        } finally {
            lanes.give(lane);
            gpu.shared().unlock();
        }
    }

    private void trace(OffloadJob job, EngineResult r, long engineMicros) {
        LOG.log(
                System.Logger.Level.DEBUG,
                String.format(
                        java.util.Locale.ROOT,
                        "raydb.gpu %s %s rows=%d groups=%d"
                                + " present=%d hits=%d rays=%d gpu_us=%d+%d kernel_us=%d bytes_read=%d engine_us=%d resident_bytes=%d",
                        name(),
                        job.technique(),
                        job.rows(),
                        job.groupCount(),
                        r.aggregates().slots(),
                        r.rowsHit(),
                        r.raysCast(),
                        r.filterMicros(),
                        r.aggregateMicros(),
                        r.kernelMicros(),
                        r.bytesRead(),
                        engineMicros,
                        SharedGpu.runtime().residency().usedBytes()));
    }

    private EngineException failed(RuntimeException e) {
        return new EngineException(name() + " engine failed: " + e.getMessage(), e);
    }
}
