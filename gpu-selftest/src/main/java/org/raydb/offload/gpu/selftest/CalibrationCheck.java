package org.raydb.offload.gpu.selftest;

import java.util.Locale;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.gpu.calibration.DeviceCalibration;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.kernels.GpuKernels;

/**
 * Runs the cost model's device calibration and checks that it is short and its constants plausible for a
 * data-centre or desktop GPU: copy bandwidth between 50 GB/s and 20 TB/s (an H100 copies at ~3 TB/s), launch
 * round trip and small-copy latency between 1 and 500 µs, all of it within {@value #MAX_MILLIS} ms.
 */
public final class CalibrationCheck {

    static final double MAX_MILLIS = 1000;

    private CalibrationCheck() {}

    public static CheckResult run(CudaDevice device, GpuKernels kernels, int rtcoreVersion) {
        long t0 = System.nanoTime();
        DeviceConstants c = DeviceCalibration.measure(device, kernels, rtcoreVersion);
        double millis = (System.nanoTime() - t0) / 1e6;
        String problem = null;
        if (c.copyBytesPerMicro() < 5e4 || c.copyBytesPerMicro() > 2e7) {
            problem = "copy bandwidth " + c.copyBytesPerMicro() / 1e3 + " GB/s out of range";
        } else if (c.launchMicros() < 1 || c.launchMicros() > 500) {
            problem = "launch round trip " + c.launchMicros() + " us out of range";
        } else if (c.smallCopyMicros() < 1 || c.smallCopyMicros() > 500) {
            problem = "small copy " + c.smallCopyMicros() + " us out of range";
        } else if (millis > MAX_MILLIS) {
            problem = String.format(Locale.ROOT, "calibration took %.0f ms", millis);
        }
        return CheckResult.of("cost-model calibration", 0, problem, millis, c.toString());
    }
}
