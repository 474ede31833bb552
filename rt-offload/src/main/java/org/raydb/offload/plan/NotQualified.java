package org.raydb.offload.plan;

/** Thrown while matching a plan: the query does not qualify for offload, and why. */
public final class NotQualified extends Exception {

    public NotQualified(String reason) {
        super(reason, null, false, false);
    }

    public String reason() {
        return getMessage();
    }
}
