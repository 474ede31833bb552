package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.ValueSet;

class SortedDictionaryTest {

    @Test
    void codesFollowValueOrderAndNullIsLast() {
        SortedDictionary d = SortedDictionary.build(EncodingTestData.longsWithNulls(30L, null, -5L, 30L, 7L));
        assertEquals(3, d.size());
        assertArrayEquals(new int[] {2, 3, 0, 2, 1}, d.codes());
        assertEquals(-5L, d.value(0));
        assertNull(d.value(d.nullCode()));
    }

    @Test
    void stringsSortByUtf8Bytes() {
        SortedDictionary d = SortedDictionary.build(EncodingTestData.strings("b", "😀", "\uFFFD", null, "a"));
        assertEquals(List.of("a", "b", "\uFFFD", "😀"), List.of(d.value(0), d.value(1), d.value(2), d.value(3)));
        assertEquals(4, d.codeOf(3));
    }

    @Test
    void predicatesBecomeTheExactCodeIntervals() {
        ColumnData c = EncodingTestData.skewed(1, 2000, 500);
        SortedDictionary d = SortedDictionary.build(c);
        List<ValueSet> sets = List.of(
                ValueSet.compare("<", 40L),
                ValueSet.compare(">=", 499L),
                ValueSet.compare("<>", 3L),
                ValueSet.compare("=", 77L).or(ValueSet.compare("=", 2L)),
                ValueSet.isNull(),
                ValueSet.isNotNull(),
                ValueSet.compare(">", 1000L));
        for (ValueSet set : sets) {
            List<int[]> intervals = d.codeIntervals(set);
            for (int row = 0; row < c.rows(); row++) {
                int code = d.codeOf(row);
                boolean inInterval = intervals.stream().anyMatch(iv -> code >= iv[0] && code <= iv[1]);
                assertEquals(set.accepts(c.valueAt(row)), inInterval, set + " row " + row);
            }
        }
    }

    @Test
    void wideAndDenseSpansGiveTheSameCodesAsSorting() {
        // Spans beyond a bit per value (sorted path, including the extremes whose difference overflows) and
        // within it (bit path) must both give each row the rank of its value among the distinct values.
        java.util.Random random = new java.util.Random(3);
        for (long[] values : new long[][] {
            random.longs(3000).toArray(),
            {Long.MIN_VALUE, Long.MAX_VALUE, 0, Long.MIN_VALUE, -1},
            random.longs(3000, -40, 40).toArray(),
            random.longs(3000, 1L << 40, (1L << 40) + 100_000).toArray()
        }) {
            SortedDictionary d = SortedDictionary.build(EncodingTestData.longs(values));
            long[] distinct =
                    java.util.Arrays.stream(values).sorted().distinct().toArray();
            assertEquals(distinct.length, d.size());
            for (int row = 0; row < values.length; row++) {
                assertEquals(java.util.Arrays.binarySearch(distinct, values[row]), d.codeOf(row));
                assertEquals(values[row], d.value(d.codeOf(row)));
            }
        }
    }

    @Test
    void intHeldColumnsEncodeLikeTheSameValuesHeldAsLongs() {
        java.util.Random random = new java.util.Random(5);
        for (int[] values : new int[][] {
            random.ints(3000).toArray(),
            random.ints(3000, -40, 40).toArray(),
            {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, Integer.MIN_VALUE, 7, 7, 7}
        }) {
            // Without NULLs and with every seventh row NULL (the two ways the sorted path gathers its values).
            for (int every : new int[] {0, 7}) {
                java.util.BitSet nulls = new java.util.BitSet();
                for (int row = 0; every > 0 && row < values.length; row += every) {
                    nulls.set(row);
                }
                ColumnType type = ColumnType.of(ColumnType.Kind.INTEGER);
                SortedDictionary narrow = SortedDictionary.build(ColumnData.ofInts("c", type, values, nulls));
                SortedDictionary wide = SortedDictionary.build(new ColumnData(
                        "c",
                        type,
                        java.util.Arrays.stream(values).asLongStream().toArray(),
                        null,
                        nulls));
                assertArrayEquals(wide.codes(), narrow.codes());
                assertEquals(wide.size(), narrow.size());
                for (int code = 0; code < wide.cardinality(); code++) {
                    assertEquals(wide.value(code), narrow.value(code));
                }
            }
        }
    }

    @Test
    void allNullColumnsHaveOnlyTheNullCode() {
        SortedDictionary d = SortedDictionary.build(EncodingTestData.longsWithNulls(null, null));
        assertEquals(0, d.size());
        assertArrayEquals(new int[] {0, 0}, d.codes());
        SortedDictionary s = SortedDictionary.build(EncodingTestData.strings(null, null, null));
        assertEquals(0, s.size());
        assertArrayEquals(new int[] {0, 0, 0}, s.codes());
    }

    @Test
    void exclusiveStringBoundsStayExclusive() {
        SortedDictionary d = SortedDictionary.build(EncodingTestData.strings("a", "ab", "b", "ba"));
        List<int[]> iv = d.codeIntervals(ValueSet.compare(">", "ab").and(ValueSet.compare("<", "ba")));
        assertEquals(1, iv.size());
        assertArrayEquals(new int[] {2, 2}, iv.get(0));
        assertTrue(d.codeIntervals(ValueSet.compare(">", "c")).isEmpty());
    }
}
