package org.raydb.offload.gpu.engine;

import java.util.Map;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The process's GPU-resident data by kind (table-ordered measures and group codes, their Z-sorted copies,
 * Z and Y codes, ranks, GASes), for cold-start reports of GPU bytes per row. Empty while no GPU engine has run.
 */
public final class ResidentBytes {

    private ResidentBytes() {}

    /** Device bytes by kind, largest first. */
    public static Map<String, Long> byKind() {
        GpuRuntime gpu = SharedGpu.opened();
        return gpu == null
                ? Map.of()
                : gpu.residency().bytesBy(k -> k instanceof SnapshotKey s ? s.kind() : String.valueOf(k));
    }
}
