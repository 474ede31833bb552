package org.raydb.offload.cost;

/**
 * The host-side cost an offload adds to its engine time: the engine's own host work around its launches,
 * handing the groups to DuckDB and DuckDB finishing the statement over them. Taken from the connection's own
 * recent warm runs (the caller leaves out a job's first run on an engine, which pays its uploads): the
 * smallest of the last {@value #RUNS}, since a disturbance (a collection, another query) only ever adds.
 * Assumed at {@value #DEFAULT_MICROS} µs before the first (a trivial DuckDB statement's round trip is 130–250 µs
 * on the 2-core build machine, and the offload has that plus the handoff). Planning is not counted: it is spent before the
 * choice, whichever side then runs the query.
 */
public final class HostOverhead {

    static final int RUNS = 8;
    static final double DEFAULT_MICROS = 300;

    private final long[] recent = new long[RUNS];
    private int recorded;

    public synchronized void record(long runMicros) {
        if (runMicros < 0) return;
        recent[recorded++ % RUNS] = runMicros;
    }

    public synchronized double micros() {
        if (recorded == 0) return DEFAULT_MICROS;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < Math.min(recorded, RUNS); i++) min = Math.min(min, recent[i]);
        return min;
    }

    /** Where {@link #micros()} comes from, for EXPLAIN OFFLOAD. */
    public synchronized String source() {
        return recorded == 0
                ? "assumed before the first warm run"
                : "least of the last " + Math.min(recorded, RUNS) + " warm run(s)";
    }
}
