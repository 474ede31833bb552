package org.raydb.offload.gpu.engine;

import java.util.ArrayDeque;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The lanes GPU jobs run on, at most {@value #LANES} per device, each a stream and the scratch its jobs reuse
 * ({@link JobScratch}). Jobs of different connections run at once, one per lane, so that one job's host work
 * (pinning its inputs, staging, reading its groups back) overlaps another's launch and small launches overlap
 * each other. A lane is busy for a warm job's whole window (about 0.2 ms), so the lanes bound a device's jobs per
 * second: one lane held 16 connections of varied SSB queries to 4,400 a second. A lane is made when every made
 * lane is busy, so a process that runs one query at a time keeps one lane (and one scratch's device memory).
 */
final class JobLanes {

    static final int LANES = 4;

    /** One job's stream and scratch: used by one job at a time. */
    record Lane(CudaStream stream, JobScratch scratch) {}

    private final GpuRuntime gpu;
    private final ArrayDeque<Lane> idle = new ArrayDeque<>();
    private int made;

    JobLanes(GpuRuntime gpu) {
        this.gpu = gpu;
    }

    /**
     * An idle lane (the one used last: its buffers have grown already), a new one while fewer than {@value #LANES}
     * exist, else the next one given back. Waits uninterruptibly, as a monitor did: a job's wait is short, and a
     * cancelled query stops after its launch.
     */
    synchronized Lane take() {
        boolean interrupted = false;
        try {
            while (idle.isEmpty() && made == LANES) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            Lane lane = idle.pollLast();
            if (lane != null) return lane;
            lane = new Lane(gpu.newStream(), new JobScratch(gpu));
            made++;
            return lane;
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    synchronized void give(Lane lane) {
        idle.addLast(lane);
        notify();
    }
}
