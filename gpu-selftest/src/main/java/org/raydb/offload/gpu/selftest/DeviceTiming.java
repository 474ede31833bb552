package org.raydb.offload.gpu.selftest;

import java.util.Arrays;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.StreamClock;

/** Median device time of repeated launches, each after an untimed reset of its outputs. */
final class DeviceTiming {

    static final int RUNS = 5;

    private DeviceTiming() {}

    static double medianMillis(CudaStream stream, Runnable reset, Runnable launch) {
        double[] times = new double[RUNS];
        try (StreamClock clock = new StreamClock(stream.device())) {
            for (int r = 0; r < RUNS; r++) {
                reset.run();
                clock.start(stream);
                launch.run();
                clock.stop(stream);
                times[r] = clock.elapsedMillis();
            }
        }
        Arrays.sort(times);
        return times[RUNS / 2];
    }
}
