package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuStreamQuery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jcuda.driver.CUresult;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.GpuTestSupport;

/**
 * A gated clock holds its stream from {@link StreamClock#startHeld} until {@link StreamClock#stop}: the work
 * queued in between has not run while the host still queues (the stream reports itself busy), runs once the
 * gate opens, and is timed; a plain start on the same clock afterwards does not wait.
 */
class StreamClockGateTest {

    @Test
    void holdsTheStreamUntilStopThenTimesTheWork() {
        GpuTestSupport.requireCuda("gated stream clock");
        try (CudaDevice device = CudaDevice.open(0);
             CudaStream stream = device.createStream();
             StreamClock clock = new StreamClock(device, true);
             DeviceBuffer buffer = device.allocate(64L << 20)) {
            for (int run = 0; run < 3; run++) {
                clock.startHeld(stream);
                buffer.clearAsync(stream);
                sleepMillis(20);
                assertEquals(CUresult.CUDA_ERROR_NOT_READY, cuStreamQuery(stream.stream()),
                        "the stream ran past the gate before stop");
                clock.stop(stream);
                double millis = clock.elapsedMillis();
                assertTrue(millis > 0 && millis < 15, "held run " + run + " timed " + millis + " ms, the host's"
                        + " 20 ms wait included?");
            }
            clock.start(stream);
            buffer.clearAsync(stream);
            clock.stop(stream);
            assertTrue(clock.elapsedMillis() > 0);
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
