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
    private static final int ONE_PASS_CODES = 1 << 16;
    /** Beyond it, rows go first to buckets by at most this many high bits of their code (see {@link #bucketSort}). */
    private static final int MAX_HIGH_BITS = 12;

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
                : bucketSort(codes, codeCount, positionOf);
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
     * Many codes: one stable counting pass on the codes' high bits (a few thousand buckets, whose write
     * cursors stay in the caches, where one pass over millions of codes would miss them on every row), which
     * carries each row's code along; then every bucket, a few thousand codes wide, gets a stable counting
     * sort of its own, in cache, all buckets at once. The buckets' counts give the starts.
     */
    private static CodeOrder bucketSort(int[] codes, int codeCount, int[] positionOf) {
        int rows = codes.length;
        int bits = 32 - Integer.numberOfLeadingZeros(codeCount - 1);
        int highBits = Math.min(MAX_HIGH_BITS, (bits + 1) / 2);
        int lowBits = bits - highBits;
        int buckets = 1 << highBits;
        int chunks = chunks(rows, buckets);
        int[][] next = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] count = new int[buckets];
            for (int r = from(t, chunks, rows), end = from(t + 1, chunks, rows); r < end; r++) {
                count[codes[r] >>> lowBits]++;
            }
            next[t] = count;
        });
        int[] bucketStart = new int[buckets + 1];
        bucketStart[buckets] = cursors(next, buckets, bucketStart);
        int[] keyByBucket = new int[rows];
        int[] rowByBucket = new int[rows];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] mine = next[t];
            for (int r = from(t, chunks, rows), end = from(t + 1, chunks, rows); r < end; r++) {
                int at = mine[codes[r] >>> lowBits]++;
                keyByBucket[at] = codes[r];
                rowByBucket[at] = r;
            }
        });
        int[] start = new int[codeCount + 1];
        int[] rowAt = new int[rows];
        int lowMask = (1 << lowBits) - 1;
        IntStream.range(0, buckets).parallel().forEach(b -> {
            int from = bucketStart[b];
            int end = bucketStart[b + 1];
            int[] cursor = new int[lowMask + 1];
            for (int i = from; i < end; i++) {
                cursor[keyByBucket[i] & lowMask]++;
            }
            int base = b << lowBits;
            for (int c = 0, at = from; c <= lowMask; c++) {
                if (base + c < codeCount) {
                    start[base + c] = at;
                }
                int n = cursor[c];
                cursor[c] = at;
                at += n;
            }
            for (int i = from; i < end; i++) {
                int at = cursor[keyByBucket[i] & lowMask]++;
                int row = rowByBucket[i];
                rowAt[at] = row;
                if (positionOf != null) {
                    positionOf[row] = at;
                }
            }
        });
        start[codeCount] = rows;
        return new CodeOrder(rowAt, start, positionOf);
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
