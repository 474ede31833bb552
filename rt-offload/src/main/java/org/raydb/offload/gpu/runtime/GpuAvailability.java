package org.raydb.offload.gpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
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

    private static final Once PROCESS = new Once(GpuAvailability::probeSafely);

    /**
     * The probe's outcome: probed on this thread unless a probe runs or ran already (then its outcome). A probe
     * started in the background ({@link #knownAfter}) and still waiting to begin is run here instead.
     */
    public static GpuAvailability probe() {
        return PROCESS.now();
    }

    /**
     * The probe's outcome for work that is itself in the background (a build, the warm-up): a probe started in the
     * background is left to begin in its own time, after its wait; probed on this thread where none was started.
     */
    public static GpuAvailability awaited() {
        return PROCESS.awaited();
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
        return PROCESS.knownAfter(wait, GpuAvailability::missingLibraries);
    }

    /**
     * One probe, run once: on the first thread that needs its outcome, or on a thread of its own after a wait. A
     * thread that needs the outcome now ({@link #now}) does not wait that wait out, background work ({@link #awaited})
     * does: the background probe waits for the process's first statement to end, and a statement that needs the GPU
     * at once ({@code offload=force}) waited for itself, two seconds, before it could run.
     */
    static final class Once {
        private final CompletableFuture<GpuAvailability> outcome = new CompletableFuture<>();
        /** A background probe was started (it may still be waiting). */
        private final AtomicBoolean started = new AtomicBoolean();
        /** The probe itself began, on whichever thread. */
        private final AtomicBoolean running = new AtomicBoolean();

        private final Supplier<GpuAvailability> probe;

        Once(Supplier<GpuAvailability> probe) {
            this.probe = probe;
        }

        GpuAvailability now() {
            runHere();
            return outcome.join();
        }

        GpuAvailability awaited() {
            if (!started.get()) runHere();
            return outcome.join();
        }

        private void runHere() {
            runHere(probe);
        }

        /** Whichever thread begins first gives the outcome; a probe never runs twice. */
        private void runHere(Supplier<GpuAvailability> outcomeOf) {
            if (running.compareAndSet(false, true)) {
                outcome.complete(outcomeOf.get());
            }
        }

        /** The outcome if known, else null, with the probe started in the background after {@code wait}. */
        GpuAvailability knownAfter(Runnable wait, Supplier<String> missingLibraries) {
            if (!outcome.isDone() && started.compareAndSet(false, true)) {
                String missing = missingLibraries.get();
                if (missing != null) {
                    runHere(() -> new GpuAvailability(false, false, missing, missing));
                } else {
                    Thread t = new Thread(
                            () -> {
                                wait.run();
                                runHere();
                            },
                            "raydb-gpu-probe");
                    t.setDaemon(true);
                    t.start();
                }
            }
            return outcome.isDone() ? outcome.join() : null;
        }
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
