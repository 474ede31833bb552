package org.raydb.offload.gpu.optix;

import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_init;

import java.nio.file.Files;
import java.nio.file.Path;
import org.raydb.offload.gpu.GpuUnavailableException;
import org.raydb.offload.gpu.NativeResources;

/**
 * Loads libraydb_optix once per process and initialises OptiX through it. Where it comes from, first hit
 * wins: the system property {@code raydb.optix.library} (a file), a directory of {@code java.library.path},
 * or the copy packaged in the jar, extracted once to a temporary directory.
 */
public final class OptixLibrary {

    public static final String PATH_PROPERTY = "raydb.optix.library";

    private static final Object LOCK = new Object();
    private static volatile String failure;
    private static volatile Path loadedFrom;

    private OptixLibrary() {}

    /** Loads and initialises the shim, or throws GpuUnavailableException with the reason (remembered). */
    public static Path ensureLoaded() {
        Path path = loadedFrom;
        if (path != null) return path;
        synchronized (LOCK) {
            if (loadedFrom != null) return loadedFrom;
            if (failure != null) throw new GpuUnavailableException(failure);
            try {
                Path candidate = locate();
                System.load(candidate.toAbsolutePath().toString());
                int status = raydb_optix_init();
                OptixStatus.check(status, "raydb_optix_init");
                loadedFrom = candidate;
                return candidate;
            } catch (GpuUnavailableException e) {
                failure = "OptiX unavailable: " + e.getMessage();
            } catch (RuntimeException | LinkageError e) {
                failure = "OptiX unavailable: " + e;
            }
            throw new GpuUnavailableException(failure);
        }
    }

    /** Null when the shim loads and OptiX initialises, else the reason it does not. */
    public static String probe() {
        try {
            ensureLoaded();
            return null;
        } catch (GpuUnavailableException e) {
            return e.getMessage();
        }
    }

    private static Path locate() {
        String explicit = System.getProperty(PATH_PROPERTY);
        if (explicit != null && !explicit.isBlank()) return Path.of(explicit);
        String fileName = System.mapLibraryName("raydb_optix");
        for (String dir : System.getProperty("java.library.path", "").split(java.io.File.pathSeparator)) {
            if (dir.isBlank()) continue;
            Path candidate = Path.of(dir, fileName);
            if (Files.isRegularFile(candidate)) return candidate;
        }
        if (!NativeResources.present(NativeResources.OPTIX_SHIM)) {
            throw new GpuUnavailableException("libraydb_optix is neither on java.library.path nor packaged "
                    + "(the native module was built without nvcc or without OptiX 9.0 headers at $OPTIX_HOME)");
        }
        return NativeResources.extract(NativeResources.OPTIX_SHIM);
    }
}
