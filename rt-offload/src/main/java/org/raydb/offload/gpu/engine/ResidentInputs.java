package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.raydb.offload.build.BuildPhases;
import org.raydb.offload.build.BuildPhases.Phase;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.residency.GpuResidency;
import org.raydb.offload.gpu.residency.GpuResident;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The device-resident inputs of one job, pinned for its duration: measures, group codes and the filter
 * code columns, each uploaded once per table snapshot (single flight, LRU, under the budget) and shared by
 * both engines and all later queries. Closing releases the pins.
 *
 * <p>With a {@link ZSortedProjection} (the cuda engine's RayDB jobs), measures and group codes are kept in
 * the projection's row order instead, keyed by the projection itself (its rows of one Z code come in no fixed
 * order, so only copies gathered through the same permutation line up). Those copies are gathered on the
 * device from the table-ordered ones (evaluated and uploaded once, shared by every catalog entry) through the
 * projection's resident permutation.
 *
 * <p>A partition's inputs ({@link RowRange}: one part of a partitioned run) are its rows' slices of all of
 * these, in their own projection, keyed by the range as well: row {@code i} of every buffer here is table row
 * {@code range.from() + i}.
 */
final class ResidentInputs implements AutoCloseable {

    private final GpuRuntime gpu;
    private final CudaStream stream;
    private final OffloadJob job;
    /** The table rows these inputs hold, and how many. */
    final RowRange range;

    final int rows;
    private final List<GpuResidency.Lease<?>> leases = new ArrayList<>();
    final JobMeasures measures;
    /** Each measure's own block in table order, as a full scan reads them in place; null in a projection's order. */
    private final List<MeasureBlock> measureColumns;

    private MeasureBlock measureBlock;
    private DeviceBuffer groups;
    private boolean blockMade;
    private boolean groupsMade;

    /** The Z-sorted row order the inputs are in, or null for table order. */
    final ZSortedProjection projection;

    /**
     * In table order only the measures' own columns are pinned here: a full scan reads them, and the group keys'
     * codes, where they lie ({@link #measureColumns}, {@link #keyCodes}); the one block of the query's measures and
     * its folded group codes that a ray job reads are made on first use ({@link #measureBlock}, {@link #groups}).
     *
     * @param stream the job's lane's: projections and gathers it builds run there
     */
    ResidentInputs(GpuRuntime gpu, CudaStream stream, OffloadJob job, boolean zSorted, RowRange range) {
        this.gpu = gpu;
        this.stream = stream;
        this.job = job;
        this.range = range;
        this.rows = range.length();
        try {
            measures = JobMeasures.of(job);
            if (zSorted) {
                measureColumns = null;
                projection = pin(
                        projectionKey(job, range),
                        4L * rows,
                        Phase.SCENES,
                        () -> ZSortedProjection.build(gpu, stream, job.scene(), range));
                Object order = new SnapshotKey.Identity(projection);
                measureBlock = measures.count() == 0
                        ? null
                        : pin(
                                measuresKey(order),
                                measureBytes(),
                                Phase.PROJECTIONS,
                                () -> tableOrderMeasures()
                                        .gathered(
                                                gpu.device(),
                                                stream,
                                                gpu.kernels().gather(),
                                                projection.rowAt()));
                groups = job.groupCount() == 1
                        ? null
                        : pin(groupsKey(order), 4L * rows, Phase.PROJECTIONS, () -> gatheredInts(tableOrderGroups()));
                blockMade = true;
                groupsMade = true;
            } else {
                projection = null;
                List<MeasureBlock> columns = new ArrayList<>();
                for (int i = 0; i < measures.count(); i++) columns.add(measure(i));
                measureColumns = List.copyOf(columns);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The measures as one block (M x rows, {@link MeasureBlock}); null without measures. */
    MeasureBlock measureBlock() {
        if (!blockMade) {
            measureBlock = measures.count() == 0 ? null : tableOrderMeasures();
            blockMade = true;
        }
        return measureBlock;
    }

    /** Dense group code per row; null when the query has one group. */
    DeviceBuffer groups() {
        if (!groupsMade) {
            groups = job.groupCount() == 1 ? null : tableOrderGroups();
            groupsMade = true;
        }
        return groups;
    }

    /** Table order: each measure's own block of one column, in the job's measure order. */
    List<MeasureBlock> measureColumns() {
        if (measureColumns == null) throw new IllegalStateException("a projection's measures are one block");
        return measureColumns;
    }

    /** Whether any measure has NULLs (then the engines keep non-NULL counters). */
    boolean measuresHaveNulls() {
        if (measureColumns == null) return measureBlock != null && measureBlock.valid() != null;
        for (MeasureBlock m : measureColumns) {
            if (m.valid() != null) return true;
        }
        return false;
    }

    /** Bytes of group codes read per row: the group code made for the run, else a scan's key codes it folds. */
    int groupBytesPerRow() {
        if (groupsMade) return groups == null ? 0 : 4;
        return 4 * foldedKeys().size();
    }

    /**
     * Table order: the group keys a scan folds into each row's group, their codes resident once per column; empty
     * where the query has one group or its group codes are not packed (then {@link #groups}).
     */
    List<SortedDictionary> foldedKeys() {
        GroupCodes g = job.groups();
        return job.groupCount() == 1 || !g.isPacked() ? List.of() : g.packedKeys();
    }

    /**
     * Whether {@code gpu}'s residency holds what a run of {@code job} over the whole table would otherwise make on
     * the host: each measure in table order (evaluated per row on the host), the codes of packed group keys and,
     * where the engine {@code filtersByCodes}, of the filtered columns (uploaded). The rest is built on the device
     * from those, or is small.
     */
    static boolean lastingResident(GpuRuntime gpu, OffloadJob job, boolean filtersByCodes) {
        JobMeasures measures = JobMeasures.of(job);
        RowRange all = RowRange.all(job.rows());
        for (String canonical : measures.canonical()) {
            if (!gpu.residency().contains(measuresKey(job, all, List.of(canonical), null))) return false;
        }
        List<SortedDictionary> read = new ArrayList<>();
        if (filtersByCodes && job.rtScanForm() != null) {
            for (String c : job.rtScanForm().columns())
                read.add(job.rtScanForm().dictionary(c));
        }
        if (job.groupCount() > 1 && job.groups().isPacked())
            read.addAll(job.groups().packedKeys());
        for (SortedDictionary d : read) {
            if (!gpu.residency().contains(codesKey(job, all, d))) return false;
        }
        return true;
    }

    /**
     * Whether a Z-sorted run of {@code job} over the whole table finds its projection and the measures and group
     * codes gathered through it resident: otherwise the run would build them (a sort, gathers of gigabytes at
     * large scale, evictions where the budget is full) before its kernel.
     */
    static boolean sortedResident(GpuRuntime gpu, OffloadJob job) {
        RowRange all = RowRange.all(job.rows());
        Object projection = gpu.residency().peek(projectionKey(job, all));
        if (projection == null) return false;
        Object order = new SnapshotKey.Identity(projection);
        JobMeasures measures = JobMeasures.of(job);
        if (measures.count() > 0 && !gpu.residency().contains(measuresKey(job, all, measures.canonical(), order)))
            return false;
        return job.groupCount() == 1 || gpu.residency().contains(groupsKey(job, all, order));
    }

    /** Whether {@code gpu} holds the value of {@code kind} and {@code part} ({@link #key}) for the whole table. */
    static boolean holds(GpuRuntime gpu, OffloadJob job, String kind, Object part) {
        return gpu.residency().contains(key(job, RowRange.all(job.rows()), kind, part));
    }

    private static SnapshotKey projectionKey(OffloadJob job, RowRange range) {
        return key(job, range, "z-order", job.scene().key());
    }

    /** Why the GPU cannot aggregate this job exactly (then the cpu engine runs it); null when it can. */
    String hostOnlyReason() {
        if (measureColumns == null) return measureBlock == null ? null : measureBlock.hostOnlyReason();
        for (MeasureBlock m : measureColumns) {
            if (m.hostOnlyReason() != null) return m.hostOnlyReason();
        }
        return null;
    }

    /** The RayDB scene's packed Z code per row. */
    DeviceBuffer zCodes() {
        return pin(
                key("z", job.scene().key()),
                4L * rows,
                Phase.UPLOAD,
                () -> upload(job.scene().zCodes()));
    }

    /** The scene's Y (entry group) code per row. */
    DeviceBuffer yCodes() {
        return pin(
                key("y", job.scene().key()),
                4L * rows,
                Phase.UPLOAD,
                () -> upload(job.scene().yCodes()));
    }

    /** RTScan: the column's uniform rank per row. */
    DeviceBuffer ranks(RankFilter f) {
        return pin(
                key("ranks", f.column()),
                4L * rows,
                Phase.UPLOAD,
                true,
                () -> upload(f.encoding().ranks()));
    }

    /** Any other resident value of this snapshot (the optix engine's GASes), its build timed as {@link Phase#GAS}. */
    <V extends GpuResident> V pin(SnapshotKey key, long estimatedBytes, Supplier<V> build) {
        return pin(key, estimatedBytes, Phase.GAS, build);
    }

    private <V extends GpuResident> V pin(SnapshotKey key, long estimatedBytes, Phase phase, Supplier<V> build) {
        return pin(key, estimatedBytes, phase, false, build);
    }

    /**
     * A {@code lasting} value is one of the table's columns as every scan reads it (a filter's ranks, a key's
     * codes, a measure): evicted only after the shapes' own copies and indexes, which are rebuilt from it.
     */
    private <V extends GpuResident> V pin(
            SnapshotKey key, long estimatedBytes, Phase phase, boolean lasting, Supplier<V> build) {
        GpuResidency.Lease<V> lease = gpu.residency().acquire(key, estimatedBytes, lasting, () -> {
            try (BuildPhases.Span _ = BuildPhases.start(phase)) {
                return build.get();
            }
        });
        leases.add(lease);
        return lease.get();
    }

    SnapshotKey key(String kind, Object part) {
        return key(job, range, kind, part);
    }

    private static SnapshotKey key(OffloadJob job, RowRange range, String kind, Object part) {
        return new SnapshotKey(job.snapshot(), kind, range.covers(job.rows()) ? part : List.of(part, range));
    }

    /** Table order ({@code order} null) or a projection's; kinds differ so that residency reports tell them apart. */
    private SnapshotKey measuresKey(Object order) {
        return measuresKey(measures.canonical(), order);
    }

    /** The block of the measures named {@code canonical}, in that order (a one-measure list: that measure alone). */
    private SnapshotKey measuresKey(List<String> canonical, Object order) {
        return measuresKey(job, range, canonical, order);
    }

    private static SnapshotKey measuresKey(OffloadJob job, RowRange range, List<String> canonical, Object order) {
        return key(job, range, order == null ? "measures" : "z-sorted measures", List.of(canonical, orderPart(order)));
    }

    private SnapshotKey groupsKey(Object order) {
        return groupsKey(job, range, order);
    }

    private static SnapshotKey groupsKey(OffloadJob job, RowRange range, Object order) {
        return key(
                job,
                range,
                order == null ? "groups" : "z-sorted groups",
                List.of(new SnapshotKey.Identity(job.groups()), orderPart(order)));
    }

    private static Object orderPart(Object order) {
        return order == null ? "table order" : order;
    }

    private long measureBytes() {
        return 8L * measures.count() * rows;
    }

    /**
     * The measures in table order: each expression evaluated on the host once per snapshot, the list's block
     * assembled on the device from those.
     */
    private MeasureBlock tableOrderMeasures() {
        if (measures.count() == 1) {
            return measure(0);
        }
        return pin(measuresKey(null), measureBytes(), Phase.UPLOAD, () -> {
            List<MeasureBlock> parts = new ArrayList<>();
            for (int i = 0; i < measures.count(); i++) parts.add(measure(i));
            return MeasureBlock.assemble(gpu.device(), parts, rows);
        });
    }

    /** Measure {@code i} alone, in table order (the block of a one-measure list). */
    private MeasureBlock measure(int i) {
        return pin(
                measuresKey(List.of(measures.canonical().get(i)), null),
                8L * rows,
                Phase.UPLOAD,
                true,
                () -> MeasureBlock.build(
                        gpu.device(), List.of(measures.programs().get(i)), range));
    }

    /** Group codes in table order: packed ones folded on the device from the keys' resident codes. */
    private DeviceBuffer tableOrderGroups() {
        GroupCodes g = job.groups();
        return pin(
                groupsKey(null),
                4L * rows,
                Phase.UPLOAD,
                () -> g.isPacked() ? folded(g.packedKeys()) : upload(g.groupOfRow()));
    }

    /** A column's dictionary code per row, in table order: what full scans filter and fold group keys by. */
    DeviceBuffer codes(SortedDictionary d) {
        return pin(codesKey(job, range, d), 4L * rows, Phase.UPLOAD, true, () -> upload(d.codes()));
    }

    private static SnapshotKey codesKey(OffloadJob job, RowRange range, SortedDictionary d) {
        return key(job, range, "codes", new SnapshotKey.Identity(d));
    }

    /** Packed group codes: the keys' dictionary codes (each resident once per snapshot) folded in mixed radix. */
    private DeviceBuffer folded(List<SortedDictionary> keys) {
        DeviceBuffer out = gpu.device().allocate(4L * rows);
        try {
            for (int k = 0; k < keys.size(); k++) {
                SortedDictionary d = keys.get(k);
                DeviceBuffer codes = codes(d);
                gpu.kernels().gather().fold(stream, out.address(), codes.address(), rows, d.cardinality(), k == 0);
            }
            stream.synchronize();
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** A table-ordered int32 column gathered into the projection's order. */
    private DeviceBuffer gatheredInts(DeviceBuffer tableOrder) {
        DeviceBuffer perm = projection.rowAt();
        DeviceBuffer out = gpu.device().allocate(4L * rows);
        try {
            gpu.kernels().gather().i32(stream, tableOrder.address(), perm, rows, out.address());
            stream.synchronize();
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** This range's rows of a per-row array of the table. */
    private DeviceBuffer upload(int[] values) {
        return gpu.device().allocate(4L * rows).copyFrom(values, range.from(), rows);
    }

    @Override
    public void close() {
        for (int i = leases.size() - 1; i >= 0; i--) leases.get(i).close();
        leases.clear();
    }
}
