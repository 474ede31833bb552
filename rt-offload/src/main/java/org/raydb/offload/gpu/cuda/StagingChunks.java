package org.raydb.offload.gpu.cuda;

/**
 * The arithmetic of a staged upload ({@link StagedUpload}): how many elements one pinned chunk holds, and how a
 * chunk splits into sub-ranges that the cores fill in parallel. Pure Java, so it is tested without a GPU.
 */
final class StagingChunks {

    private StagingChunks() {}

    /** Whole elements of {@code elementBytes} bytes that fit a chunk of {@code chunkBytes}. */
    static long perChunk(long chunkBytes, int elementBytes) {
        if (elementBytes <= 0 || elementBytes > chunkBytes) {
            throw new IllegalArgumentException("element of " + elementBytes + " bytes for chunks of " + chunkBytes);
        }
        return chunkBytes / elementBytes;
    }

    /**
     * The boundaries {@code b[0] = from <= b[1] <= ... <= b[k] = to} of {@code k} near-equal sub-ranges of
     * {@code [from, to)}: at most {@code parts} of them, and no more than leave each at least {@code minElements}
     * (a small range stays whole, as forking it costs more than copying it).
     */
    static long[] split(long from, long to, int parts, long minElements) {
        long n = to - from;
        if (n < 0 || parts < 1 || minElements < 1) {
            throw new IllegalArgumentException("split [" + from + ", " + to + ") into " + parts + " of " + minElements);
        }
        int k = (int) Math.max(1, Math.min(parts, n / minElements));
        long[] bounds = new long[k + 1];
        for (int i = 0; i <= k; i++) bounds[i] = from + n * i / k;
        return bounds;
    }
}
