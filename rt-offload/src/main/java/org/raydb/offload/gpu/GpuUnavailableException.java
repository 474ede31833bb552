package org.raydb.offload.gpu;

/** No usable GPU here: no driver, no device, no native library, or OptiX not built. SQLState 0A000. */
public final class GpuUnavailableException extends GpuException {

    public GpuUnavailableException(String reason) {
        this(reason, null);
    }

    public GpuUnavailableException(String reason, Throwable cause) {
        super(reason, cause);
    }

    @Override
    public String sqlState() {
        return "0A000";
    }
}
