package org.raydb.offload.gpu;

/**
 * An OptiX or shim call failed; the message is the shim's, naming the call, its OptixResult and the
 * compiler log where there is one. SQLState 58000.
 */
public final class OptixException extends GpuException {

    private final int status;

    public OptixException(String message, int status) {
        super(message, null);
        this.status = status;
    }

    /** The shim's status code ({@code raydb_optix_status}). */
    public int status() {
        return status;
    }

    @Override
    public String sqlState() {
        return "58000";
    }
}
