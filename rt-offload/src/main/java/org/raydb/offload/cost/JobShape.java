package org.raydb.offload.cost;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;

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
 * @param minMax         MIN/MAX accumulators (0, 1 or 2 extra arrays)
 */
public record JobShape(long rows, Technique technique, long qualifyingRows, long filterHits, int zIntervals,
        int filterColumns, int yCells, int groups, int measures, int minMax) {

    public static JobShape of(OffloadJob job) {
        Set<String> measures = new HashSet<>();
        boolean mins = false;
        boolean maxs = false;
        for (Aggregate a : job.aggregates()) {
            if (a.argument() != null) {
                measures.add(a.argument().canonical());
                mins |= a.function() == AggregateFunction.MIN;
                maxs |= a.function() == AggregateFunction.MAX;
            }
        }
        int minMax = (mins ? 1 : 0) + (maxs ? 1 : 0);
        if (job.technique() == Technique.RAYDB_TRIANGLES) {
            long q = rowsIn(job.scene().zOrder(), job.zIntervals());
            return new JobShape(job.rows(), job.technique(), q, q, job.zIntervals().size(), 0,
                    Math.max(1, job.scene().yCells()), job.groupCount(), measures.size(), minMax);
        }
        double fraction = 1;
        long hits = 0;
        for (RankFilter f : job.rankFilters()) {
            long passing = 0;
            for (int[] iv : f.rankIntervals()) passing += iv[1] - iv[0];
            hits += passing;
            fraction *= job.rows() == 0 ? 0 : (double) passing / job.rows();
        }
        return new JobShape(job.rows(), job.technique(), Math.round(job.rows() * fraction), hits, 0,
                job.rankFilters().size(), 1, job.groupCount(), measures.size(), minMax);
    }

    /** Rows whose code lies in the closed intervals: two lookups in the code order per interval. */
    static long rowsIn(CodeOrder order, List<long[]> intervals) {
        long rows = 0;
        int maxCode = order.maxCode();
        for (long[] iv : intervals) {
            long lo = Math.max(0, iv[0]);
            long hi = Math.min(maxCode, iv[1]);
            if (lo <= hi) rows += order.start((int) hi + 1) - order.start((int) lo);
        }
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
