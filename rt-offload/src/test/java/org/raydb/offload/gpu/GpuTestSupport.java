package org.raydb.offload.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.raydb.offload.gpu.runtime.GpuAvailability;

/** Skips a GPU test visibly (a printed line and the assumption's message) where there is no usable GPU. */
public final class GpuTestSupport {

    private GpuTestSupport() {}

    public static GpuAvailability requireCuda(String test) {
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) System.out.println("SKIPPED " + test + ": " + availability.cudaReason());
        assumeTrue(availability.cuda(), () -> "no GPU: " + availability.cudaReason());
        return availability;
    }

    public static void requireOptix(String test) {
        GpuAvailability availability = requireCuda(test);
        if (!availability.optix()) System.out.println("SKIPPED " + test + ": " + availability.optixReason());
        assumeTrue(availability.optix(), () -> "no OptiX: " + availability.optixReason());
    }

    public static void requirePackaged(String resource, String test) {
        boolean present = NativeResources.present(resource);
        if (!present)
            System.out.println(
                    "SKIPPED " + test + ": " + resource + " not packaged (built without nvcc/OptiX headers)");
        assumeTrue(present, () -> resource + " not packaged (built without nvcc or OptiX headers)");
    }
}
