package org.raydb.offload;

import java.sql.SQLException;

/** SQLStates of the offload layer. */
final class OffloadErrors {

    /** The query does not qualify, or the asked engine is not available. */
    static final String NOT_SUPPORTED = "0A000";
    /** The offload failed while running. */
    static final String EXECUTION_FAILED = "58000";
    /** verify=true found a different answer. */
    static final String VERIFY_MISMATCH = "XX000";

    private OffloadErrors() {
    }

    static SQLException of(String message, String state, Throwable cause) {
        return new SQLException("offload: " + message, state, cause);
    }
}
