package org.raydb.offload.gpu;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Where the outputs of the native module live in the raydb-native jar, a dependency of rt-offload. The native
 * build (CMake, run by Maven) writes them; built with -Draydb.kernels=skip or without OptiX headers some are
 * absent, and callers ask {@link #present(String)} before relying on one.
 */
public final class NativeResources {

    public static final String BASE = "org/raydb/offload/gpu/native/";
    /** The PTX modules of the CUDA kernels, one per source file of native/kernels. */
    public static final List<String> PTX_MODULES = List.of("bitmap", "compact", "encode", "gather", "query");

    public static final String OPTIX_PROGRAMS = BASE + "raydb_programs.optixir";
    public static final String OPTIX_SHIM = BASE + "linux-x86_64/" + System.mapLibraryName("raydb_optix");

    private NativeResources() {}

    public static String ptx(String module) {
        return BASE + module + ".ptx";
    }

    /**
     * What to load for a kernel module: its fatbin (SASS for the GPUs the build targets, plus the PTX) when
     * packaged, else the PTX alone. The SASS spares the first process on a host the driver's PTX JIT (about
     * 2 s for our modules on an H100); on other GPUs the driver compiles the fatbin's PTX as before.
     */
    public static String kernelModule(String module) {
        String fatbin = BASE + module + ".fatbin";
        return present(fatbin) ? fatbin : ptx(module);
    }

    public static boolean present(String resource) {
        return NativeResources.class.getClassLoader().getResource(resource) != null;
    }

    public static byte[] read(String resource) {
        try (InputStream in = NativeResources.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null)
                throw new GpuUnavailableException(resource + " is not packaged (built without nvcc or OptiX headers)");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * Copies a packaged library to a fresh private temporary directory (removed at exit) and returns its
     * path, as DuckDB's driver does with its own library: a jar entry cannot be mapped directly.
     */
    public static Path extract(String resource) {
        try (InputStream in = NativeResources.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null)
                throw new GpuUnavailableException(resource + " is not packaged (built without OptiX headers)");
            Path dir = Files.createTempDirectory("raydb-native-");
            Path file = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            file.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + resource, e);
        }
    }
}
