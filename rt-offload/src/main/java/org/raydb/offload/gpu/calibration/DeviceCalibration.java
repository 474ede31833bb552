package org.raydb.offload.gpu.calibration;

import java.util.Arrays;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.StreamClock;
import org.raydb.offload.gpu.kernels.GpuKernels;

/**
 * Measures the cost model's device constants in well under a second: the latency of a small synchronous
 * device-to-host copy (median of {@value #LATENCY_RUNS}), a tiny kernel's launch and stream synchronisation
 * (median of {@value #LATENCY_RUNS}), and the device copy bandwidth from {@value #COPY_RUNS} device-to-device
 * copies of up to 256 MiB (the median; bandwidth counts the bytes read plus those written, as copy
 * benchmarks do). OptiX is not probed: ray and hit costs are the H100 ray probe's figures (CostModel), scaled by RTCORE_VERSION in
 * the cost model. The caller holds the device for the duration (no job launches meanwhile).
 */
public final class DeviceCalibration {

    static final int LATENCY_RUNS = 50;
    static final int COPY_RUNS = 5;
    private static final long COPY_BYTES = 256L << 20;
    private static final int WARMUP = 3;

    private DeviceCalibration() {}

    public static DeviceConstants measure(CudaDevice device, GpuKernels kernels, int rtcoreVersion) {
        double smallCopy = smallCopyMicros(device);
        double launch = launchMicros(device, kernels);
        long copyBytes =
                Math.min(COPY_BYTES, Math.max(1L << 20, device.memoryInfo().freeBytes() / 8));
        double copy = copyGbs(device, copyBytes, COPY_RUNS) * 1e3; // 10^9 B/s = 10^3 B/us
        return new DeviceConstants(
                device.properties().name(),
                device.properties().driverVersionString(),
                copy,
                launch,
                smallCopy,
                rtcoreVersion,
                DeviceConstants.Source.MEASURED);
    }

    /** One 8-byte synchronous device-to-host copy. */
    static double smallCopyMicros(CudaDevice device) {
        try (DeviceBuffer b = device.allocate(8)) {
            b.clear();
            return median(() -> b.toLongArray(1));
        }
    }

    /** A one-word bitmap AND launched on a stream, then the stream synchronised. */
    static double launchMicros(CudaDevice device, GpuKernels kernels) {
        try (CudaStream stream = device.createStream();
                DeviceBuffer a = device.allocate(4);
                DeviceBuffer b = device.allocate(4);
                DeviceBuffer out = device.allocate(4)) {
            a.clear();
            b.clear();
            return median(() -> {
                kernels.bitmap().and(stream, a, b, out, 1);
                stream.synchronize();
            });
        }
    }

    /**
     * The device copy bandwidth in 10^9 bytes (read + written) per second, counted like CUDA's bandwidthTest:
     * the median over {@code runs} cuMemcpyDtoD of {@code bytes}, each bracketed by CUDA events, after one
     * untimed copy that first-touches both buffers. Also what {@code ./run bandwidth} reports.
     */
    public static double copyGbs(CudaDevice device, long bytes, int runs) {
        try (CudaStream stream = device.createStream();
                StreamClock clock = new StreamClock(device);
                DeviceBuffer from = device.allocate(bytes);
                DeviceBuffer to = device.allocate(bytes)) {
            from.clear();
            to.copyFrom(from, bytes);
            double[] millis = new double[runs];
            for (int r = 0; r < runs; r++) {
                // The stream is blocking, so its events bracket the copy on the legacy default stream.
                clock.start(stream);
                to.copyFrom(from, bytes);
                clock.stop(stream);
                millis[r] = clock.elapsedMillis();
            }
            Arrays.sort(millis);
            return 2.0 * bytes / (millis[runs / 2] * 1e-3) / 1e9;
        }
    }

    private static double median(Runnable action) {
        for (int i = 0; i < WARMUP; i++) action.run();
        double[] times = new double[LATENCY_RUNS];
        for (int i = 0; i < LATENCY_RUNS; i++) {
            long t0 = System.nanoTime();
            action.run();
            times[i] = (System.nanoTime() - t0) / 1e3;
        }
        Arrays.sort(times);
        return Math.max(0.1, times[LATENCY_RUNS / 2]);
    }
}
