package org.raydb.offload.cost;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RtScanForm;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.index.TriangleScene;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction.Accumulator;

/**
 * What the estimators need to know about one prepared job, computed once per job (it is cached with it).
 *
 * @param rows           rows of the table snapshot
 * @param technique      the job's technique
 * @param qualifyingRows rows that pass the filters: exact for a RayDB job (its Z intervals counted in the
 *                       scene's Z order), for RTScan the rows times the product of each column's passing
 *                       fraction (independence assumed)
 * @param filterHits     primitives the ray job hits: the qualifying rows for RayDB, for RTScan every row that
 *                       passes each column's refine on its own, summed over the columns
 * @param zIntervals     RayDB: the Z intervals (one ray slab each); 0 for RTScan
 * @param filterColumns  RTScan: the filtered columns it scans (4-byte ranks each); 0 for RayDB
 * @param yCells         RayDB: the scene's Y cells (ray columns per slab); 1 for RTScan
 * @param groups         the query's groups
 * @param measures       distinct measure expressions (one resident int64 column each)
 * @param minMax         on-demand accumulators ({@link Accumulator#onDemand}: MIN, MAX; 0, 1 or 2 extra arrays)
 * @param rtScan         a range-only RayDB job: the shape of its RTScan form (what the optix engine runs),
 *                       with this job's exact qualifying rows; {@code null} otherwise
 */
public record JobShape(
        long rows,
        Technique technique,
        long qualifyingRows,
        long filterHits,
        int zIntervals,
        int filterColumns,
        int yCells,
        int groups,
        int measures,
        int minMax,
        JobShape rtScan) {

    /** A shape that every engine runs as it is. */
    public JobShape(
            long rows,
            Technique technique,
            long qualifyingRows,
            long filterHits,
            int zIntervals,
            int filterColumns,
            int yCells,
            int groups,
            int measures,
            int minMax) {
        this(
                rows,
                technique,
                qualifyingRows,
                filterHits,
                zIntervals,
                filterColumns,
                yCells,
                groups,
                measures,
                minMax,
                null);
    }

    public static JobShape of(OffloadJob job) {
        Set<String> measures = new HashSet<>();
        for (Aggregate a : job.aggregates()) {
            if (a.argument() != null) {
                measures.add(a.argument().canonical());
            }
        }
        int minMax = (int) Accumulator.of(job.aggregates()).stream()
                .filter(Accumulator::onDemand)
                .count();
        if (job.technique() == Technique.RAYDB_TRIANGLES) {
            long q = rowsIn(job.scene().zStarts(), job.zIntervals());
            JobShape rtScan = job.rangeOnly() ? rtScan(job, q, measures.size(), minMax) : null;
            return new JobShape(
                    job.rows(),
                    job.technique(),
                    q,
                    q,
                    job.zIntervals().size(),
                    0,
                    Math.max(1, job.scene().yCells()),
                    job.groupCount(),
                    measures.size(),
                    minMax,
                    rtScan);
        }
        double fraction = 1;
        for (String c : job.rtScanForm().columns()) {
            fraction *= job.rows() == 0 ? 0 : (double) job.rtScanForm().passingRows(c) / job.rows();
        }
        return rtScan(job, Math.round(job.rows() * fraction), measures.size(), minMax);
    }

    /**
     * The shape of a job's RTScan form, from the rows passing each column (the dictionaries' code counts), so
     * that costing it never builds its uniform encodings and sieving vectors.
     */
    private static JobShape rtScan(OffloadJob job, long qualifying, int measures, int minMax) {
        RtScanForm form = job.rtScanForm();
        long hits = form.columns().stream().mapToLong(form::passingRows).sum();
        return new JobShape(
                job.rows(),
                Technique.RTSCAN_CUBES,
                qualifying,
                hits,
                0,
                form.columns().size(),
                1,
                job.groupCount(),
                measures,
                minMax);
    }

    /** Rows whose code lies in the closed intervals: two lookups in the code order per interval. */
    static long rowsIn(int[] zStarts, List<long[]> intervals) {
        long rows = 0;
        for (int[] range : TriangleScene.zRanges(i -> zStarts[i], zStarts.length - 2, intervals))
            rows += range[1] - range[0];
        return rows;
    }

    /** Bytes the aggregation reads per qualifying row: its group code (when there are groups) and measures. */
    long bytesPerQualifyingRow() {
        return (groups > 1 ? 4L : 0L) + 8L * measures;
    }

    /** Small host-device copies around one run: the upload of the query's ranges or terms, the readbacks. */
    int smallCopies() {
        int accumulators = 1 + (measures > 0 ? 2 + minMax : 0);
        return 1 + accumulators + minMax;
    }
}
