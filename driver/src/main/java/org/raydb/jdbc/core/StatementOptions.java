package org.raydb.jdbc.core;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options an application set on a plain statement (fetch size, timeout, limits...), kept so they can be
 * set again on the fresh DuckDB statement that replaces one DuckDB closed after a failed execution.
 */
final class StatementOptions {

    /** Sets one option on a DuckDB statement. */
    @FunctionalInterface
    interface Option {
        void applyTo(Statement duckdb) throws SQLException;
    }

    private final Map<String, Option> options = new LinkedHashMap<>();

    /** Remembers the latest value of the option {@code name}. */
    synchronized void remember(String name, Option option) {
        options.put(name, option);
    }

    synchronized void applyTo(Statement duckdb) throws SQLException {
        for (Option option : options.values()) {
            option.applyTo(duckdb);
        }
    }
}
