package org.raydb.offload.gpu;

import java.sql.SQLException;

/**
 * A failure of the GPU layer. No raw {@code CUresult} or OptiX status escapes this package tree: every
 * native status becomes one of these, and the engines turn them into SQLExceptions at the offload boundary
 * ({@link #toSqlException()}), where {@code offload=auto} falls back to DuckDB.
 */
public abstract sealed class GpuException extends RuntimeException
        permits GpuUnavailableException, GpuOutOfMemoryException, CudaException, OptixException {

    protected GpuException(String message, Throwable cause) {
        super(message, cause);
    }

    /** SQLState of this failure class (see the subclasses). */
    public abstract String sqlState();

    public SQLException toSqlException() {
        return new SQLException(getMessage(), sqlState(), this);
    }
}
