package org.raydb.offload.gpu.engine;

import java.util.HashMap;
import java.util.Map;
import org.raydb.offload.gpu.residency.GpuResidency;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The process's GPU-resident data by kind (table-ordered measures and group codes, their Z-sorted copies,
 * Z and Y codes, ranks, GASes), summed over its GPUs, for cold-start reports of GPU bytes per row. Empty while no
 * GPU engine has run.
 */
public final class ResidentBytes {

    private ResidentBytes() {}

    /** Device bytes by kind over every opened GPU, largest first. */
    public static Map<String, Long> byKind() {
        Map<String, Long> sums = new HashMap<>();
        for (GpuRuntime gpu : SharedGpu.opened()) {
            gpu.residency()
                    .bytesBy(k -> k instanceof SnapshotKey s ? s.kind() : String.valueOf(k))
                    .forEach((kind, bytes) -> sums.merge(kind, bytes, Long::sum));
        }
        return GpuResidency.largestFirst(sums);
    }
}
