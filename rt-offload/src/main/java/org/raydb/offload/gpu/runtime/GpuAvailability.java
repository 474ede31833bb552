package org.raydb.offload.gpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.raydb.offload.gpu.NativeResources;
import org.raydb.offload.gpu.optix.OptixLibrary;

/**
 * Whether this process can use a GPU, and if not, why, in words fit for a log line, a skipped test and
 * EXPLAIN OFFLOAD. Probed once per process (loading the driver is not free, and its outcome does not
 * change), on the thread that first needs it or in the background ({@link #known}); never throws.
 *
 * @param cuda        a CUDA driver, a device and the packaged kernels are there
 * @param optix       additionally the OptiX shim and programs are packaged, load, and OptiX initialises
 * @param cudaReason  null when {@code cuda}, else why not
 * @param optixReason null when {@code optix}, else why not
 */
public record GpuAvailability(boolean cuda, boolean optix, String cudaReason, String optixReason) {

    private static final CompletableFuture<GpuAvailability> PROBED = new CompletableFuture<>();
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    /** The probe's outcome: probed on this thread unless a probe ran or runs already (then its outcome). */
    public static GpuAvailability probe() {
        if (STARTED.compareAndSet(false, true)) {
            PROBED.complete(probeSafely());
        }
        return PROBED.join();
    }

    /**
     * The probe's outcome if it is known now, else null, with the probe started on a thread of its own: with a
     * driver present it takes about half a second in a new process (cuInit and OptiX's initialisation, 436–559 ms
     * on the H100 host), which a query that can be answered without it need not wait for. Without a driver
     * library (or without the packaged kernels) the outcome is known at once.
     */
    public static GpuAvailability known() {
        return knownAfter(() -> {});
    }

    /**
     * {@link #known()}, where a probe it starts initialises the driver only once {@code wait} returned (on the probe's
     * thread): CUDA's and OptiX's initialisation took a new process's first statement from 4 to 162 ms beside it.
     */
    public static GpuAvailability knownAfter(Runnable wait) {
        if (!PROBED.isDone() && STARTED.compareAndSet(false, true)) {
            String missing = missingLibraries();
            if (missing != null) {
                PROBED.complete(new GpuAvailability(false, false, missing, missing));
            } else {
                Thread t = new Thread(
                        () -> {
                            wait.run();
                            PROBED.complete(probeSafely());
                        },
                        "raydb-gpu-probe");
                t.setDaemon(true);
                t.start();
            }
        }
        return PROBED.isDone() ? PROBED.join() : null;
    }

    private static GpuAvailability probeSafely() {
        try {
            return probeNow();
        } catch (RuntimeException | Error e) {
            String why = "the GPU probe failed: " + firstLine(String.valueOf(e.getMessage()));
            return new GpuAvailability(false, false, why, why);
        }
    }

    /** The reason the given capability is missing, for a skip message. */
    public String reason() {
        return cudaReason != null ? cudaReason : optixReason;
    }

    private static GpuAvailability probeNow() {
        String cudaReason = probeCuda();
        if (cudaReason != null) return new GpuAvailability(false, false, cudaReason, cudaReason);
        String optixReason = probeOptix();
        return new GpuAvailability(true, optixReason == null, null, optixReason);
    }

    /** Why no GPU can be used, where the packaged kernels or the driver library say so at once; else null. */
    @SuppressWarnings("restricted") // loading libcuda is the probe; native access is enabled by the launcher
    private static String missingLibraries() {
        for (String module : NativeResources.PTX_MODULES) {
            if (!NativeResources.present(NativeResources.ptx(module))) {
                return "CUDA kernels not packaged: raydb-native is not on the class path or was built with -Draydb.kernels=skip ("
                        + NativeResources.ptx(module) + ")";
            }
        }
        try {
            // Checked first and on its own: JCuda's loader reports a missing driver as pages of stack traces.
            SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        } catch (IllegalArgumentException e) {
            return "no NVIDIA driver: libcuda.so.1 cannot be loaded";
        }
        return null;
    }

    private static String probeCuda() {
        String missing = missingLibraries();
        if (missing != null) {
            return missing;
        }
        try {
            jcuda.driver.JCudaDriver.setExceptionsEnabled(false);
            int result = jcuda.driver.JCudaDriver.cuInit(0);
            if (result != jcuda.driver.CUresult.CUDA_SUCCESS) {
                return "no usable GPU: cuInit returned " + jcuda.driver.CUresult.stringFor(result);
            }
            int[] count = {0};
            int countResult = jcuda.driver.JCudaDriver.cuDeviceGetCount(count);
            if (countResult != jcuda.driver.CUresult.CUDA_SUCCESS || count[0] == 0) {
                return "no GPU: the CUDA driver reports no device";
            }
            return null;
        } catch (LinkageError e) {
            return "JCuda's native library did not load: " + firstLine(e.getMessage());
        }
    }

    private static String probeOptix() {
        if (!NativeResources.present(NativeResources.OPTIX_PROGRAMS)) {
            return "OptiX programs not packaged: rt-offload was built without OptiX 9.0 headers at $OPTIX_HOME";
        }
        return OptixLibrary.probe();
    }

    private static String firstLine(String message) {
        if (message == null) return "no message";
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
