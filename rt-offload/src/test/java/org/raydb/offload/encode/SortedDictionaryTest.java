package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.exec.ColumnData;
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
        List<ValueSet> sets = List.of(ValueSet.compare("<", 40L), ValueSet.compare(">=", 499L),
                ValueSet.compare("<>", 3L), ValueSet.compare("=", 77L).or(ValueSet.compare("=", 2L)),
                ValueSet.isNull(), ValueSet.isNotNull(), ValueSet.compare(">", 1000L));
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
    void exclusiveStringBoundsStayExclusive() {
        SortedDictionary d = SortedDictionary.build(EncodingTestData.strings("a", "ab", "b", "ba"));
        List<int[]> iv = d.codeIntervals(ValueSet.compare(">", "ab").and(ValueSet.compare("<", "ba")));
        assertEquals(1, iv.size());
        assertArrayEquals(new int[] {2, 2}, iv.get(0));
        assertTrue(d.codeIntervals(ValueSet.compare(">", "c")).isEmpty());
    }
}
