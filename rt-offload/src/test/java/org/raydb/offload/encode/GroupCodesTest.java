package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GroupCodesTest {

    @Test
    void denseCodesInTupleOrderWithNullGroups() {
        SortedDictionary a = SortedDictionary.build(EncodingTestData.longsWithNulls(2L, 1L, null, 2L, 1L));
        SortedDictionary b = SortedDictionary.build(EncodingTestData.strings("x", "y", "x", "x", "y"));
        GroupCodes g = GroupCodes.build(new SortedDictionary[] {a, b}, 5);
        assertEquals(3, g.count());
        assertArrayEquals(new int[] {1, 0, 2, 1, 0}, g.groupOfRow());
        assertArrayEquals(new int[] {a.nullCode(), 0}, g.keyCodes(2));
    }

    @Test
    void smallAndHugeKeySpacesBothNumberTheOccurringTuplesInOrder() {
        java.util.Random random = new java.util.Random(11);
        int rows = 5000;
        // 3 keys of 60 values (a key space ranked with a bit per tuple), and of 2,000 values (8e9 tuples: sorted).
        for (int range : new int[] {60, 2000}) {
            SortedDictionary[] keys = new SortedDictionary[3];
            for (int k = 0; k < keys.length; k++) {
                keys[k] = SortedDictionary.build(
                        EncodingTestData.longs(random.longs(rows, 0, range).toArray()));
            }
            GroupCodes g = GroupCodes.build(keys, rows);
            java.util.List<java.util.List<Integer>> tuples = java.util.stream.IntStream.range(0, rows)
                    .mapToObj(r -> java.util.List.of(keys[0].codeOf(r), keys[1].codeOf(r), keys[2].codeOf(r)))
                    .distinct()
                    .sorted(java.util.Comparator.<java.util.List<Integer>, Integer>comparing(t -> t.get(0))
                            .thenComparing(t -> t.get(1))
                            .thenComparing(t -> t.get(2)))
                    .toList();
            assertEquals(tuples.size(), g.count());
            for (int r = 0; r < rows; r++) {
                java.util.List<Integer> t = tuples.get(g.groupOf(r));
                assertEquals(java.util.List.of(keys[0].codeOf(r), keys[1].codeOf(r), keys[2].codeOf(r)), t);
                assertArrayEquals(new int[] {t.get(0), t.get(1), t.get(2)}, g.keyCodes(g.groupOf(r)));
            }
        }
    }

    @Test
    void packedCodesNumberEveryTupleOfTheKeySpaceInTheDenseCodesOrder() {
        SortedDictionary a = SortedDictionary.build(EncodingTestData.longsWithNulls(2L, 1L, null, 2L, 1L));
        SortedDictionary b = SortedDictionary.build(EncodingTestData.strings("x", "y", "x", "x", "y"));
        SortedDictionary[] keys = {a, b};
        GroupCodes dense = GroupCodes.build(keys, 5);
        GroupCodes packed = GroupCodes.packed(keys, 5);
        assertTrue(packed.isPacked());
        assertEquals((long) a.cardinality() * b.cardinality(), packed.count());
        for (int r = 0; r < 5; r++) {
            assertArrayEquals(dense.keyCodes(dense.groupOf(r)), packed.keyCodes(packed.groupOf(r)));
            // the order of tuples is the dense codes' order
            for (int s = 0; s < 5; s++) {
                assertEquals(
                        Integer.signum(Integer.compare(dense.groupOf(r), dense.groupOf(s))),
                        Integer.signum(Integer.compare(packed.groupOf(r), packed.groupOf(s))));
            }
        }
    }

    @Test
    void keySpacesTooLargeToPackAreLeftToDenseCodes() {
        int rows = 3000;
        java.util.Random random = new java.util.Random(5);
        SortedDictionary[] keys = new SortedDictionary[2];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = SortedDictionary.build(
                    EncodingTestData.longs(random.longs(rows, 0, 2000).toArray()));
        }
        assertNull(GroupCodes.packed(keys, rows), "millions of slots for 3,000 rows");
        assertNull(GroupCodes.packed(new SortedDictionary[0], rows), "no keys: one dense group");
        assertNotNull(GroupCodes.packed(new SortedDictionary[] {keys[0]}, rows));
    }

    @Test
    void noKeysIsOneGroupEvenWithoutRows() {
        assertEquals(1, GroupCodes.build(new SortedDictionary[0], 0).count());
        assertEquals(1, GroupCodes.build(new SortedDictionary[0], 10).count());
    }
}
