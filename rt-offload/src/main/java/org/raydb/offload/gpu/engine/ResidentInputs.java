package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.gpu.GpuRuntime;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.residency.GpuResident;
import org.raydb.offload.gpu.residency.GpuResidency;

/**
 * The device-resident inputs of one job, pinned for its duration: measures, group codes and the filter
 * code columns, each uploaded once per table snapshot (single flight, LRU, under the budget) and shared by
 * both engines and all later queries. Closing releases the pins.
 *
 * <p>With a {@link ZSortedProjection} (the cuda engine's RayDB jobs), measures and group codes are kept in
 * the projection's row order instead, keyed by its catalog entry as well.
 */
final class ResidentInputs implements AutoCloseable {

    private final GpuRuntime gpu;
    private final OffloadJob job;
    private final List<GpuResidency.Lease<?>> leases = new ArrayList<>();
    final JobMeasures measures;
    final MeasureBlock measureBlock;
    /** Dense group code per row; null when the query has one group. */
    final DeviceBuffer groups;

    /** The Z-sorted row order the inputs are in, or null for table order. */
    final ZSortedProjection projection;

    ResidentInputs(GpuRuntime gpu, OffloadJob job, boolean zSorted) {
        this.gpu = gpu;
        this.job = job;
        try {
            projection = zSorted ? pin(key("z-order", job.scene().key()), 0, () -> ZSortedProjection.of(job.scene()))
                    : null;
            Object order = zSorted ? job.scene().key() : "table order";
            IntUnaryOperator rowAt = zSorted ? projection::rowAt : i -> i;
            measures = JobMeasures.of(job);
            measureBlock = measures.count() == 0 ? null : pin(key("measures", List.of(measures.canonical(), order)),
                    8L * measures.count() * job.rows(),
                    () -> MeasureBlock.build(gpu.device(), measures.programs(), job.rows(), rowAt));
            groups = job.groupCount() == 1 ? null : pin(key("groups", List.of(new SnapshotKey.Identity(job.groupOfRow()),
                    order)), 4L * job.rows(), () -> upload(permuted(job.groupOfRow(), rowAt)));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Why the GPU cannot aggregate this job exactly (then the cpu engine runs it); null when it can. */
    String hostOnlyReason() {
        return measureBlock == null ? null : measureBlock.hostOnlyReason();
    }

    /** The RayDB scene's packed Z code per row. */
    DeviceBuffer zCodes() {
        return pin(key("z", job.scene().key()), 4L * job.rows(), () -> upload(job.scene().zCodes()));
    }

    /** The scene's Y (entry group) code per row. */
    DeviceBuffer yCodes() {
        return pin(key("y", job.scene().key()), 4L * job.rows(), () -> upload(job.scene().yCodes()));
    }

    /** RTScan: the column's uniform rank per row. */
    DeviceBuffer ranks(RankFilter f) {
        return pin(key("ranks", f.column()), 4L * job.rows(), () -> {
            int[] ranks = new int[job.rows()];
            java.util.Arrays.parallelSetAll(ranks, f.encoding()::rankOf);
            return upload(ranks);
        });
    }

    /** Any other resident value of this snapshot (the optix engine's GASes). */
    <V extends GpuResident> V pin(SnapshotKey key, long estimatedBytes, Supplier<V> build) {
        GpuResidency.Lease<V> lease = gpu.residency().acquire(key, estimatedBytes, build);
        leases.add(lease);
        return lease.get();
    }

    SnapshotKey key(String kind, Object part) {
        return new SnapshotKey(job.snapshot(), kind, part);
    }

    private static int[] permuted(int[] values, IntUnaryOperator rowAt) {
        int[] out = new int[values.length];
        java.util.Arrays.parallelSetAll(out, i -> values[rowAt.applyAsInt(i)]);
        return out;
    }

    private DeviceBuffer upload(int[] values) {
        return gpu.device().allocate(4L * values.length).copyFrom(values);
    }

    @Override
    public void close() {
        for (int i = leases.size() - 1; i >= 0; i--) leases.get(i).close();
        leases.clear();
    }
}
