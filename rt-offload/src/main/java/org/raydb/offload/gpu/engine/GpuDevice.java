package org.raydb.offload.gpu.engine;

import java.util.concurrent.atomic.AtomicInteger;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * One GPU of the process as the engines use it: its runtime (its own residency under its own
 * {@code gpu.memory} budget) and lanes, opened on first use and shared by every connection, and whether it is
 * out of service: a device that did not open, or whose job failed with a CUDA or OptiX error, takes no more
 * partitions in this process (its partitions go to the other devices).
 */
final class GpuDevice {

    final int ordinal;
    /** Set once, after {@link #lanes}: read without the lock by every query (16 connections waited on it). */
    private volatile GpuRuntime runtime;

    private volatile JobLanes lanes;
    private volatile String outOfService;
    private final AtomicInteger jobs = new AtomicInteger();

    GpuDevice(int ordinal) {
        this.ordinal = ordinal;
    }

    /** The runtime, opened on first use under {@code memory}; a failure to open takes the device out of service. */
    synchronized GpuRuntime open(OffloadSettings.MemoryBudget memory) {
        if (runtime == null) {
            if (outOfService != null) throw new IllegalStateException(outOfService);
            GpuRuntime opened;
            try {
                opened = GpuRuntime.open(ordinal, memory);
            } catch (RuntimeException e) {
                outOfService = "GPU " + ordinal + " did not open: " + e.getMessage();
                throw e;
            }
            lanes = new JobLanes(opened);
            runtime = opened;
            Runtime.getRuntime().addShutdownHook(new Thread(opened::close, "raydb-gpu-shutdown"));
        }
        return runtime;
    }

    /** The runtime if opened, else null. */
    GpuRuntime opened() {
        return runtime;
    }

    JobLanes lanes() {
        return lanes;
    }

    /** A job starts on this device (waiting for a lane counts): see {@link #busy()}. */
    void started() {
        jobs.incrementAndGet();
    }

    void ended() {
        jobs.decrementAndGet();
    }

    /** The jobs running or waiting for a lane on this device now. */
    int busy() {
        return jobs.get();
    }

    /** Why this device takes no more partitions, or null while it serves. */
    String outOfService() {
        return outOfService;
    }

    void takeOutOfService(String why) {
        outOfService = why;
    }
}
