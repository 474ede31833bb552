package org.raydb.offload.gpu.optix;

import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.RAYDB_OPTIX_ERROR_OUT_OF_MEMORY;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.RAYDB_OPTIX_ERROR_UNAVAILABLE;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.RAYDB_OPTIX_OK;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_last_error;

import org.raydb.offload.gpu.GpuOutOfMemoryException;
import org.raydb.offload.gpu.GpuUnavailableException;
import org.raydb.offload.gpu.OptixException;

/** The shim's status codes become typed exceptions here, with the shim's thread-local message. */
final class OptixStatus {

    private OptixStatus() {}

    static void check(int status, String function) {
        if (status == RAYDB_OPTIX_OK()) return;
        String message = raydb_optix_last_error().getString(0);
        if (message.isEmpty()) message = function + " failed with status " + status;
        if (status == RAYDB_OPTIX_ERROR_UNAVAILABLE()) throw new GpuUnavailableException(message);
        if (status == RAYDB_OPTIX_ERROR_OUT_OF_MEMORY()) throw new GpuOutOfMemoryException(message);
        throw new OptixException(message, status);
    }
}
