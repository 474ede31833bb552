package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.engine.partition.PartitionLayout;
import org.raydb.offload.engine.partition.PartitionedRun;
import org.raydb.offload.engine.partition.ReplicatedRun;
import org.raydb.offload.gpu.GpuException;
import org.raydb.offload.gpu.GpuOutOfMemoryException;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * What both GPU engines share: the process's GPUs, the resident inputs, the hand-over to the cpu engine where
 * the GPU could not be exact (a possible 64-bit overflow: the cpu engine then raises the same fallback the
 * reference would), and GPU failures turned into {@link EngineException} (a decline), after which the offload
 * falls back to DuckDB (or, under {@code offload=force}, reports it).
 *
 * <p>Over several GPUs ({@code device}) or partitions ({@code partitions}) a job runs as a {@link PartitionedRun}:
 * every GPU answers for its contiguous row partitions at once, each holding their inputs in its own residency,
 * and the host merges the groups. GPUs get rows in proportion to the smaller of their share of multiprocessors
 * and their share of the budgets. With {@code placement=replicated} every GPU keeps the whole table instead and a
 * job runs whole on one of them (a {@link ReplicatedRun}).
 */
abstract class GpuEngine implements Engine {

    /** DEBUG: one line per job (technique, rows, hits, GPU and engine µs); TRACE adds the cuda job's host steps. */
    static final System.Logger LOG = System.getLogger("org.raydb.offload.gpu");

    private final CpuEngine exact = new CpuEngine();
    /** The {@code device} setting's ordinals (empty: every visible GPU) and its partitions per device. */
    private final int[] devices;

    private final int perDevice;
    /** Whether each GPU keeps the whole table and a job runs on one of them ({@code placement=replicated}). */
    private final boolean replicated;

    GpuEngine(int[] devices, int perDevice, boolean replicated) {
        this.devices = devices.clone();
        this.perDevice = perDevice;
        this.replicated = replicated;
    }

    /** This engine over other devices, partitions and placement. */
    abstract GpuEngine over(int[] devices, int perDevice, boolean replicated);

    /** Runs the job's GPU part on its lane; inputs are pinned. */
    abstract EngineResult runOnGpu(GpuRuntime gpu, JobLanes.Lane lane, OffloadJob job, ResidentInputs inputs)
            throws EngineException;

    abstract boolean needsOptix();

    /** Whether this job's inputs should be in its catalog entry's Z-sorted order (see ZSortedProjection). */
    abstract boolean zSorted(OffloadJob job);

    @Override
    public Engine configured(OffloadSettings settings) {
        SharedGpu.configure(settings);
        return over(
                settings.devices(),
                settings.partitions(),
                settings.placement() == OffloadSettings.Placement.REPLICATED);
    }

    @Override
    public String unavailableReason() {
        return SharedGpu.unavailableReason(needsOptix());
    }

    @Override
    public String placement() {
        int[] ordinals = SharedGpu.ordinals(devices);
        StringBuilder out = new StringBuilder(ordinals.length == 1 ? "GPU " : "GPUs ");
        for (int i = 0; i < ordinals.length; i++) {
            out.append(i == 0 ? "" : ", ").append(ordinals[i]);
            String why = SharedGpu.device(ordinals[i]).outOfService();
            if (why != null) out.append(" (out of service: ").append(why).append(')');
        }
        if (ordinals.length > 1 && replicated) {
            return out.append(", each holding the whole table; a query runs on the least busy one holding its inputs")
                    .toString();
        }
        return ordinals.length == 1 && perDevice == 1
                ? out.toString()
                : out.append(" x ")
                        .append(perDevice)
                        .append(" row partitions, merged on the host")
                        .toString();
    }

    @Override
    public long residentDeviceBytes() {
        return ResidentBytes.total();
    }

    @Override
    public long deviceBudgetBytes() {
        return ResidentBytes.budget();
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        if (job.rows() == 0) return exact.run(job);
        List<Part> parts;
        try {
            SharedGpu.runtime(); // the calibrated GPU first: where it cannot open, no GPU engine runs
            parts = parts();
        } catch (RuntimeException e) {
            throw failed(e);
        }
        if (parts.size() == 1 && perDevice == 1) return runOn(parts.get(0).device, job, RowRange.all(job.rows()));
        if (replicated) return ReplicatedRun.run(job, parts);
        // A partition's groups are partial: which of them the statement keeps is known only once they are merged.
        return PartitionedRun.run(job.withCut(null), parts, perDevice);
    }

    /**
     * On one GPU and one partition: whether its residency holds the job's measures and the code columns the engine
     * reads them by ({@link ResidentInputs#lastingResident}), and what the engine builds on top of them
     * ({@link #builtInputsResident}); a GPU not open yet holds nothing. Replicated: whether a serving GPU holds
     * them (the run goes to one that does). Partitioned runs are not judged (true).
     */
    @Override
    public boolean inputsResident(OffloadJob job) {
        if (!judgesMeasures() || job.rows() == 0) return true;
        for (int ordinal : SharedGpu.ordinals(devices)) {
            GpuDevice d = SharedGpu.device(ordinal);
            if (d.outOfService() == null && holds(d, job)) return true;
        }
        return false;
    }

    /** On one GPU or replicated, and one partition each: partitioned runs are not judged. */
    @Override
    public boolean judgesMeasures() {
        return (SharedGpu.ordinals(devices).length == 1 || replicated) && perDevice == 1;
    }

    /** Whether {@code device} holds what a whole-table run of {@code job} reads. */
    private boolean holds(GpuDevice device, OffloadJob job) {
        GpuRuntime gpu = device.opened();
        return gpu != null
                && ResidentInputs.lastingResident(gpu, job, filtersByCodes(job))
                && builtInputsResident(gpu, job);
    }

    /**
     * Whether what this engine builds for a run on top of the columns' copies (copies in an index's order, ray
     * tracing geometry) is resident on {@code gpu} already.
     */
    abstract boolean builtInputsResident(GpuRuntime gpu, OffloadJob job);

    /** Whether this engine's run of {@code job} filters by the columns' dictionary codes (a full scan). */
    abstract boolean filtersByCodes(OffloadJob job);

    /** The setting's GPUs, opened, with their shares; a GPU that does not open is out of service. */
    private List<Part> parts() {
        List<GpuDevice> listed = new ArrayList<>();
        for (int ordinal : SharedGpu.ordinals(devices)) {
            GpuDevice d = SharedGpu.device(ordinal);
            if (d.outOfService() == null) {
                try {
                    SharedGpu.open(d);
                } catch (RuntimeException e) {
                    LOG.log(
                            System.Logger.Level.WARNING,
                            "raydb: GPU {0} is out of service: {1}",
                            ordinal,
                            e.getMessage());
                }
            }
            listed.add(d);
        }
        // A GPU that did not open gets an even share: it is out of service, and its partitions go to the others.
        List<GpuDevice> serving =
                listed.stream().filter(d -> d.opened() != null).toList();
        double[] shares = PartitionLayout.shares(
                serving.stream()
                        .mapToLong(d -> d.opened().device().properties().multiprocessors())
                        .toArray(),
                serving.stream()
                        .mapToLong(d -> d.opened().residency().budgetBytes())
                        .toArray());
        List<Part> parts = new ArrayList<>();
        for (GpuDevice d : listed) {
            int at = serving.indexOf(d);
            parts.add(new Part(d, at < 0 ? 1.0 / listed.size() : shares[at]));
        }
        return parts;
    }

    /** One GPU as a partitioned run's device. */
    private final class Part implements PartitionedRun.Device {
        final GpuDevice device;
        private final double share;

        Part(GpuDevice device, double share) {
            this.device = device;
            this.share = share;
        }

        @Override
        public String label() {
            return name() + ":" + device.ordinal;
        }

        @Override
        public double share() {
            return share;
        }

        @Override
        public EngineResult run(OffloadJob job, RowRange rows) throws EngineException {
            return runOn(device, job, rows);
        }

        @Override
        public boolean outOfService() {
            return device.outOfService() != null;
        }

        @Override
        public boolean holds(OffloadJob job) {
            return GpuEngine.this.holds(device, job);
        }

        @Override
        public int busy() {
            return device.busy();
        }

        /**
         * A CUDA or OptiX error is the GPU's: it takes no more partitions. Running out of memory, or a job the
         * engine could not run (an unexpected state), is about that job: its partition goes elsewhere this time.
         */
        @Override
        public void failed(EngineException e) {
            if (e.getCause() instanceof GpuException && !(e.getCause() instanceof GpuOutOfMemoryException)) {
                device.takeOutOfService(label() + " failed: " + e.getMessage());
            }
        }
    }

    private EngineResult runOn(GpuDevice device, OffloadJob job, RowRange rows) throws EngineException {
        long start = System.nanoTime();
        GpuRuntime gpu;
        try {
            gpu = SharedGpu.open(device);
        } catch (RuntimeException e) {
            throw failed(e);
        }
        SharedGpu.purgeStale(gpu);
        JobLanes lanes = device.lanes();
        device.started();
        gpu.shared().lock();
        JobLanes.Lane lane = lanes.take();
        try (ResidentInputs inputs = new ResidentInputs(gpu, lane.stream(), job, zSorted(job), rows)) {
            if (inputs.hostOnlyReason() != null) return exact.run(job, rows);
            long t0 = System.nanoTime();
            EngineResult r = runOnGpu(gpu, lane, job, inputs);
            if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
                trace(gpu, job, rows, r, (t0 - start) / 1000, (System.nanoTime() - t0) / 1000);
            }
            return r;
        } catch (GpuException | IllegalStateException | IllegalArgumentException e) {
            throw failed(e);
        } finally {
            lanes.give(lane);
            gpu.shared().unlock();
            device.ended();
        }
    }

    /** @param setupMicros until the engine ran: the device opened, stale data freed, locks, lane and inputs had */
    private void trace(
            GpuRuntime gpu, OffloadJob job, RowRange rows, EngineResult r, long setupMicros, long engineMicros) {
        LOG.log(
                System.Logger.Level.DEBUG,
                String.format(
                        java.util.Locale.ROOT,
                        "raydb.gpu %s:%d %s rows=%d of %d groups=%d"
                                + " present=%d hits=%d rays=%d gpu_us=%d+%d kernel_us=%d bytes_read=%d setup_us=%d engine_us=%d resident_bytes=%d",
                        name(),
                        gpu.device().properties().ordinal(),
                        job.technique(),
                        rows.length(),
                        job.rows(),
                        job.groupCount(),
                        r.aggregates().slots(),
                        r.rowsHit(),
                        r.raysCast(),
                        r.filterMicros(),
                        r.aggregateMicros(),
                        r.kernelMicros(),
                        r.bytesRead(),
                        setupMicros,
                        engineMicros,
                        gpu.residency().usedBytes()));
    }

    private EngineException failed(RuntimeException e) {
        return new EngineException(name() + " engine failed: " + e.getMessage(), e);
    }
}
