package org.raydb.offload.gpu.selftest;

import java.util.SplittableRandom;

/**
 * Seeded random columns shaped like an encoded flat table: a small measure x in [0, 1000) (also the
 * triangle's X), a group code y in [0, groups), a filter code z in [0, zRange), two more filter codes a, b in
 * [0, 100) for cubes, a wide measure w in about +-2^40 with about 10% NULLs, and a second grouping with
 * many groups.
 */
final class SelfTestData {

    static final int X_RANGE = 1000;
    static final int Z_RANGE = 10_000;
    static final int AB_RANGE = 100;
    static final int MANY_GROUPS = 5000;

    final int rows;
    final int groups;
    final int[] x;
    final int[] y;
    final int[] z;
    final int[] a;
    final int[] b;
    final int[] manyGroups;
    final long[] w;
    final boolean[] wValid;

    SelfTestData(int rows, int groups, long seed) {
        this.rows = rows;
        this.groups = groups;
        SplittableRandom random = new SplittableRandom(seed);
        x = new int[rows];
        y = new int[rows];
        z = new int[rows];
        a = new int[rows];
        b = new int[rows];
        manyGroups = new int[rows];
        w = new long[rows];
        wValid = new boolean[rows];
        for (int i = 0; i < rows; i++) {
            x[i] = random.nextInt(X_RANGE);
            y[i] = random.nextInt(groups);
            // Skewed: half the rows crowd into the lowest tenth of the Z range.
            z[i] = random.nextBoolean() ? random.nextInt(Z_RANGE / 10) : random.nextInt(Z_RANGE);
            a[i] = random.nextInt(AB_RANGE);
            b[i] = random.nextInt(AB_RANGE);
            manyGroups[i] = random.nextInt(MANY_GROUPS);
            w[i] = random.nextLong(-(1L << 40), 1L << 40);
            wValid[i] = random.nextInt(10) != 0;
        }
    }

    long[] xAsLong() {
        long[] out = new long[rows];
        for (int i = 0; i < rows; i++) out[i] = x[i];
        return out;
    }

    /** Validity bitmap words of w (bit set = not NULL). */
    int[] wValidity() {
        int[] words = new int[(rows + 31) >>> 5];
        for (int i = 0; i < rows; i++) if (wValid[i]) words[i >>> 5] |= 1 << (i & 31);
        return words;
    }
}
