package org.raydb.offload.gpu.selftest;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.gpu.GpuUnavailableException;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.optix.OptixContext;
import org.raydb.offload.gpu.runtime.GpuAvailability;

/**
 * Runs the kernel checks and, where OptiX is available, the ray-job checks on one GPU; shared by the
 * {@code GpuSelfTest} command and the GPU JUnit tests.
 */
public final class SelfTest {

    private SelfTest() {}

    /** Throws GpuUnavailableException (with the reason) when there is no usable GPU. */
    public static SelfTestReport run(int rows, int groups, long seed, boolean rayJobs) {
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) throw new GpuUnavailableException(availability.cudaReason());
        SelfTestData data = new SelfTestData(rows, groups, seed);
        List<CheckResult> checks = new ArrayList<>();
        List<RayJobChecks.GasStats> gases = new ArrayList<>();
        try (CudaDevice device = CudaDevice.open(0)) {
            int rtcore = -1;
            int abi = -1;
            String optixSkip = rayJobs ? availability.optixReason() : "not requested";
            try (CudaStream stream = device.createStream();
                    GpuKernels kernels = new GpuKernels(device)) {
                checks.addAll(new KernelChecks(device, stream, kernels, data).runAll());
                checks.addAll(new GatherChecks(device, stream, kernels, data).runAll());
                checks.addAll(new UploadChecks(device).runAll());
                if (optixSkip == null) {
                    try (OptixContext optix = OptixContext.create(device, 0)) {
                        rtcore = optix.rtcoreVersion();
                        abi = OptixContext.abiVersion();
                        RayJobChecks rays = new RayJobChecks(device, stream, kernels, optix, data);
                        checks.addAll(rays.runAll());
                        gases.addAll(rays.gasStats());
                    }
                }
            }
            return new SelfTestReport(
                    device.properties(), device.memoryInfo(), rtcore, abi, optixSkip, rows, gases, checks);
        }
    }
}
