package org.raydb.ssb.suite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares two results of the same query exactly. Where the query's ORDER BY fixes the order, rows must come
 * in the same order; rows whose ORDER BY values tie (or all rows, without ORDER BY) may come in any order
 * among themselves, so they are compared as multisets.
 */
public final class ResultComparison {

    private ResultComparison() {}

    /** Empty if {@code actual} equals {@code expected}, else a description of the first difference. */
    public static Optional<String> difference(ResultTable expected, ResultTable actual, List<String> orderBy) {
        if (!expected.labels().equals(actual.labels())) {
            return Optional.of("columns differ: " + expected.labels() + " vs " + actual.labels());
        }
        if (!expected.typeNames().equals(actual.typeNames())) {
            return Optional.of("column types differ: " + expected.typeNames() + " vs " + actual.typeNames());
        }
        if (expected.rowCount() != actual.rowCount()) {
            return Optional.of("row counts differ: " + expected.rowCount() + " vs " + actual.rowCount());
        }
        List<Integer> keys = new ArrayList<>();
        for (String name : orderBy) {
            int index = expected.labels().indexOf(name);
            if (index < 0) {
                // An ORDER BY on something not in the output: the order cannot be checked, only the rows.
                keys.clear();
                break;
            }
            keys.add(index);
        }
        int start = 0;
        while (start < expected.rowCount()) {
            int end = runEnd(expected.rows(), start, keys);
            List<List<String>> want = expected.rows().subList(start, end);
            List<List<String>> got = actual.rows().subList(start, end);
            if (!sameMultiset(want, got)) {
                return Optional.of("rows " + start + ".." + (end - 1) + " differ: expected " + preview(want)
                        + " but got " + preview(got));
            }
            start = end;
        }
        return Optional.empty();
    }

    /** The end (exclusive) of the run of rows from {@code start} whose ORDER BY values equal its own. */
    private static int runEnd(List<List<String>> rows, int start, List<Integer> keys) {
        if (keys.isEmpty()) {
            return rows.size();
        }
        int end = start + 1;
        while (end < rows.size() && sameKeys(rows.get(start), rows.get(end), keys)) {
            end++;
        }
        return end;
    }

    private static boolean sameKeys(List<String> a, List<String> b, List<Integer> keys) {
        for (int k : keys) {
            if (!a.get(k).equals(b.get(k))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameMultiset(List<List<String>> a, List<List<String>> b) {
        Map<List<String>, Integer> counts = new HashMap<>();
        a.forEach(row -> counts.merge(row, 1, Integer::sum));
        for (List<String> row : b) {
            Integer n = counts.get(row);
            if (n == null) {
                return false;
            }
            if (n == 1) {
                counts.remove(row);
            } else {
                counts.put(row, n - 1);
            }
        }
        return counts.isEmpty();
    }

    private static String preview(List<List<String>> rows) {
        return rows.size() <= 3 ? rows.toString() : rows.subList(0, 3) + " ... (" + rows.size() + " rows)";
    }
}
