package org.raydb.offload.engine;

/** An engine could not run a job; {@code sqlState} classifies it (22003 for overflow, 58000 for failures). */
public final class EngineException extends Exception {

    private final String sqlState;

    public EngineException(String message, String sqlState, Throwable cause) {
        super(message, cause);
        this.sqlState = sqlState;
    }

    public String sqlState() {
        return sqlState;
    }
}
