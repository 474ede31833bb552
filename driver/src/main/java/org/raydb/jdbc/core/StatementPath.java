package org.raydb.jdbc.core;

import java.lang.invoke.MethodHandles;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Loads, verifies and initializes the classes every statement runs through, once per process, as its first
 * connection opens. Left to the first statement, this work (the JVM's class loading and bytecode verification,
 * which profilers do not sample) made a new process's first answer later than DuckDB's own (about 5 ms on a 2-core
 * machine); a connection's opening already starts DuckDB and the offload layer, and pays it once.
 */
final class StatementPath {

    private static final AtomicBoolean LOADED = new AtomicBoolean();

    private StatementPath() {}

    static void loadOnce() {
        if (!LOADED.compareAndSet(false, true)) {
            return;
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        List<Class<?>> classes = List.of(
                StatementWrapper.class,
                PreparedStatementWrapper.class,
                StatementOptions.class,
                ResultSetWrapper.class,
                SqlText.class);
        for (Class<?> c : classes) {
            try {
                lookup.ensureInitialized(c);
            } catch (IllegalAccessException e) {
                throw new AssertionError(e); // a class of this package
            }
        }
        // The statement check's own code, run once on a query and a write.
        SqlText.isQuery("SELECT 1");
        SqlText.mayWrite("INSERT INTO t VALUES (1)");
    }
}
