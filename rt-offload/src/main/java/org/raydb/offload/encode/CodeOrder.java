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

    /**
     * A code per row, produced a block of rows at a time into a small buffer: the codes of rows
     * {@code [from, to)} go to {@code out[0 .. to - from)}. So an order can be sorted from codes computed on
     * the fly (a packing of several columns) without a table-sized array of them: at SF 20 such an array costs
     * more to allocate (page faults and zeroing on one thread) than the sort's own passes.
     */
    @FunctionalInterface
    public interface Codes {
        void fill(int from, int to, int[] out);
    }

    /** Rows per block of {@link Codes}: its buffer stays in the L1 cache. */
    private static final int BLOCK = 2048;

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
        return of(codes, max.get() + 1);
    }

    /** The order of {@code codes}, all below {@code codeCount}. */
    static CodeOrder of(int[] codes, int codeCount) {
        return of(arrayCodes(codes), codes.length, codeCount, false);
    }

    /** The order of {@code rows} rows whose codes (all below {@code codeCount}) {@code codes} produces. */
    public static CodeOrder of(Codes codes, int rows, int codeCount) {
        return of(codes, rows, codeCount, false);
    }

    /** {@link #of(int[], int)} that also records every row's sorted position ({@link #positionOf}). */
    static CodeOrder withPositions(int[] codes, int codeCount) {
        return of(arrayCodes(codes), codes.length, codeCount, true);
    }

    /** An array's codes as {@link Codes}. */
    private static Codes arrayCodes(int[] codes) {
        return (from, to, out) -> System.arraycopy(codes, from, out, 0, to - from);
    }

    private static CodeOrder of(Codes codes, int rows, int codeCount, boolean positions) {
        int[] positionOf = positions ? new int[rows] : null;
        return codeCount <= ONE_PASS_CODES
                ? countingSort(codes, rows, codeCount, positionOf)
                : bucketSort(codes, rows, codeCount, positionOf);
    }

    /** Calls {@code body(firstRow, n, buffer)} on the codes of rows {@code [from, to)}, a block at a time. */
    private static void blocks(Codes codes, int from, int to, BlockBody body) {
        int[] buffer = new int[BLOCK];
        for (int r = from; r < to; r += BLOCK) {
            int n = Math.min(BLOCK, to - r);
            codes.fill(r, r + n, buffer);
            body.run(r, n, buffer);
        }
    }

    @FunctionalInterface
    private interface BlockBody {
        void run(int firstRow, int n, int[] codes);
    }

    /**
     * A parallel stable counting sort: the rows are cut into consecutive chunks, each counts its codes, and
     * chunk {@code t}'s rows of code {@code c} go after those of the chunks before it.
     */
    private static CodeOrder countingSort(Codes codes, int rows, int codeCount, int[] positionOf) {
        int chunks = chunks(rows, codeCount);
        int[][] next = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] count = new int[codeCount];
            blocks(codes, from(t, chunks, rows), from(t + 1, chunks, rows), (first, n, block) -> {
                for (int i = 0; i < n; i++) {
                    count[block[i]]++;
                }
            });
            next[t] = count;
        });
        int[] start = new int[codeCount + 1];
        start[codeCount] = cursors(next, codeCount, start);
        int[] rowAt = new int[rows];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] mine = next[t];
            blocks(codes, from(t, chunks, rows), from(t + 1, chunks, rows), (first, n, block) -> {
                if (positionOf == null) {
                    for (int i = 0; i < n; i++) {
                        rowAt[mine[block[i]]++] = first + i;
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        int at = mine[block[i]]++;
                        rowAt[at] = first + i;
                        positionOf[first + i] = at;
                    }
                }
            });
        });
        return new CodeOrder(rowAt, start, positionOf);
    }

    /**
     * Many codes: one stable counting pass on the codes' high bits (a few thousand buckets, whose write
     * cursors stay in the caches, where one pass over millions of codes would miss them on every row), which
     * carries each row's code along and puts its row where it ends up, in its bucket's range of the order;
     * then every bucket, a few thousand codes wide, gets a stable counting sort of its own, in cache, all
     * buckets at once. The buckets' counts give the starts.
     */
    private static CodeOrder bucketSort(Codes codes, int rows, int codeCount, int[] positionOf) {
        int bits = 32 - Integer.numberOfLeadingZeros(codeCount - 1);
        int highBits = Math.min(MAX_HIGH_BITS, (bits + 1) / 2);
        int lowBits = bits - highBits;
        int buckets = 1 << highBits;
        int chunks = chunks(rows, buckets);
        int[][] next = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] count = new int[buckets];
            blocks(codes, from(t, chunks, rows), from(t + 1, chunks, rows), (first, n, block) -> {
                for (int i = 0; i < n; i++) {
                    count[block[i] >>> lowBits]++;
                }
            });
            next[t] = count;
        });
        int[] bucketStart = new int[buckets + 1];
        bucketStart[buckets] = cursors(next, buckets, bucketStart);
        int[] keyByBucket = new int[rows];
        int[] rowAt = new int[rows];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] mine = next[t];
            blocks(codes, from(t, chunks, rows), from(t + 1, chunks, rows), (first, n, block) -> {
                for (int i = 0; i < n; i++) {
                    int at = mine[block[i] >>> lowBits]++;
                    keyByBucket[at] = block[i];
                    rowAt[at] = first + i;
                }
            });
        });
        int[] start = new int[codeCount + 1];
        int lowMask = (1 << lowBits) - 1;
        IntStream.range(0, buckets).parallel().forEach(b -> {
            int from = bucketStart[b];
            int end = bucketStart[b + 1];
            int[] cursor = new int[lowMask + 1];
            for (int i = from; i < end; i++) {
                cursor[keyByBucket[i] & lowMask]++;
            }
            int base = b << lowBits;
            for (int c = 0, at = 0; c <= lowMask; c++) {
                if (base + c < codeCount) {
                    start[base + c] = from + at;
                }
                int n = cursor[c];
                cursor[c] = at;
                at += n;
            }
            // The bucket's rows, read from its range of the order, are sorted into a buffer and copied back.
            int[] sorted = new int[end - from];
            for (int i = from; i < end; i++) {
                sorted[cursor[keyByBucket[i] & lowMask]++] = rowAt[i];
            }
            System.arraycopy(sorted, 0, rowAt, from, sorted.length);
            if (positionOf != null) {
                for (int i = from; i < end; i++) {
                    positionOf[rowAt[i]] = i;
                }
            }
        });
        start[codeCount] = rows;
        return new CodeOrder(rowAt, start, positionOf);
    }

    /** Chunks of a counting sort: only as many as keep their counters ({@code chunks × codes}) a fraction of the rows. */
    private static int chunks(int rows, int codes) {
        return (int) Math.max(
                1, Math.min(ForkJoinPool.getCommonPoolParallelism() * 4L, rows / (4L * Math.max(1, codes))));
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

    /** Where each code's rows would begin in code order, for codes below {@code codeCount}: counted on all cores. */
    public static int[] starts(int[] codes, int codeCount) {
        return starts(arrayCodes(codes), codes.length, codeCount);
    }

    /**
     * {@link #starts(int[], int)} of codes produced on the fly: what the order's size needs (the rows of any
     * range of codes) without sorting the rows or holding a code per row.
     */
    public static int[] starts(Codes codes, int rows, int codeCount) {
        int chunks = chunks(rows, codeCount);
        int[][] counts = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(t -> {
            int[] count = new int[codeCount];
            int[] block = new int[BLOCK];
            for (int r = from(t, chunks, rows), end = from(t + 1, chunks, rows); r < end; r += BLOCK) {
                int n = Math.min(BLOCK, end - r);
                codes.fill(r, r + n, block);
                for (int i = 0; i < n; i++) {
                    count[block[i]]++;
                }
            }
            counts[t] = count;
        });
        int[] start = new int[codeCount + 1];
        start[codeCount] = cursors(counts, codeCount, start);
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
    public int[] startArray() {
        return start;
    }
}
