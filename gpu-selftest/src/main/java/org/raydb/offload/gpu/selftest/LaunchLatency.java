package org.raydb.offload.gpu.selftest;

import java.util.Arrays;
import java.util.Locale;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.StreamClock;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * {@code java ... org.raydb.offload.gpu.selftest.LaunchLatency}: what the host side of one job's device work
 * costs, call by call (medians of 2,000, microseconds), and the device span of a short sequence of tiny
 * launches between two events, which is what a job's kernel time shows when the host issues launches slower
 * than the GPU runs them.
 */
public final class LaunchLatency {

    private static final int RUNS = 2000;

    private LaunchLatency() {}

    public static void main(String[] args) {
        try (GpuRuntime gpu = GpuRuntime.open(0, OffloadSettings.defaults().gpuMemory());
                CudaStream stream = gpu.newStream();
                DeviceBuffer word = gpu.device().allocate(64);
                StreamClock clock = new StreamClock(gpu.device())) {
            var fill = gpu.kernels().compact();
            report("makeCurrent", () -> gpu.device().makeCurrent());
            report("event record", () -> clock.start(stream));
            stream.synchronize();
            report("fill launch (3 args)", () -> fill.fill(stream, word, 1, 0));
            stream.synchronize();
            report("stream sync, idle", stream::synchronize);
            report("fill + sync", () -> {
                fill.fill(stream, word, 1, 0);
                stream.synchronize();
            });
            for (int n : new int[] {1, 3, 6}) {
                double[] device = new double[RUNS / 10];
                double[] host = new double[RUNS / 10];
                for (int r = 0; r < device.length; r++) {
                    long t0 = System.nanoTime();
                    clock.start(stream);
                    for (int i = 0; i < n; i++) fill.fill(stream, word, 1, 0);
                    clock.stop(stream);
                    device[r] = clock.elapsedMicros();
                    host[r] = (System.nanoTime() - t0) / 1000.0;
                }
                System.out.printf(
                        Locale.ROOT,
                        "%d fills between events: device span %.1f us, host %.1f us%n",
                        n,
                        median(device),
                        median(host));
            }
        }
    }

    private static void report(String what, Runnable call) {
        double[] us = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            long t0 = System.nanoTime();
            call.run();
            us[r] = (System.nanoTime() - t0) / 1000.0;
        }
        System.out.printf(Locale.ROOT, "%-22s %.2f us (median of %d)%n", what, median(us), RUNS);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
