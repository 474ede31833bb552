package org.raydb.offload.gpu;

/** A device allocation failed (CUDA or OptiX). SQLState 53200, out of memory. */
public final class GpuOutOfMemoryException extends GpuException {

    public GpuOutOfMemoryException(String message) {
        super(message, null);
    }

    @Override
    public String sqlState() {
        return "53200";
    }
}
