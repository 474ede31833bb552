package org.raydb.offload.mirror;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.raydb.offload.ResultComparator;

/**
 * What one statement gave on one side: rows with their column names and types, an update count, or an error.
 * Two outcomes match when both failed, or both gave the same update count, or the same types and rows: values
 * by {@code equals} (doubles by their bits, decimals with their scale), in order where the query's ORDER BY
 * defines it, else as multisets.
 */
record Outcome(List<String> types, List<List<Object>> rows, boolean ordered, long count, String error) {

    static Outcome rows(ResultSet rs, boolean ordered) throws SQLException {
        try (rs) {
            return new Outcome(ResultComparator.types(rs), ResultComparator.rows(rs), ordered, -1, null);
        }
    }

    static Outcome count(long count) {
        return new Outcome(List.of(), List.of(), false, count, null);
    }

    static Outcome error(Exception e) {
        return new Outcome(List.of(), List.of(), false, -1, e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    /** The current result of {@code st} after {@code execute} returned {@code hasResult}. */
    static Outcome of(Statement st, boolean hasResult, boolean ordered) throws SQLException {
        return hasResult ? rows(st.getResultSet(), ordered) : count(st.getUpdateCount());
    }

    boolean failed() {
        return error != null;
    }

    /** {@code null} when {@code actual} matches this (expected) outcome, else what differs. */
    String difference(Outcome actual) {
        if (failed() || actual.failed()) {
            return failed() == actual.failed()
                    ? null
                    : "expected " + describe() + "\n      but got " + actual.describe();
        }
        if (!types.equals(actual.types)) {
            return "column types " + actual.types + " instead of " + types;
        }
        if (count != actual.count) {
            return "update count " + actual.count + " instead of " + count;
        }
        List<List<Object>> expected = ordered ? rows : sorted(rows);
        List<List<Object>> got = ordered ? actual.rows : sorted(actual.rows);
        for (int i = 0; i < Math.min(expected.size(), got.size()); i++) {
            if (!Objects.equals(expected.get(i), got.get(i))) {
                return (ordered ? "row " + i + " " : "row ") + got.get(i) + " instead of " + expected.get(i);
            }
        }
        return expected.size() == got.size() ? null : "row count " + got.size() + " instead of " + expected.size();
    }

    /** Multiset order: by the rows' text, which tells apart any two values that are not equal (-0.0 from 0.0). */
    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(String::valueOf));
        return copy;
    }

    String describe() {
        if (failed()) {
            return "error " + error;
        }
        return count >= 0
                ? "update count " + count
                : types + " " + (rows.size() > 8 ? rows.subList(0, 8) + "... (" + rows.size() + " rows)" : rows);
    }
}
