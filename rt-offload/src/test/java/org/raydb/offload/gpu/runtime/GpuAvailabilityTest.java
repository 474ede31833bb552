package org.raydb.offload.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.CudaException;
import org.raydb.offload.gpu.GpuOutOfMemoryException;
import org.raydb.offload.gpu.GpuUnavailableException;

class GpuAvailabilityTest {

    @Test
    void probeNeverThrowsAndExplainsEveryMissingCapability() {
        GpuAvailability availability = GpuAvailability.probe();
        System.out.println("GPU availability here: " + availability);
        assertSame(availability, GpuAvailability.probe(), "probed once per process");
        if (availability.cuda()) {
            assertNull(availability.cudaReason());
        } else {
            assertNotNull(availability.cudaReason());
            assertFalse(availability.cudaReason().isBlank());
            assertFalse(availability.optix(), "OptiX needs CUDA");
        }
        assertEquals(availability.optix(), availability.optixReason() == null);
    }

    @Test
    void runtimeOpensWhereThereIsAGpuAndSaysWhyNotElsewhere() {
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) {
            GpuUnavailableException e = assertThrows(
                    GpuUnavailableException.class,
                    () -> GpuRuntime.open(0, OffloadSettings.defaults().gpuMemory()));
            assertEquals(availability.cudaReason(), e.getMessage());
            return;
        }
        try (GpuRuntime runtime = GpuRuntime.open(0, OffloadSettings.MemoryBudget.ofBytes(1L << 30))) {
            assertEquals(1L << 30, runtime.residency().budgetBytes());
        }
    }

    @Test
    void unavailableGpuBecomesFeatureNotSupported() {
        assertEquals(
                "0A000", new GpuUnavailableException("no GPU").toSqlException().getSQLState());
        assertEquals(
                "53200", new GpuOutOfMemoryException("full").toSqlException().getSQLState());
        assertEquals(
                "58000",
                new CudaException("cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY")
                        .toSqlException()
                        .getSQLState());
    }
}
