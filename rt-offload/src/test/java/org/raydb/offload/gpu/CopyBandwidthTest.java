package org.raydb.offload.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.calibration.DeviceCalibration;
import org.raydb.offload.gpu.cuda.CudaDevice;

/** The bench's bandwidth-floor denominator is measured and plausible (any GPU copies faster than 10 GB/s). */
@Tag("gpu")
class CopyBandwidthTest {

    @Test
    void deviceCopyBandwidthIsMeasured() {
        GpuTestSupport.requireCuda("device copy bandwidth");
        double gbs;
        try (CudaDevice device = CudaDevice.open(0)) {
            gbs = DeviceCalibration.copyGbs(device, 256L << 20, 5);
        }
        System.out.printf("device copy bandwidth: %.1f GB/s%n", gbs);
        assertTrue(gbs > 10 && gbs < 100_000, "implausible copy bandwidth " + gbs + " GB/s");
    }
}
