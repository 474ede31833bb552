package org.raydb.offload.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.encode.UniformEncoding;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.index.SievingVectors;
import org.raydb.offload.plan.ColumnType;

class CubeRefineTest {

    @Test
    void sievingPlusRefineIsExact() {
        Random r = new Random(11);
        long[] v = new long[30000];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(3) == 0 ? 42 : r.nextInt(5000);
        }
        ColumnData c = new ColumnData("c", ColumnType.of(ColumnType.Kind.BIGINT), v, null, new BitSet());
        SortedDictionary d = SortedDictionary.build(c);
        UniformEncoding u = UniformEncoding.build(d);
        SievingVectors s = SievingVectors.build(u, 16);
        for (int trial = 0; trial < 50; trial++) {
            List<int[]> codes = new ArrayList<>();
            int at = 0;
            while (at < d.size() && codes.size() < 3) {
                int lo = at + r.nextInt(Math.max(1, d.size() - at));
                int hi = Math.min(d.size() - 1, lo + r.nextInt(trial % 2 == 0 ? 5 : 3000));
                codes.add(new int[] {lo, hi});
                at = hi + 2;
            }
            List<int[]> ranks =
                    codes.stream().map(iv -> u.rankInterval(iv[0], iv[1])).toList();
            BitSet got = CubeRefine.rows(new RankFilter("c", u, s, ranks), new long[1]);
            BitSet expected = new BitSet();
            for (int row = 0; row < v.length; row++) {
                int code = d.codeOf(row);
                if (codes.stream().anyMatch(iv -> code >= iv[0] && code <= iv[1])) {
                    expected.set(row);
                }
            }
            assertEquals(expected, got, "trial " + trial);
        }
    }

    @Test
    void epsilonGrowsBeyondExactFloatRanks() {
        assertEquals(0f, CubeRefine.epsilon(1 << 20));
        assertEquals(4f, CubeRefine.epsilon((1 << 24) + 5), "ranks below 2^25: 2^(25-23)");
    }
}
