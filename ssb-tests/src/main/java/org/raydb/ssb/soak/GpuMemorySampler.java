package org.raydb.ssb.soak;

import org.raydb.ssb.bench.MachineInfo;

/**
 * Samples the GPUs' used memory with {@code nvidia-smi} every few seconds and keeps the peak (MiB, summed over
 * the GPUs). Where nvidia-smi is absent or fails, it stops asking and the peak stays unknown (-1).
 */
final class GpuMemorySampler implements Runnable {

    private static final long PERIOD_MS = 5000;

    private volatile boolean stopping;
    private volatile long peakMib = -1;

    void stop() {
        stopping = true;
    }

    long peakMib() {
        return peakMib;
    }

    @Override
    public void run() {
        while (!stopping) {
            long used = MachineInfo.gpuMemoryUsedMib();
            if (used < 0) {
                return;
            }
            peakMib = Math.max(peakMib, used);
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One more sample now (the soak's last), unless sampling has already failed. */
    void sampleOnce() {
        long used = MachineInfo.gpuMemoryUsedMib();
        if (used >= 0) {
            peakMib = Math.max(peakMib, used);
        }
    }
}
