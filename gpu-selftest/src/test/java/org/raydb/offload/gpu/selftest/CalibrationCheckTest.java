package org.raydb.offload.gpu.selftest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.GpuTestSupport;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.kernels.GpuKernels;

/** The cost model's calibration on a real GPU is short and its constants plausible. */
@Tag("gpu")
class CalibrationCheckTest {

    @Test
    void calibrationIsShortAndPlausible() {
        GpuTestSupport.requireCuda("cost-model calibration");
        try (CudaDevice device = CudaDevice.open(0);
                GpuKernels kernels = new GpuKernels(device)) {
            CheckResult r = CalibrationCheck.run(device, kernels, -1);
            System.out.printf("%s: %s in %.1f ms%n", r.name(), r.detail(), r.millis());
            assertTrue(r.passed(), r.detail());
        }
    }
}
