package org.raydb.offload.engine;

/**
 * Rows {@code [from, to)} of a job's table: the part of it one device answers for. Group codes, dictionaries
 * and encodings stay the whole table's, so a part's groups mean the same as every other part's.
 */
public record RowRange(int from, int to) {

    public RowRange {
        if (from < 0 || to < from) throw new IllegalArgumentException("rows [" + from + ", " + to + ")");
    }

    /** Every row of a table of {@code rows} rows. */
    public static RowRange all(int rows) {
        return new RowRange(0, rows);
    }

    public int length() {
        return to - from;
    }

    /** Whether this is every row of a table of {@code rows} rows. */
    public boolean covers(int rows) {
        return from == 0 && to == rows;
    }

    @Override
    public String toString() {
        return "rows " + from + ".." + to;
    }
}
