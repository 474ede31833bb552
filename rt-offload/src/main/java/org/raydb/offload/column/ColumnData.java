package org.raydb.offload.column;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.Utf8Order;

/**
 * One table column in host memory, as loaded from DuckDB: values in their storage form (see {@link ColumnType}),
 * held as {@code int}s when the type's storage form always fits 32 bits ({@link #holdsInts}: half the memory,
 * and half the page zeroing that dominates a cold load) and as {@code long}s otherwise, or, for VARCHAR, as
 * codes into the column's distinct values sorted in UTF-8 byte order
 * (NULL rows get the code one past the last value), so a string column is already its sorted dictionary;
 * NULLs in a bit set.
 */
public final class ColumnData {

    private final String name;
    private final ColumnType type;
    private final long[] longs;
    private final int[] ints;
    private final int[] stringCodes;
    private final String[] dictionary;
    private final BitSet nulls;
    /**
     * {@link #bytes}, counted once: the host budget asks after every query, and walking a string column's
     * dictionary each time touched every value (cold after a build: a cache miss apiece).
     */
    private final long bytes;

    /** A column of storage-form values ({@code longs}) or of one string per row ({@code strings}). */
    public ColumnData(String name, ColumnType type, long[] longs, String[] strings, BitSet nulls) {
        this.name = name;
        this.type = type;
        this.longs = longs;
        this.ints = null;
        this.nulls = nulls;
        if (strings == null) {
            this.stringCodes = null;
            this.dictionary = null;
        } else {
            this.dictionary = sortedDistinct(strings, nulls);
            this.stringCodes = codes(strings, nulls, dictionary);
        }
        this.bytes = count(this.longs, this.ints, this.stringCodes, this.dictionary);
    }

    private ColumnData(String name, ColumnType type, int[] stringCodes, String[] dictionary, BitSet nulls) {
        this.name = name;
        this.type = type;
        this.longs = null;
        this.ints = null;
        this.stringCodes = stringCodes;
        this.dictionary = dictionary;
        this.nulls = nulls;
        this.bytes = count(null, null, stringCodes, dictionary);
    }

    private ColumnData(String name, ColumnType type, int[] ints, BitSet nulls) {
        this.name = name;
        this.type = type;
        this.longs = null;
        this.ints = ints;
        this.stringCodes = null;
        this.dictionary = null;
        this.nulls = nulls;
        this.bytes = count(null, ints, null, null);
    }

    /** A column of a type that {@link #holdsInts}, its storage-form values in {@code ints}. */
    public static ColumnData ofInts(String name, ColumnType type, int[] ints, BitSet nulls) {
        if (!holdsInts(type)) {
            throw new IllegalArgumentException(type + " values need 64 bits");
        }
        return new ColumnData(name, type, ints, nulls);
    }

    /**
     * Whether every storage-form value of {@code type} fits an {@code int}: the narrow integers, DATE (days) and
     * BOOLEAN. DECIMAL stays wide whatever its width, since Arrow carries it in 128 bits anyway.
     */
    public static boolean holdsInts(ColumnType type) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT, INTEGER, DATE, BOOLEAN -> true;
            default -> false;
        };
    }

    /**
     * A string column already coded: {@code dictionary} holds the distinct non-NULL values in
     * {@link Utf8Order}, {@code codes} every row's index into it ({@code dictionary.length} for NULL rows).
     */
    public static ColumnData ofStringCodes(
            String name, ColumnType type, int[] codes, String[] dictionary, BitSet nulls) {
        return new ColumnData(name, type, codes, dictionary, nulls);
    }

    private static String[] sortedDistinct(String[] strings, BitSet nulls) {
        return java.util.stream.IntStream.range(0, strings.length)
                .filter(r -> !nulls.get(r))
                .mapToObj(r -> strings[r])
                .distinct()
                .sorted(Utf8Order::compare)
                .toArray(String[]::new);
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
        return longs != null ? longs.length : ints != null ? ints.length : stringCodes.length;
    }

    public boolean isNull(int row) {
        return nulls.get(row);
    }

    /** The storage-form value of a non-VARCHAR row. */
    public long longAt(int row) {
        return longs != null ? longs[row] : ints[row];
    }

    /** {@code Long}, {@code String} or {@code null}: the value in {@link org.raydb.offload.plan.ValueSet}'s domain. */
    public Object valueAt(int row) {
        if (nulls.get(row)) {
            return null;
        }
        return stringCodes != null ? dictionary[stringCodes[row]] : (Object) longAt(row);
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
        return bytes;
    }

    private static long count(long[] longs, int[] ints, int[] stringCodes, String[] dictionary) {
        if (longs != null) {
            return 8L * longs.length;
        }
        if (ints != null) {
            return 4L * ints.length;
        }
        long b = 4L * stringCodes.length;
        for (String s : dictionary) {
            b += 2L * s.length() + 16;
        }
        return b;
    }
}
