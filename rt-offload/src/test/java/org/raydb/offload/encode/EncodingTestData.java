package org.raydb.offload.encode;

import java.util.BitSet;
import java.util.Random;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.plan.ColumnType;

/** Small in-memory columns for encoding tests. */
final class EncodingTestData {

    private EncodingTestData() {}

    static ColumnData longs(long... values) {
        return new ColumnData("c", ColumnType.of(ColumnType.Kind.BIGINT), values, null, new BitSet());
    }

    static ColumnData longsWithNulls(Long... values) {
        long[] v = new long[values.length];
        BitSet nulls = new BitSet();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                nulls.set(i);
            } else {
                v[i] = values[i];
            }
        }
        return new ColumnData("c", ColumnType.of(ColumnType.Kind.BIGINT), v, null, nulls);
    }

    static ColumnData strings(String... values) {
        BitSet nulls = new BitSet();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                nulls.set(i);
            }
        }
        return new ColumnData("s", ColumnType.of(ColumnType.Kind.VARCHAR), null, values, nulls);
    }

    /** Skewed random values in [0, range) with some NULLs. */
    static ColumnData skewed(long seed, int rows, int range) {
        Random r = new Random(seed);
        Long[] v = new Long[rows];
        for (int i = 0; i < rows; i++) {
            v[i] = r.nextInt(10) == 0 ? null : (long) (Math.pow(r.nextDouble(), 3) * range);
        }
        return longsWithNulls(v);
    }
}
