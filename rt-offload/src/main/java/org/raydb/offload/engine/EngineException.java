package org.raydb.offload.engine;

/**
 * An engine could not run a job (a sum leaving 64 bits, a GPU failure). The offload declines: a refusal under
 * {@code offload=force}, unless DuckDB itself fails on the statement.
 */
public final class EngineException extends Exception {

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
