package org.raydb.offload.build;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where the cold start's time goes, for the whole process: the wall time spent in each phase of building the
 * resident data (export, encode, upload, sieving vectors and BVH apart). A phase is timed on
 * the thread that runs it (its parallel parts included); a phase started inside another counts on its own and
 * pauses the outer one, so the phases add up to the time spent building. Cheap enough to stay on: two clock
 * reads per build, and builds happen once per snapshot.
 */
public final class BuildPhases {

    /** The phases, in the order data flows through them. */
    public enum Phase {
        /** Columns exported from DuckDB through Arrow into host arrays. */
        LOAD("load"),
        /** Sorted dictionaries and RTScan's uniform (rank) encodings. */
        ENCODE("encode"),
        /** Dense group codes of group-key tuples. */
        GROUP_CODES("group codes"),
        /** RTScan sieving vectors. */
        SIEVING("sieving"),
        /** BVH-catalog entries: packed Z codes and the rows in Z order (for the cuda engine sorted on the GPU). */
        SCENES("scenes"),
        /**
         * Measures evaluated exactly on the host (decimal scaling, range and overflow checks); for the GPU they are
         * evaluated straight into pinned staging memory, so their upload overlaps and counts here.
         */
        MEASURES("measures"),
        /** Host-to-device copies of codes, ranks, group codes and measure validity. */
        UPLOAD("upload"),
        /** Z-sorted projections gathered on the device. */
        PROJECTIONS("projections"),
        /** OptiX geometry: primitives and acceleration structures. */
        GAS("gas");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static final LongAdder[] NANOS = new LongAdder[Phase.values().length];
    private static final ThreadLocal<Span> CURRENT = new ThreadLocal<>();

    static {
        for (int i = 0; i < NANOS.length; i++) NANOS[i] = new LongAdder();
    }

    private BuildPhases() {}

    /** A running phase; close it when the phase ends (try-with-resources). */
    public static final class Span implements AutoCloseable {
        private final Phase phase;
        private final Span outer;
        private long from;

        private Span(Phase phase, Span outer) {
            this.phase = phase;
            this.outer = outer;
        }

        @Override
        public void close() {
            long now = System.nanoTime();
            NANOS[phase.ordinal()].add(now - from);
            CURRENT.set(outer);
            if (outer != null) outer.from = now;
        }
    }

    /** Starts timing {@code phase} on this thread, pausing the phase it runs inside. */
    public static Span start(Phase phase) {
        long now = System.nanoTime();
        Span outer = CURRENT.get();
        if (outer != null) NANOS[outer.phase.ordinal()].add(now - outer.from);
        Span span = new Span(phase, outer);
        span.from = now;
        CURRENT.set(span);
        return span;
    }

    /** Microseconds spent in each phase since the process started (or the last {@link #reset()}). */
    public static Map<Phase, Long> micros() {
        Map<Phase, Long> out = new EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) out.put(p, NANOS[p.ordinal()].sum() / 1000);
        return out;
    }

    public static void reset() {
        for (LongAdder a : NANOS) a.reset();
    }
}
