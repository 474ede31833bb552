package org.raydb.offload.encode;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/**
 * Rows ordered stably by a small non-negative int code (rows of one code keep table order), by a counting
 * sort; {@code start(c)} is where code {@code c}'s rows begin, so a code interval is one contiguous range.
 * This is RTScan's uniform (rank) order of a dictionary-coded column and the Z-sorted order of a BVH-catalog
 * entry that the cuda engine keeps resident.
 */
public final class CodeOrder {

    private final int[] rowAt;
    private final int[] start;

    private CodeOrder(int[] rowAt, int[] start) {
        this.rowAt = rowAt;
        this.start = start;
    }

    /** The order of {@code codes}, whose codes run up to their largest value. */
    public static CodeOrder of(int[] codes) {
        return of(codes, IntStream.range(0, codes.length).parallel().map(r -> codes[r]).max().orElse(-1) + 1);
    }

    /**
     * The order of {@code codes}, all below {@code codeCount}, by a parallel stable counting sort: the rows
     * are cut into consecutive chunks, each counts its codes, and chunk {@code t}'s rows of code {@code c}
     * go after those of the chunks before it. Chunks are only as many as keep their counters
     * ({@code chunks × codeCount}) a fraction of the rows.
     */
    static CodeOrder of(int[] codes, int codeCount) {
        int rows = codes.length;
        int chunks = (int) Math.max(1, Math.min(ForkJoinPool.getCommonPoolParallelism() * 4L,
                rows / (4L * Math.max(1, codeCount))));
        int[][] next = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] count = new int[codeCount];
            for (int r = from(t, chunks, rows), end = from(t + 1, chunks, rows); r < end; r++) {
                count[codes[r]]++;
            }
            next[t] = count;
        });
        int[] start = new int[codeCount + 1];
        int at = 0;
        for (int c = 0; c < codeCount; c++) {
            start[c] = at;
            for (int t = 0; t < chunks; t++) {
                int n = next[t][c];
                next[t][c] = at;
                at += n;
            }
        }
        start[codeCount] = at;
        int[] rowAt = new int[rows];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] mine = next[t];
            for (int r = from(t, chunks, rows), end = from(t + 1, chunks, rows); r < end; r++) {
                rowAt[mine[codes[r]]++] = r;
            }
        });
        return new CodeOrder(rowAt, start);
    }

    private static int from(int chunk, int chunks, int rows) {
        return (int) ((long) rows * chunk / chunks);
    }

    /** Where each code's rows begin in code order: {@code start[c]}, for {@code c} up to the largest code + 1. */
    public static int[] starts(int[] codes) {
        int max = -1;
        for (int c : codes) {
            max = Math.max(max, c);
        }
        int[] start = new int[max + 2];
        for (int c : codes) {
            start[c + 1]++;
        }
        for (int c = 0; c <= max; c++) {
            start[c + 1] += start[c];
        }
        return start;
    }

    /** The table row at sorted position {@code i}. */
    public int rowAt(int i) {
        return rowAt[i];
    }

    /** The largest code ({@code -1} for none). */
    public int maxCode() {
        return start.length - 2;
    }

    /** The first sorted position of code {@code c} ({@code 0 <= c <= maxCode() + 1}). */
    public int start(int c) {
        return start[c];
    }

    public int rows() {
        return rowAt.length;
    }

    /** Host bytes of the order. */
    public long bytes() {
        return 4L * (rowAt.length + start.length);
    }

    /** The table row at every sorted position (not a copy: for uploads; never modify). */
    public int[] rowAtArray() {
        return rowAt;
    }

    /** The start of every code and, last, the row count (not a copy; never modify). */
    int[] startArray() {
        return start;
    }
}
