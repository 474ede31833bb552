package org.raydb.offload.exec;

import java.util.BitSet;
import org.raydb.offload.plan.ColumnType;

/**
 * One table column in host memory, as loaded from DuckDB: values in their {@code long} storage form (see
 * {@link ColumnType}) or, for VARCHAR, as strings; NULLs in a bit set.
 */
public final class ColumnData {

    private final String name;
    private final ColumnType type;
    private final long[] longs;
    private final String[] strings;
    private final BitSet nulls;

    public ColumnData(String name, ColumnType type, long[] longs, String[] strings, BitSet nulls) {
        this.name = name;
        this.type = type;
        this.longs = longs;
        this.strings = strings;
        this.nulls = nulls;
    }

    public String name() {
        return name;
    }

    public ColumnType type() {
        return type;
    }

    public int rows() {
        return longs != null ? longs.length : strings.length;
    }

    public boolean isNull(int row) {
        return nulls.get(row);
    }

    /** The storage-form value of a non-VARCHAR row. */
    public long longAt(int row) {
        return longs[row];
    }

    /** {@code Long}, {@code String} or {@code null}: the value in {@link org.raydb.offload.plan.ValueSet}'s domain. */
    public Object valueAt(int row) {
        if (nulls.get(row)) {
            return null;
        }
        return longs != null ? (Object) longs[row] : strings[row];
    }

    /** The storage-form values (not a copy: for uploads; never modify). {@code null} for VARCHAR. */
    public long[] longValues() {
        return longs;
    }

    /** The NULL rows (not a copy; never modify). */
    public BitSet nullRows() {
        return nulls;
    }

    public boolean isString() {
        return strings != null;
    }

    public String stringAt(int row) {
        return strings[row];
    }

    /** Bytes held in memory (strings counted as their UTF-16 payload). */
    public long bytes() {
        if (longs != null) {
            return 8L * longs.length;
        }
        long b = 0;
        for (String s : strings) {
            b += s == null ? 0 : 2L * s.length() + 16;
        }
        return b;
    }
}
