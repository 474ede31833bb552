package org.raydb.offload.gpu.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.raydb.offload.gpu.residency.GpuResidency;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The process's GPU-resident data, summed over the GPUs opened so far: in all, against the {@code gpu.memory}
 * budgets (what the driver reports as resident), and by kind (table-ordered measures and group codes, their
 * Z-sorted copies, Z and Y codes, ranks, GASes) for cold-start reports of GPU bytes per row. Empty, and 0, while no
 * GPU has been opened; reading it never opens one.
 */
public final class ResidentBytes {

    private ResidentBytes() {}

    /** Device bytes resident over every opened GPU. */
    public static long total() {
        return summed(GpuResidency::usedBytes);
    }

    /** The {@code gpu.memory} budgets of every opened GPU, summed. */
    public static long budget() {
        return summed(GpuResidency::budgetBytes);
    }

    private static long summed(ToLongFunction<GpuResidency> bytes) {
        long sum = 0;
        for (GpuRuntime gpu : SharedGpu.opened()) {
            sum += bytes.applyAsLong(gpu.residency());
        }
        return sum;
    }

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
