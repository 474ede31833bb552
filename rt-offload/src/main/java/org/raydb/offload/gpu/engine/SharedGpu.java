package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.runtime.GpuAvailability;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The GPUs of this process, shared by both engines and every connection: each opened on first use under the
 * {@code gpu.memory} budget of the first connection that uses a GPU engine (80% until one says otherwise), and
 * closed by a shutdown hook so that all resident data is freed before the process ends. The first ordinal of
 * that connection's {@code device} setting is the calibrated one ({@link #runtime()}).
 */
public final class SharedGpu {

    private static final Map<Integer, GpuDevice> DEVICES = new TreeMap<>();
    private static boolean configured;
    private static int first;
    private static String failure;
    /** GPUs visible to the process (counted once: the driver's count does not change while it runs); -1 until asked. */
    private static int visible = -1;

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

    /** Takes the first connection's budget and first device; later ones share them as they are. */
    static synchronized void configure(OffloadSettings settings) {
        if (configured) return;
        configured = true;
        first = settings.devices().length > 0 ? settings.devices()[0] : 0;
        memory = settings.gpuMemory();
    }

    /** The ordinals of a {@code device} setting: its list, or every visible GPU for {@code all} (empty). */
    static int[] ordinals(int[] devices) {
        if (devices.length > 0) return devices;
        int n;
        synchronized (SharedGpu.class) {
            if (visible < 0) visible = CudaDevice.count();
            n = visible;
        }
        int[] all = new int[Math.max(1, n)];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }

    /** The device of {@code ordinal} (not opened yet where no job used it). */
    static synchronized GpuDevice device(int ordinal) {
        return DEVICES.computeIfAbsent(ordinal, GpuDevice::new);
    }

    /** Opens {@code device} under the shared budget. */
    static GpuRuntime open(GpuDevice device) {
        OffloadSettings.MemoryBudget budget;
        synchronized (SharedGpu.class) {
            budget = memory;
        }
        return device.open(budget);
    }

    /** The calibrated device's runtime, opened on first use; its failure to open makes both engines unavailable. */
    public static GpuRuntime runtime() {
        GpuDevice d;
        synchronized (SharedGpu.class) {
            if (failure != null) throw new IllegalStateException(failure);
            d = device(first);
        }
        try {
            return open(d);
        } catch (RuntimeException e) {
            synchronized (SharedGpu.class) {
                failure = "the GPU did not open: " + e.getMessage();
            }
            throw e;
        }
    }

    /** The runtimes jobs have opened (reports must not open a GPU). */
    static synchronized List<GpuRuntime> opened() {
        List<GpuRuntime> out = new ArrayList<>();
        for (GpuDevice d : DEVICES.values()) {
            GpuRuntime r = d.opened();
            if (r != null) out.add(r);
        }
        return out;
    }

    /** Frees device data of snapshots that no longer exist. */
    static void purgeStale(GpuRuntime gpu) {
        gpu.residency().invalidate(k -> k instanceof SnapshotKey s && s.stale());
    }
}
