package org.raydb.offload.gpu;

/** A CUDA driver call failed; the message names the call and the CUresult. SQLState 58000. */
public final class CudaException extends GpuException {

    private final int result;

    public CudaException(String call, int result, String resultName) {
        super(call + " failed: " + resultName + " (" + result + ")", null);
        this.result = result;
    }

    /** The CUresult code. */
    public int result() {
        return result;
    }

    @Override
    public String sqlState() {
        return "58000";
    }
}
