package org.raydb.offload.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The packaged PTX defines every kernel the Java launchers ask for (names are only checked at load time). */
class NativeResourcesTest {

    private static final Map<String, List<String>> KERNELS = Map.of(
            "encode", List.of("rdb_count_codes", "rdb_scatter_by_code", "rdb_build_triangles", "rdb_build_cubes"),
            "bitmap", List.of("rdb_bitmap_and"),
            "gather", List.of("rdb_gather_i32", "rdb_gather_i64", "rdb_gather_bits"),
            "query",
                    List.of(
                            "rdb_query_aggregate_registers",
                            "rdb_query_aggregate_shared",
                            "rdb_query_aggregate_global",
                            "rdb_range_aggregate_registers",
                            "rdb_range_aggregate_shared",
                            "rdb_range_aggregate_global",
                            "rdb_range_sum_registers",
                            "rdb_range_sum_shared",
                            "rdb_range_sum_global"),
            "compact", List.of("rdb_count_present", "rdb_compact_present", "rdb_fill"));

    @Test
    void everyLaunchedKernelIsAnEntryOfItsPtxModule() {
        for (String module : NativeResources.PTX_MODULES) {
            GpuTestSupport.requirePackaged(NativeResources.ptx(module), "PTX entry check");
            String ptx = new String(NativeResources.read(NativeResources.ptx(module)), StandardCharsets.US_ASCII);
            assertTrue(ptx.contains(".target sm_90"), module + ".ptx targets compute_90");
            for (String kernel : KERNELS.get(module)) {
                assertTrue(ptx.contains(".entry " + kernel + "("), module + ".ptx lacks " + kernel);
            }
        }
    }

    @Test
    void everyKernelModuleLoadsFromAFatbinWithSass() {
        for (String module : NativeResources.PTX_MODULES) {
            GpuTestSupport.requirePackaged(NativeResources.ptx(module), "fatbin check");
            String resource = NativeResources.kernelModule(module);
            assertTrue(resource.endsWith(module + ".fatbin"), module + " is packaged without its fatbin: " + resource);
            byte[] image = NativeResources.read(resource);
            // A fatbin starts with the magic 0xBA55ED50 (little-endian), which the driver checks.
            int magic = (image[0] & 0xff) | (image[1] & 0xff) << 8 | (image[2] & 0xff) << 16 | (image[3] & 0xff) << 24;
            assertTrue(magic == 0xBA55ED50, module + ".fatbin has no fatbin header");
        }
    }

    @Test
    void optixProgramsArePackagedWithTheShim() {
        GpuTestSupport.requirePackaged(NativeResources.OPTIX_PROGRAMS, "OptiX-IR check");
        assertTrue(NativeResources.read(NativeResources.OPTIX_PROGRAMS).length > 1000, "OptiX-IR module is not empty");
        assertTrue(NativeResources.present(NativeResources.OPTIX_SHIM), "the shim is built together with the programs");
    }
}
