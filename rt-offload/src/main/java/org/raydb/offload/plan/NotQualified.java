package org.raydb.offload.plan;

/**
 * Thrown while matching a plan: the query does not qualify for offload, and why. {@link #duckDbMayReject()}
 * marks reasons that suggest DuckDB itself rejects the statement (it could not bind it, or could not fold a
 * constant): then DuckDB's own error, not the refusal, is what the application must see.
 */
public final class NotQualified extends Exception {

    private final boolean duckDbMayReject;

    public NotQualified(String reason) {
        this(reason, false);
    }

    public NotQualified(String reason, boolean duckDbMayReject) {
        super(reason, null, false, false);
        this.duckDbMayReject = duckDbMayReject;
    }

    public String reason() {
        return getMessage();
    }

    public boolean duckDbMayReject() {
        return duckDbMayReject;
    }
}
