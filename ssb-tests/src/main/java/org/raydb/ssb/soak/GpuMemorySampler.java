package org.raydb.ssb.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

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
            long used = sample();
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
        long used = sample();
        if (used >= 0) {
            peakMib = Math.max(peakMib, used);
        }
    }

    /** MiB used on all GPUs together, or -1 without an answer. */
    private static long sample() {
        try {
            Process process = new ProcessBuilder(
                            "nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return -1;
            }
            return output.lines()
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .mapToLong(Long::parseLong)
                    .sum();
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
