package org.raydb.ssb;

/**
 * Reports long phases (generation, import, flattening): a progress bar on an interactive terminal, one line
 * per phase otherwise. Implementations must accept {@link Phase#advance} from several threads.
 */
public interface Progress {

    /** Starts a phase of about {@code total} {@code unit}s (0 when unknown). */
    Phase start(String name, long total, String unit);

    /** A running phase; closing it reports the phase done. */
    interface Phase extends AutoCloseable {
        void advance(long done);

        @Override
        void close();
    }

    /** Reports nothing: for tests and embedded use. */
    static Progress silent() {
        return (name, total, unit) -> new Phase() {
            @Override
            public void advance(long done) {}

            @Override
            public void close() {}
        };
    }
}
