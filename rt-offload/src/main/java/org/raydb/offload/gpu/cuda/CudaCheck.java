package org.raydb.offload.gpu.cuda;

import jcuda.driver.CUresult;
import org.raydb.offload.gpu.CudaException;
import org.raydb.offload.gpu.GpuOutOfMemoryException;

/** Turns CUresult codes into exceptions; JCuda's own exception mode stays off, so every call is checked here. */
final class CudaCheck {

    private CudaCheck() {}

    static void check(int result, String call) {
        if (result == CUresult.CUDA_SUCCESS) return;
        if (result == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            throw new GpuOutOfMemoryException(call + " failed: CUDA_ERROR_OUT_OF_MEMORY");
        }
        throw new CudaException(call, result, CUresult.stringFor(result));
    }
}
