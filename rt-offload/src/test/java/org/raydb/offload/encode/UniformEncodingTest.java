package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.raydb.offload.column.ColumnData;

class UniformEncodingTest {

    @Test
    void ranksArePermutationWithContiguousRuns() {
        ColumnData c = EncodingTestData.skewed(2, 5000, 50);
        SortedDictionary d = SortedDictionary.build(c);
        UniformEncoding u = UniformEncoding.build(d);
        boolean[] seen = new boolean[c.rows()];
        for (int row = 0; row < c.rows(); row++) {
            int r = u.rankOf(row);
            assertTrue(!seen[r], "rank used twice");
            seen[r] = true;
            assertEquals(row, u.rowAt(r));
            int code = d.codeOf(row);
            assertTrue(r >= u.runStart(code) && r < u.runEnd(code), "rank outside its value's run");
        }
        // Runs follow the dictionary order, NULL last.
        for (int code = 0; code < d.cardinality(); code++) {
            assertEquals(code == 0 ? 0 : u.runEnd(code - 1), u.runStart(code));
        }
        assertEquals(c.rows(), u.runEnd(d.nullCode()));
        assertTrue(u.isRunStart(u.runStart(3)));
    }
}
