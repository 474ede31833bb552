package org.raydb.offload.encode;

/**
 * RTScan's uniform (rank) encoding of one column: each row gets its rank in the column's sorted order
 * ({@code 0..N-1}, distinct per row), so the encoded column is uniform over {@code [0, N)} whatever the
 * skew. Rows with equal values get one contiguous run of ranks ({@link #runStart}/{@link #runEnd}), so
 * a predicate on values maps exactly to a rank interval and index boundaries can avoid splitting a run.
 * Ranks follow dictionary codes, NULL (the last code) last.
 */
public final class UniformEncoding {

    private final int[] code;
    private final int[] rank;
    private final int[] rowAtRank;
    private final int[] runStart;

    private UniformEncoding(int[] code, int[] rank, int[] rowAtRank, int[] runStart) {
        this.code = code;
        this.rank = rank;
        this.rowAtRank = rowAtRank;
        this.runStart = runStart;
    }

    /**
     * Encodes from a column's dictionary codes: their stable {@link CodeOrder}, and its inverse, written by
     * the same pass (in row order) rather than scattered afterwards.
     */
    public static UniformEncoding build(SortedDictionary dictionary) {
        CodeOrder order = CodeOrder.withPositions(dictionary.codes(), dictionary.cardinality());
        return new UniformEncoding(dictionary.codes(), order.positionOfArray(), order.rowAtArray(), order.startArray());
    }

    public int rows() {
        return rank.length;
    }

    public int rankOf(int row) {
        return rank[row];
    }

    /** Every row's rank (not a copy: for uploads; never modify). */
    public int[] ranks() {
        return rank;
    }

    /** The dictionary code of a row: its run is {@code [runStart(code), runEnd(code))}. */
    public int codeOf(int row) {
        return code[row];
    }

    /** Number of dictionary codes (runs, some possibly empty). */
    public int codeCount() {
        return runStart.length - 1;
    }

    public int rowAt(int rank) {
        return rowAtRank[rank];
    }

    /** First rank of the run of dictionary code {@code code}. */
    public int runStart(int code) {
        return runStart[code];
    }

    /** One past the last rank of the run of {@code code}. */
    public int runEnd(int code) {
        return runStart[code + 1];
    }

    /** Whether {@code rank} starts a run (a place a sieving boundary may go). */
    public boolean isRunStart(int r) {
        return runStart[firstRunStartNotBefore(r)] == r;
    }

    /** The first run start at or after {@code r} ({@code rows()} if none). */
    public int runStartAtOrAfter(int r) {
        int start = runStart[firstRunStartNotBefore(r)];
        return start >= r ? start : rows();
    }

    /** The index of the first entry of {@code runStart} that is {@code >= r}, or its last index if none is. */
    private int firstRunStartNotBefore(int r) {
        int lo = 0;
        int hi = runStart.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (runStart[mid] < r) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The rank interval {@code [start, end)} of a code interval {@code [loCode, hiCode]}. */
    public int[] rankInterval(int loCode, int hiCode) {
        return new int[] {runStart(loCode), runEnd(hiCode)};
    }

    /** Host bytes held beyond the dictionary's codes, which it shares (for the host memory budget). */
    public long bytes() {
        return 4L * ((long) rank.length + rowAtRank.length + runStart.length);
    }
}
