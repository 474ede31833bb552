package org.raydb.offload.engine;

import java.util.List;
import java.util.Map;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.index.TriangleScene;
import org.raydb.offload.plan.Aggregate;

/**
 * Everything an engine needs to run one offloaded aggregation, already encoded: this is the contract
 * between the planner and the engines (cpu here; optix and cuda must produce identical results).
 *
 * @param rows          rows of the table snapshot
 * @param technique     which geometry finds the qualifying rows
 * @param scene         RAYDB: the catalog entry (triangles per row: x = 0, y = entry group code, z = Z code)
 * @param zIntervals    RAYDB: inclusive Z code intervals; rays run from {@code lo - 0.5} to {@code hi + 0.5}
 * @param rtScanForm    RTSCAN: the filters in RTScan's form, built on first use ({@link #rankFilters()}); also
 *                      set for a RAYDB job on a range-only scene, as its {@link #rtScan()} form; else null
 * @param groups        the query's group code of every row and the keys of each group
 * @param yIsGroup      whether the scene's Y coordinate equals the query's group code (then it may be used)
 * @param aggregates    the aggregates, in plan order
 * @param measures      per aggregate its compiled argument ({@code null} for COUNT(*)); GPU engines compile
 *                      {@code aggregates.get(i).argument()} themselves over {@code columns}
 * @param columns       the host columns the measures read, by name (GPU engines upload these)
 * @param snapshot      identifies the table snapshot: a new object after every write, so device-resident copies
 *                      keyed by it (weakly) are never stale
 * @param cut           the groups the statement keeps, where it keeps few of them; null: every group is returned
 */
public record OffloadJob(
        int rows,
        Technique technique,
        TriangleScene scene,
        List<long[]> zIntervals,
        RtScanForm rtScanForm,
        GroupCodes groups,
        boolean yIsGroup,
        List<Aggregate> aggregates,
        MeasureProgram[] measures,
        Map<String, ColumnData> columns,
        Object snapshot,
        GroupCut cut) {

    /** This job, returning only the groups {@code cut} keeps ({@code null}: every group). */
    public OffloadJob withCut(GroupCut cut) {
        if (cut == this.cut) return this;
        return new OffloadJob(
                rows,
                technique,
                scene,
                zIntervals,
                rtScanForm,
                groups,
                yIsGroup,
                aggregates,
                measures,
                columns,
                snapshot,
                cut);
    }

    /** The query's group code of every row (read by row index). */
    public int[] groupOfRow() {
        return groups.groupOfRow();
    }

    /** Number of query groups (the size of every per-group result array). */
    public int groupCount() {
        return groups.count();
    }

    /**
     * Whether this is a RayDB job whose Z codes are not exact in float32 (its scene is range-only): engines
     * read its Z intervals as row ranges of the scene's Z order, and an engine that needs the geometry runs
     * {@link #rtScan()} instead.
     */
    public boolean rangeOnly() {
        return scene != null && scene.rangeOnly();
    }

    /** RTSCAN: per filtered column, the passing rank intervals (results are ANDed); built on first call. */
    public List<RankFilter> rankFilters() {
        return rtScanForm == null ? List.of() : rtScanForm.filters();
    }

    /** The same query as an RTScan job (the rank filters this job carries, everything else shared). */
    public OffloadJob rtScan() {
        if (technique == Technique.RAYDB_TRIANGLES && !rangeOnly()) {
            throw new IllegalStateException("a RayDB job on a geometry entry carries no rank filters");
        }
        return new OffloadJob(
                rows,
                Technique.RTSCAN_CUBES,
                null,
                List.of(),
                rtScanForm,
                groups,
                false,
                aggregates,
                measures,
                columns,
                snapshot,
                cut);
    }
}
