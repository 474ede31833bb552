package org.raydb.offload.exec;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.Utf8Order;

/**
 * One table column in host memory, as loaded from DuckDB: values in their {@code long} storage form (see
 * {@link ColumnType}) or, for VARCHAR, as codes into the column's distinct values sorted in UTF-8 byte order
 * (NULL rows get the code one past the last value), so a string column is already its sorted dictionary;
 * NULLs in a bit set.
 */
public final class ColumnData {

    private final String name;
    private final ColumnType type;
    private final long[] longs;
    private final int[] stringCodes;
    private final String[] dictionary;
    private final BitSet nulls;

    /** A column of storage-form values ({@code longs}) or of one string per row ({@code strings}). */
    public ColumnData(String name, ColumnType type, long[] longs, String[] strings, BitSet nulls) {
        this.name = name;
        this.type = type;
        this.longs = longs;
        this.nulls = nulls;
        if (strings == null) {
            this.stringCodes = null;
            this.dictionary = null;
        } else {
            this.dictionary = sortedDistinct(strings, nulls);
            this.stringCodes = codes(strings, nulls, dictionary);
        }
    }

    private ColumnData(String name, ColumnType type, int[] stringCodes, String[] dictionary, BitSet nulls) {
        this.name = name;
        this.type = type;
        this.longs = null;
        this.stringCodes = stringCodes;
        this.dictionary = dictionary;
        this.nulls = nulls;
    }

    /**
     * A string column already coded: {@code dictionary} holds the distinct non-NULL values in
     * {@link Utf8Order}, {@code codes} every row's index into it ({@code dictionary.length} for NULL rows).
     */
    public static ColumnData ofStringCodes(String name, ColumnType type, int[] codes, String[] dictionary,
            BitSet nulls) {
        return new ColumnData(name, type, codes, dictionary, nulls);
    }

    private static String[] sortedDistinct(String[] strings, BitSet nulls) {
        return java.util.stream.IntStream.range(0, strings.length).filter(r -> !nulls.get(r))
                .mapToObj(r -> strings[r]).distinct().sorted(Utf8Order::compare).toArray(String[]::new);
    }

    private static int[] codes(String[] strings, BitSet nulls, String[] dictionary) {
        Map<String, Integer> index = new HashMap<>(dictionary.length * 2);
        for (int i = 0; i < dictionary.length; i++) {
            index.put(dictionary[i], i);
        }
        int[] codes = new int[strings.length];
        Arrays.parallelSetAll(codes, r -> nulls.get(r) ? dictionary.length : index.get(strings[r]));
        return codes;
    }

    public String name() {
        return name;
    }

    public ColumnType type() {
        return type;
    }

    public int rows() {
        return longs != null ? longs.length : stringCodes.length;
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
        return longs != null ? (Object) longs[row] : dictionary[stringCodes[row]];
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
        return stringCodes != null;
    }

    public String stringAt(int row) {
        return nulls.get(row) ? null : dictionary[stringCodes[row]];
    }

    /** VARCHAR: every row's code into {@link #stringDictionary()} (not a copy; never modify). */
    public int[] stringCodes() {
        return stringCodes;
    }

    /** VARCHAR: the distinct non-NULL values in UTF-8 byte order (not a copy; never modify). */
    public String[] stringDictionary() {
        return dictionary;
    }

    /** Bytes held in memory (strings counted as their UTF-16 payload). */
    public long bytes() {
        if (longs != null) {
            return 8L * longs.length;
        }
        long b = 4L * stringCodes.length;
        for (String s : dictionary) {
            b += 2L * s.length() + 16;
        }
        return b;
    }
}
