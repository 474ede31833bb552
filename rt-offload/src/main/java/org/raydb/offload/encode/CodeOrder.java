package org.raydb.offload.encode;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Rows ordered stably by a small non-negative int code (rows of one code keep table order), by a counting
 * sort; {@code start(c)} is where code {@code c}'s rows begin, so a code interval is one contiguous range.
 * This is RTScan's uniform (rank) order of a dictionary-coded column and the Z-sorted order of a BVH-catalog
 * entry that the cuda engine keeps resident.
 */
public final class CodeOrder {

    /** Code counts up to this sort in one counting pass: each thread's write cursors stay in its caches. */
    private static final int ONE_PASS_CODES = 1 << 12;
    /** Beyond it, least-significant-digit radix passes of at most this many bits each (2 for Z codes < 2^22). */
    private static final int DIGIT_BITS = 11;

    private final int[] rowAt;
    private final int[] start;
    private final int[] positionOf;

    private CodeOrder(int[] rowAt, int[] start, int[] positionOf) {
        this.rowAt = rowAt;
        this.start = start;
        this.positionOf = positionOf;
    }

    /** The order of {@code codes}, whose codes run up to their largest value. */
    public static CodeOrder of(int[] codes) {
        AtomicInteger max = new AtomicInteger(-1);
        RowRanges.forEach(codes.length, (from, to) -> {
            int m = -1;
            for (int r = from; r < to; r++) {
                m = Math.max(m, codes[r]);
            }
            max.accumulateAndGet(m, Math::max);
        });
        return of(codes, max.get() + 1, false);
    }

    /** The order of {@code codes}, all below {@code codeCount}. */
    static CodeOrder of(int[] codes, int codeCount) {
        return of(codes, codeCount, false);
    }

    /** {@link #of(int[], int)} that also records every row's sorted position ({@link #positionOf}). */
    static CodeOrder withPositions(int[] codes, int codeCount) {
        return of(codes, codeCount, true);
    }

    private static CodeOrder of(int[] codes, int codeCount, boolean positions) {
        int[] positionOf = positions ? new int[codes.length] : null;
        return codeCount <= ONE_PASS_CODES ? countingSort(codes, codeCount, positionOf)
                : radixSort(codes, codeCount, positionOf);
    }

    /**
     * A parallel stable counting sort: the rows are cut into consecutive chunks, each counts its codes, and
     * chunk {@code t}'s rows of code {@code c} go after those of the chunks before it.
     */
    private static CodeOrder countingSort(int[] codes, int codeCount, int[] positionOf) {
        int rows = codes.length;
        int chunks = chunks(rows, codeCount);
        int[][] next = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] count = new int[codeCount];
            for (int r = from(t, chunks, rows), end = from(t + 1, chunks, rows); r < end; r++) {
                count[codes[r]]++;
            }
            next[t] = count;
        });
        int[] start = new int[codeCount + 1];
        start[codeCount] = cursors(next, codeCount, start);
        int[] rowAt = new int[rows];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] mine = next[t];
            int end = from(t + 1, chunks, rows);
            if (positionOf == null) {
                for (int r = from(t, chunks, rows); r < end; r++) {
                    rowAt[mine[codes[r]]++] = r;
                }
            } else {
                for (int r = from(t, chunks, rows); r < end; r++) {
                    int at = mine[codes[r]]++;
                    rowAt[at] = r;
                    positionOf[r] = at;
                }
            }
        });
        return new CodeOrder(rowAt, start, positionOf);
    }

    /**
     * Many codes: stable least-significant-digit radix passes (the same order as one counting sort, since
     * each pass is stable), each a chunked counting sort over one digit whose write cursors fit the caches,
     * where one pass over millions of codes would miss them on every row. Each pass carries the codes with
     * the rows, so the last one leaves the sorted codes, whose boundaries give the starts.
     */
    private static CodeOrder radixSort(int[] codes, int codeCount, int[] positionOf) {
        int rows = codes.length;
        int bits = 32 - Integer.numberOfLeadingZeros(codeCount - 1);
        int passes = (bits + DIGIT_BITS - 1) / DIGIT_BITS;
        int digitBits = (bits + passes - 1) / passes;
        int buckets = 1 << digitBits;
        int chunks = chunks(rows, buckets);
        int[][] keys = {new int[rows], new int[rows]};
        int[][] rowBuffers = {new int[rows], passes > 2 ? new int[rows] : null};
        int[] rowAt = new int[rows];
        int[] keysIn = codes;
        int[] rowsIn = null;
        for (int p = 0; p < passes; p++) {
            int shift = p * digitBits;
            boolean last = p == passes - 1;
            int[] keysOut = keys[p % 2];
            int[] rowsOut = last ? rowAt : rowBuffers[p % 2];
            int[] kIn = keysIn;
            int[] rIn = rowsIn;
            int[] posOf = last ? positionOf : null;
            int[][] next = new int[chunks][];
            IntStream.range(0, chunks).parallel().forEach(t -> {
                int[] count = new int[buckets];
                for (int i = from(t, chunks, rows), end = from(t + 1, chunks, rows); i < end; i++) {
                    count[(kIn[i] >>> shift) & (buckets - 1)]++;
                }
                next[t] = count;
            });
            cursors(next, buckets, new int[buckets + 1]);
            IntStream.range(0, chunks).parallel().forEach(t -> {
                int[] mine = next[t];
                for (int i = from(t, chunks, rows), end = from(t + 1, chunks, rows); i < end; i++) {
                    int key = kIn[i];
                    int row = rIn == null ? i : rIn[i];
                    int at = mine[(key >>> shift) & (buckets - 1)]++;
                    keysOut[at] = key;
                    rowsOut[at] = row;
                    if (posOf != null) {
                        posOf[row] = at;
                    }
                }
            });
            keysIn = keysOut;
            rowsIn = rowsOut;
        }
        return new CodeOrder(rowAt, startsOfSorted(keysIn, codeCount), positionOf);
    }

    /** Chunks of a counting sort: only as many as keep their counters ({@code chunks × codes}) a fraction of the rows. */
    private static int chunks(int rows, int codes) {
        return (int) Math.max(1, Math.min(ForkJoinPool.getCommonPoolParallelism() * 4L,
                rows / (4L * Math.max(1, codes))));
    }

    /**
     * Turns per-chunk counts into per-chunk write cursors, code by code and chunk by chunk within a code;
     * fills {@code start} for each code and returns the row count.
     */
    private static int cursors(int[][] next, int codeCount, int[] start) {
        int at = 0;
        for (int c = 0; c < codeCount; c++) {
            start[c] = at;
            for (int[] chunk : next) {
                int n = chunk[c];
                chunk[c] = at;
                at += n;
            }
        }
        return at;
    }

    /** The start of every code in sorted codes: code {@code c} starts at the first position holding {@code >= c}. */
    private static int[] startsOfSorted(int[] sorted, int codeCount) {
        int rows = sorted.length;
        int[] start = new int[codeCount + 1];
        RowRanges.forEach(rows, (from, to) -> {
            for (int i = from; i < to; i++) {
                int below = i == 0 ? -1 : sorted[i - 1];
                for (int c = below + 1; c <= sorted[i]; c++) {
                    start[c] = i;
                }
            }
        });
        for (int c = rows == 0 ? 0 : sorted[rows - 1] + 1; c <= codeCount; c++) {
            start[c] = rows;
        }
        return start;
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

    /** Every row's sorted position (the inverse of {@link #rowAtArray}); only from {@link #withPositions}. */
    int[] positionOfArray() {
        return positionOf;
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
