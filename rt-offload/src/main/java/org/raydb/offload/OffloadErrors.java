package org.raydb.offload;

import java.sql.SQLException;

/** SQLStates of the offload layer. */
final class OffloadErrors {

    /** A refusal: the query does not qualify, the asked engine is not available, or the offload failed. */
    static final String NOT_SUPPORTED = "0A000";
    /** verify=true found a different answer. */
    static final String VERIFY_MISMATCH = "XX000";

    private OffloadErrors() {}

    static SQLException of(String message, String state, Throwable cause) {
        return new SQLException("offload: " + message, state, cause);
    }
}
