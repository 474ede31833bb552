package org.raydb.offload.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.encode.UniformEncoding;
import org.raydb.offload.plan.ColumnType;

class SievingVectorsTest {

    private static UniformEncoding skewed() {
        Random r = new Random(5);
        long[] v = new long[20000];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(4) == 0 ? 7 : r.nextInt(300); // one value holds a quarter of the rows
        }
        ColumnData c = new ColumnData("c", ColumnType.of(ColumnType.Kind.BIGINT), v, null, new BitSet());
        return UniformEncoding.build(SortedDictionary.build(c));
    }

    @Test
    void boundariesNeverSplitARunAndVectorsAreExact() {
        UniformEncoding u = skewed();
        SievingVectors s = SievingVectors.build(u, 16);
        assertTrue(s.count() > 8 && s.count() <= 16);
        for (int b : s.boundaries()) {
            assertTrue(u.isRunStart(b), "boundary " + b + " splits a run");
        }
        for (int c : new int[] {0, 5, 4999, 10000, 19999, 20000}) {
            SievingVectors.Selection sel = s.select(c);
            for (int row = 0; row < u.rows(); row++) {
                assertEquals(u.rankOf(row) < sel.boundary(), sel.approximate().get(row));
            }
            int nearest = Math.abs(sel.boundary() - c);
            for (int b : s.boundaries()) {
                assertTrue(nearest <= Math.abs(b - c), "not the nearest vector");
            }
            assertEquals(sel.boundary() <= c, sel.positive(c));
        }
    }
}
