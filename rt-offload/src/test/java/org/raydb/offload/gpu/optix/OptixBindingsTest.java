package org.raydb.offload.gpu.optix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.C_POINTER;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.RAYDB_OPTIX_ERROR_INVALID_ARGUMENT;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_abi_version;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_gas_sizes;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_last_error;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_pipeline_launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.GpuTestSupport;
import org.raydb.offload.gpu.GpuUnavailableException;
import org.raydb.offload.gpu.NativeResources;
import org.raydb.offload.gpu.OptixException;

/**
 * The FFM bindings against the real shim, also without a GPU: the library loads from the jar, every
 * symbol resolves, argument errors come back as codes with messages, and statuses map to exceptions.
 */
class OptixBindingsTest {

    private static void loadShim() {
        GpuTestSupport.requirePackaged(NativeResources.OPTIX_SHIM, "OptiX bindings");
        String reason = OptixLibrary.probe();
        System.out.println("OptiX here: " + (reason == null ? "available" : reason));
    }

    @Test
    void shimReportsTheOptixAbiItWasBuiltFor() {
        loadShim();
        assertEquals(105, raydb_optix_abi_version(), "OptiX 9.0");
    }

    @Test
    void invalidArgumentsComeBackAsCodeAndMessage() {
        loadShim();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(C_POINTER);
            int status = raydb_optix_gas_sizes(MemorySegment.NULL, out, out, out);
            assertEquals(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT(), status);
            assertFalse(raydb_optix_last_error().getString(0).isEmpty());
            int launch = raydb_optix_pipeline_launch(MemorySegment.NULL, 0, 0, 1, 1, 1);
            OptixException e = assertThrows(OptixException.class, () -> OptixStatus.check(launch, "launch"));
            assertEquals(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT(), e.status());
            assertNotEquals(-1, e.getMessage().indexOf("raydb_optix_pipeline_launch"), e.getMessage());
        }
    }

    @Test
    void withoutDriverInitialisationFailsAsUnavailable() {
        loadShim();
        if (OptixLibrary.probe() == null) return; // a GPU host: covered by the self-test
        GpuUnavailableException e = assertThrows(GpuUnavailableException.class, OptixLibrary::ensureLoaded);
        assertFalse(e.getMessage().isBlank());
    }
}
