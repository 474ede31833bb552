package org.raydb.offload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.raydb.offload.plan.PlannedQuery;

/**
 * The decisions pristine sessions of one database ran, for its other pristine sessions, which bind a statement as
 * any new connection of the database does: a process that opens a connection per request, or closes every
 * connection and opens another, finds its statements planned. A decision holds while its table and the other
 * attached files stay at the versions it ran at and no setting of the process changed since; each connection takes
 * its own copy (its own result relation). Also whether a session of the database handed DuckDB's objects out,
 * after which none are shared.
 */
final class SharedDecisions {

    private static final int SIZE = 512;

    /**
     * A decision, the table version and other attached files' stamps it last ran at, the process's settings count
     * then, and its finishing as the direct finish read it ({@code null}: not yet, or DuckDB finishes it).
     */
    record Decision(
            PlannedQuery query, ConnectionOffloader.Seen seen, long settingsEpoch, ResultHandoff.Known finish) {}

    private final Map<List<Object>, Decision> decisions = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, Decision> eldest) {
            return size() > SIZE;
        }
    };

    /** The decision for a statement and its parameters ({@code key}), or {@code null}. */
    synchronized Decision get(List<Object> key) {
        return decisions.get(key);
    }

    synchronized void put(List<Object> key, Decision decision) {
        decisions.put(key, decision);
    }

    /**
     * A session of the database handed DuckDB's objects out: most settings that change an answer are the
     * instance's (DuckDB's {@code default_order}, {@code default_collation}, division, time zone), so a {@code SET}
     * through them changes every session's, unseen by the driver, and every session compares its settings from now
     * on.
     */
    void handedOut() {
        handedOut = true;
    }

    /** Whether a session of the database handed DuckDB's objects out ({@link #handedOut()}). */
    boolean anyHandedOut() {
        return handedOut;
    }

    private volatile boolean handedOut;
}
