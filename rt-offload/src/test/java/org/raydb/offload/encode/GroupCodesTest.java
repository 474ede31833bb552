package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void noKeysIsOneGroupEvenWithoutRows() {
        assertEquals(1, GroupCodes.build(new SortedDictionary[0], 0).count());
        assertEquals(1, GroupCodes.build(new SortedDictionary[0], 10).count());
    }
}
