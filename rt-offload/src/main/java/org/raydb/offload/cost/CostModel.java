package org.raydb.offload.cost;

import org.raydb.offload.engine.Technique;

/**
 * Per-engine estimates of one job in microseconds, from the job's shape and calibrated constants. Each is
 * the engine's own time as {@code EngineResult.engineMicros()} measures it (from the first launch until the
 * groups are in host memory; resident inputs, GASes and the Z order are built once and amortized to zero);
 * the offload's fixed host overhead (handoff, DuckDB finishing the statement) is added by {@link CostChoice}.
 *
 * <ul>
 *   <li><b>cuda</b>: one launch and sync, the small copies around it, and the bytes the kernel must read over
 *       the device copy bandwidth. A RayDB job reads its Z-sorted projection: only the qualifying rows' group
 *       code and measures. An RTScan job scans every row's 4-byte rank per filtered column, then the
 *       qualifying rows' group code and measures.</li>
 *   <li><b>optix</b>: per launch as cuda, plus {@link #RAY_NANOS} per ray and {@link #HIT_NANOS} per hit
 *       primitive, both divided by {@link #RT_CORE_SPEEDUP} when {@code RTCORE_VERSION > 0}. RTScan adds a
 *       launch per filtered column, the bitmap ANDs and the fused aggregate over the result bitmap. A
 *       range-only RayDB job is estimated on its RTScan form ({@link JobShape#rtScan()}), which optix runs.</li>
 *   <li><b>duckdb</b>: its fixed statement cost plus the referenced columns' bytes over its measured scan
 *       rate ({@link HostScanRate}).</li>
 * </ul>
 */
public final class CostModel {

    /**
     * Ray and hit costs without RT cores, fitted to the SF 20 ray probe on the H100
     * (docs/benchmarks/README.md, "Reference measurements"; 120M rows, 1.2K–1.2M
     * hits, 13K–1.6M rays: 51 µs at 0.001%, 251 µs at 0.1%, 2,620 µs at 1% selectivity): ~2 ns per hit, and
     * ~0.025 ns per ray for the traversal of rays that find nothing (rays run in parallel, so this is a
     * throughput, not a latency).
     */
    static final double HIT_NANOS = 2.0;

    static final double RAY_NANOS = 0.025;
    /**
     * How much cheaper rays and hits are on a GPU with RT cores (RTCORE_VERSION > 0), where BVH traversal and
     * triangle intersection run in hardware. An assumption, not a measurement: RayDB on an RTX 4090 is 8.5×
     * faster than Crystal while on our H100 (no RT cores) the ray job is ~10× slower than a scan at 1%, and
     * the any-hit program (flag claim, atomics) still runs on the SMs. Replace it with a ray probe once an
     * RT-core GPU is at hand.
     */
    static final double RT_CORE_SPEEDUP = 10;
    /** Rays the optix engine aims at per launch (OptixEngine.TARGET_RAYS); more when groups × intervals exceed it. */
    static final long TARGET_RAYS = 1L << 20;
    /** RTScan's refine segments cover at least this many ranks (OptixEngine.MIN_CUBE_SEGMENT). */
    static final long MIN_CUBE_SEGMENT = 32;

    private CostModel() {}

    public static double cudaMicros(JobShape job, DeviceConstants d) {
        double bytes = job.qualifyingRows() * (double) job.bytesPerQualifyingRow();
        if (job.technique() == Technique.RTSCAN_CUBES) bytes += 4.0 * job.rows() * job.filterColumns();
        return fixedMicros(job, d) + bytes / d.copyBytesPerMicro();
    }

    public static double optixMicros(JobShape job, DeviceConstants d) {
        // A range-only RayDB job has no geometry: optix runs its RTScan form, so that form is what it costs.
        if (job.rtScan() != null) return optixMicros(job.rtScan(), d);
        double speedup = d.rtcoreVersion() > 0 ? RT_CORE_SPEEDUP : 1;
        if (job.technique() == Technique.RAYDB_TRIANGLES) {
            double rays = Math.max(TARGET_RAYS, (double) job.yCells() * job.zIntervals());
            return fixedMicros(job, d) + (rays * RAY_NANOS + job.filterHits() * HIT_NANOS) / speedup / 1000;
        }
        double rays =
                Math.min(TARGET_RAYS * job.filterColumns(), Math.ceil(job.filterHits() / (double) MIN_CUBE_SEGMENT));
        double bitmapBytes = job.rows() / 8.0;
        // Per column: a launch and its sync, then an AND of the bitmaps (two read, one written).
        double perColumn = job.filterColumns() * (d.launchMicros() + 3 * bitmapBytes / d.copyBytesPerMicro());
        double aggregate =
                (bitmapBytes + job.qualifyingRows() * (double) job.bytesPerQualifyingRow()) / d.copyBytesPerMicro();
        return fixedMicros(job, d)
                + perColumn
                + aggregate
                + (rays * RAY_NANOS + job.filterHits() * HIT_NANOS) / speedup / 1000;
    }

    public static double duckdbMicros(long referencedBytes, HostScanRate rate) {
        return rate.fixedMicros() + referencedBytes / rate.bytesPerMicro();
    }

    /** One launch with its synchronisation and the small copies around it. */
    private static double fixedMicros(JobShape job, DeviceConstants d) {
        return d.launchMicros() + job.smallCopies() * d.smallCopyMicros();
    }
}
