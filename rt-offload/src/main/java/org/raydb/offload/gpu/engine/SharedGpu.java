package org.raydb.offload.gpu.engine;

import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.runtime.GpuAvailability;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The one GPU runtime of this process, shared by both engines and every connection: opened on first use
 * on the device and under the {@code gpu.memory} budget of the first connection that uses it (device 0 and 80%
 * until one says otherwise), closed by a shutdown hook so that all resident data is freed before the process
 * ends.
 */
public final class SharedGpu {

    private static GpuRuntime runtime;
    private static JobLanes lanes;
    private static String failure;
    private static int ordinal;
    private static OffloadSettings.MemoryBudget memory =
            OffloadSettings.defaults().gpuMemory();

    private SharedGpu() {}

    /** Why the cuda (or, with {@code optix}, the OptiX) engine cannot run here; null when it can. */
    static String unavailableReason(boolean optix) {
        GpuAvailability a = GpuAvailability.probe();
        if (!a.cuda()) return a.cudaReason();
        if (optix && !a.optix()) return a.optixReason();
        synchronized (SharedGpu.class) {
            return failure;
        }
    }

    /** Takes a connection's device and budget while the runtime is not open yet; later ones share it as it is. */
    static synchronized void configure(OffloadSettings settings) {
        if (runtime != null) return;
        ordinal = settings.devices().length > 0 ? settings.devices()[0] : 0;
        memory = settings.gpuMemory();
    }

    /** The runtime, opened on first use. */
    public static synchronized GpuRuntime runtime() {
        if (runtime == null) {
            if (failure != null) throw new IllegalStateException(failure);
            try {
                runtime = GpuRuntime.open(ordinal, memory);
            } catch (RuntimeException e) {
                failure = "the GPU did not open: " + e.getMessage();
                throw e;
            }
            GpuRuntime opened = runtime;
            lanes = new JobLanes(opened);
            Runtime.getRuntime().addShutdownHook(new Thread(opened::close, "raydb-gpu-shutdown"));
        }
        return runtime;
    }

    /** The runtime if a job has opened it, else null (reports must not open a GPU). */
    static synchronized GpuRuntime opened() {
        return runtime;
    }

    /** The lanes jobs run on (see GpuEngine). */
    static synchronized JobLanes lanes() {
        runtime();
        return lanes;
    }

    /** Frees device data of snapshots that no longer exist. */
    static void purgeStale(GpuRuntime gpu) {
        gpu.residency().invalidate(k -> k instanceof SnapshotKey s && s.stale());
    }
}
