package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BijectivePackingTest {

    @Test
    void packingIsABijection() {
        BijectivePacking p = new BijectivePacking(new int[] {3, 4, 5});
        assertEquals(60, p.size());
        boolean[] seen = new boolean[60];
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 4; b++) {
                for (int c = 0; c < 5; c++) {
                    long z = p.pack(new int[] {a, b, c});
                    assertTrue(!seen[(int) z]);
                    seen[(int) z] = true;
                    assertEquals(a, p.unpack(z, 0));
                    assertEquals(b, p.unpack(z, 1));
                    assertEquals(c, p.unpack(z, 2));
                }
            }
        }
    }

    @Test
    void packingColumnsEqualsPackingEachTuple() {
        Random random = new Random(5);
        int[] cards = {7, 1000, 3};
        BijectivePacking p = new BijectivePacking(cards);
        int rows = 40_000;
        int[][] columns = new int[cards.length][rows];
        for (int i = 0; i < cards.length; i++) {
            for (int r = 0; r < rows; r++) {
                columns[i][r] = random.nextInt(cards[i]);
            }
        }
        long[] z = p.packAll(columns, rows);
        int[] zInts = p.packAllInts(columns, rows);
        for (int r = 0; r < rows; r++) {
            long expected = p.pack(new int[] {columns[0][r], columns[1][r], columns[2][r]});
            assertEquals(expected, z[r]);
            assertEquals(expected, zInts[r]);
        }
    }

    /** The paper's example: Z = 101·Year + English; Year ∈ [1,2], English ≥ 60 gives [161,201] and [262,302]. */
    @Test
    void paperExample() {
        BijectivePacking p = new BijectivePacking(new int[] {5, 101});
        List<long[]> z = p.intervals(List.of(List.of(new int[] {1, 2}), List.of(new int[] {60, 100})), 100);
        assertEquals(2, z.size());
        assertEquals(List.of(161L, 201L, 262L, 302L), List.of(z.get(0)[0], z.get(0)[1], z.get(1)[0], z.get(1)[1]));
    }

    @Test
    void intervalsMatchBruteForce() {
        Random r = new Random(3);
        int[] cards = {4, 7, 6};
        BijectivePacking p = new BijectivePacking(cards);
        for (int trial = 0; trial < 200; trial++) {
            List<List<int[]>> per = new ArrayList<>();
            for (int card : cards) {
                if (r.nextInt(3) == 0) {
                    per.add(null);
                    continue;
                }
                List<int[]> ivs = new ArrayList<>();
                int at = 0;
                while (at < card && r.nextBoolean()) {
                    int lo = at + r.nextInt(card - at);
                    int hi = lo + r.nextInt(card - lo);
                    ivs.add(new int[] {lo, hi});
                    at = hi + 2;
                }
                per.add(ivs);
            }
            List<long[]> z = p.intervals(per, 1000);
            for (long code = 0; code < p.size(); code++) {
                boolean expected = true;
                for (int i = 0; i < cards.length; i++) {
                    int v = p.unpack(code, i);
                    expected &= per.get(i) == null || per.get(i).stream().anyMatch(iv -> v >= iv[0] && v <= iv[1]);
                }
                final long c = code;
                assertEquals(expected, z.stream().anyMatch(iv -> c >= iv[0] && c <= iv[1]), "code " + code);
            }
            for (int i = 1; i < z.size(); i++) {
                assertTrue(z.get(i)[0] > z.get(i - 1)[1] + 1, "intervals not disjoint and merged");
            }
        }
    }

    @Test
    void tooManyIntervalsIsReported() {
        BijectivePacking p = new BijectivePacking(new int[] {1000, 1000});
        assertNull(p.intervals(List.of(List.of(new int[] {0, 999}), List.of(new int[] {5, 5})), 100));
    }
}
