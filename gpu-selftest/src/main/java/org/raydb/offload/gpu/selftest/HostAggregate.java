package org.raydb.offload.gpu.selftest;

import java.util.Arrays;
import java.util.function.IntPredicate;

/** The Java side of every check: per-group COUNT(*), non-NULL count, SUM, MIN and MAX of one measure. */
final class HostAggregate {

    final long[] counts;
    final long[] validCounts;
    final long[] sums;
    final long[] mins;
    final long[] maxs;

    private HostAggregate(int groups) {
        counts = new long[groups];
        validCounts = new long[groups];
        sums = new long[groups];
        mins = new long[groups];
        maxs = new long[groups];
        Arrays.fill(mins, Long.MAX_VALUE);
        Arrays.fill(maxs, Long.MIN_VALUE);
    }

    /** groupOf null = one group; valid null = no NULLs. */
    static HostAggregate of(
            int rows, int groups, IntPredicate selected, int[] groupOf, long[] values, boolean[] valid) {
        HostAggregate out = new HostAggregate(groups);
        for (int i = 0; i < rows; i++) {
            if (!selected.test(i)) continue;
            int g = groupOf == null ? 0 : groupOf[i];
            out.counts[g]++;
            if (valid != null && !valid[i]) continue;
            out.validCounts[g]++;
            out.sums[g] += values[i];
            out.mins[g] = Math.min(out.mins[g], values[i]);
            out.maxs[g] = Math.max(out.maxs[g], values[i]);
        }
        return out;
    }

    long selectedRows() {
        return Arrays.stream(counts).sum();
    }

    /** Null when equal, else the first difference, named. */
    static String compare(String what, long[] expected, long[] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                return what + "[" + i + "]: expected " + expected[i] + ", GPU " + actual[i];
            }
        }
        return null;
    }

    static String firstMismatch(String... mismatches) {
        for (String m : mismatches) if (m != null) return m;
        return null;
    }
}
