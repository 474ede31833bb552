package org.raydb.offload.gpu.runtime;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.GpuUnavailableException;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.optix.OptixContext;
import org.raydb.offload.gpu.optix.RayPipeline;
import org.raydb.offload.gpu.optix.RayProgram;
import org.raydb.offload.gpu.residency.GpuResidency;

/**
 * Everything the GPU engines share on one device: the CUDA context, the loaded kernels, the residency
 * cache under the {@code gpu.memory} budget, and (on first use) the OptiX context and one pipeline per ray
 * program. One per process and device, shared by all connections; thread-safe.
 */
public final class GpuRuntime implements AutoCloseable {

    private final CudaDevice device;
    private final GpuKernels kernels;
    private final GpuResidency residency;
    private final Map<RayProgram, RayPipeline> pipelines = new EnumMap<>(RayProgram.class);
    private OptixContext optix;
    private boolean closed;
    private final ReentrantReadWriteLock use = new ReentrantReadWriteLock();

    private GpuRuntime(CudaDevice device, GpuKernels kernels, GpuResidency residency) {
        this.device = device;
        this.kernels = kernels;
        this.residency = residency;
    }

    /**
     * Opens GPU {@code ordinal} with a residency budget from the {@code gpu.memory} setting. Throws
     * GpuUnavailableException with the reason where there is no usable GPU.
     */
    public static GpuRuntime open(int ordinal, OffloadSettings.MemoryBudget memory) {
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) throw new GpuUnavailableException(availability.cudaReason());
        CudaDevice device = CudaDevice.open(ordinal);
        try {
            long budget = memory.budgetFor(device.properties().totalMemoryBytes());
            return new GpuRuntime(device, new GpuKernels(device), new GpuResidency(budget));
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
    }

    public CudaDevice device() {
        return device;
    }

    public GpuKernels kernels() {
        return kernels;
    }

    public GpuResidency residency() {
        return residency;
    }

    /** Held by each job while it uses the device: jobs run side by side, and {@link #exclusive} waits for them. */
    public Lock shared() {
        return use.readLock();
    }

    /** Held alone: by a calibration (its timings undisturbed) and by {@link #close} (no job in flight). */
    public Lock exclusive() {
        return use.writeLock();
    }

    /** A stream for one query's launches; the caller closes it. */
    public CudaStream newStream() {
        return device.createStream();
    }

    /** The OptiX context, created on first use; GpuUnavailableException where OptiX is not available. */
    public synchronized OptixContext optix() {
        ensureOpen();
        if (optix == null) {
            GpuAvailability availability = GpuAvailability.probe();
            if (!availability.optix()) throw new GpuUnavailableException(availability.optixReason());
            optix = OptixContext.create(device, 0);
        }
        return optix;
    }

    /** The linked pipeline of a ray program, created once. */
    public synchronized RayPipeline pipeline(RayProgram program) {
        OptixContext context = optix();
        return pipelines.computeIfAbsent(program, context::createPipeline);
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("GPU runtime is closed");
    }

    /** Frees resident data, pipelines, the OptiX context, the kernels and the context, in that order. */
    @Override
    public void close() {
        // The exclusive lock first: a job holding the shared one may still call optix() or pipeline().
        exclusive().lock();
        try {
            synchronized (this) {
                if (closed) return;
                closed = true;
                residency.close();
                pipelines.clear();
                if (optix != null) optix.close(); // closes its pipelines and GASes first
                kernels.close();
                device.close();
            }
        } finally {
            exclusive().unlock();
        }
    }
}
