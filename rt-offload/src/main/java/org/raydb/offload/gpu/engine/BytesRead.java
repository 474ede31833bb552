package org.raydb.offload.gpu.engine;

/**
 * Device bytes a job's kernels must read, the numerator of the bandwidth floor the bench reports
 * (EngineResult.bytesRead):
 * <ul>
 *   <li>per qualifying row: its group code (4 bytes, when grouped; a scan's 4 per key it folds) and each measure (8 bytes, plus its
 *       validity bit when any measure has NULLs);</li>
 *   <li>a scan: every row's code of every filter term (4 bytes each), the row bitmap (1 bit per row) when
 *       there is one, and the terms' intervals (8 bytes each);</li>
 *   <li>a Z-sorted range job: its {start, count} chunks (8 bytes each), nothing per row beyond the above;</li>
 *   <li>the compaction (DeviceAggregates.compactionBytes): the counts of the whole group space (twice where
 *       its count pass ran), then each present group's entry.</li>
 * </ul>
 * Accumulator atomics and BVH traversal are not counted: they depend on the schedule, not on the job.
 */
final class BytesRead {

    private BytesRead() {}

    /** Bytes read per qualifying row. */
    static double perHit(ResidentInputs in) {
        int m = in.measures.count();
        boolean nulls = in.measuresHaveNulls();
        return in.groupBytesPerRow() + 8.0 * m + (nulls ? m / 8.0 : 0);
    }

    static long hits(ResidentInputs in, long hits) {
        return Math.round(perHit(in) * hits);
    }

    /** A scan over {@code rows} rows with {@code terms} filter terms, {@code intervals} in all. */
    static long scan(long rows, int terms, int intervals, boolean bitmap) {
        return 4L * rows * terms + (bitmap ? (rows + 7) / 8 : 0) + 8L * intervals;
    }
}
