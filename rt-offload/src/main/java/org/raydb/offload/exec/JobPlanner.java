package org.raydb.offload.exec;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.engine.MeasureProgram;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RtScanForm;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.index.BvhCatalog;
import org.raydb.offload.index.TriangleScene;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.ColumnFilter;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.OffloadPlan;

/**
 * Encodes a matched plan against a resident table and picks the technique: the RayDB triangle job when all
 * filtered attributes pack into one Z code with at most {@link BvhCatalog#MAX_INTERVALS} Z intervals (the
 * BVH catalog decides which entry), otherwise RTScan (uniform encoding, sieving vectors, cube refine), which
 * handles any cardinality. Z codes from 2^22 on (up to {@link BvhCatalog#maxRangeCodes}) give a range-only
 * RayDB job, which also carries its RTScan form for the ray engine ({@link RtScanForm}, built only if that
 * engine runs it).
 */
public final class JobPlanner {

    private JobPlanner() {}

    /** Which catalog entry a job reads, and so what is built for it. */
    public enum Index {
        /** The shape's own entry, built if need be, and dense group codes: the job of a shape that is ready. */
        OWN,
        /**
         * An entry built already, else a full RTScan, with packed group codes: nothing is built for the shape
         * ({@link ResidentTable#scansNow}), what a query runs while its own entry builds.
         */
        BUILT,
        /** Always a full RTScan with packed group codes: run once to make a shape's columns ready for later scans. */
        NONE
    }

    /**
     * The plan's job on {@code table}, reading the {@code index} asked for; a cancel stops it between its build
     * phases. {@code dictionaries} judges the filters DuckDB must evaluate over a column's distinct values.
     */
    public static PreparedJob prepare(
            OffloadPlan plan, ResidentTable table, DictionaryFilter dictionaries, QueryCancel cancel, Index index)
            throws NotQualified, SQLException {
        boolean scan = index != Index.OWN;
        int rows = table.rows();
        // Code intervals per filtered column, most selective first (it leads the Z packing).
        Map<String, List<int[]>> intervals = new LinkedHashMap<>();
        Map<String, Double> selectivity = new LinkedHashMap<>();
        StringBuilder encodings = new StringBuilder();
        for (ColumnFilter f : plan.filters()) {
            cancel.check();
            SortedDictionary d = table.dictionary(f.column());
            List<int[]> codes = dictionaries.narrow(f, d, d.codeIntervals(f.values()));
            intervals.put(f.column(), codes);
            long selected = codes.stream().mapToLong(c -> c[1] - c[0] + 1L).sum();
            selectivity.put(f.column(), (double) selected / d.cardinality());
        }
        List<String> order = new ArrayList<>(intervals.keySet());
        order.sort(Comparator.comparingDouble(selectivity::get));
        LinkedHashMap<String, List<int[]>> ordered = new LinkedHashMap<>();
        order.forEach(c -> ordered.put(c, intervals.get(c)));

        List<String> groupColumns = plan.groups().stream().map(g -> g.column()).toList();
        cancel.check();
        GroupCodes packed = scan && !groupColumns.isEmpty() ? table.packedGroups(groupColumns) : null;
        GroupCodes groups = packed != null ? packed : table.groupCodes(groupColumns);
        List<SortedDictionary> keyDictionaries =
                groupColumns.stream().map(table::dictionary).toList();

        List<org.raydb.offload.plan.Expr> args =
                plan.jobAggregates().stream().map(Aggregate::argument).toList();
        MeasureProgram[] measures = MeasureProgram.compileAll(args, table::column);

        Map<String, ColumnData> measureColumns = new LinkedHashMap<>();
        for (org.raydb.offload.plan.Expr a : args) {
            if (a != null) {
                java.util.Set<String> names = new java.util.LinkedHashSet<>();
                a.collectColumns(names);
                names.forEach(n -> measureColumns.put(n, table.column(n)));
            }
        }
        cancel.check();
        BvhCatalog.Choice choice = switch (index) {
            case OWN -> table.catalog().choose(ordered, groupColumns, table);
            case BUILT -> table.catalog().chooseBuilt(ordered, groupColumns, table);
            case NONE -> null;
        };
        cancel.check();
        OffloadJob job;
        String entry;
        if (choice != null) {
            TriangleScene scene = choice.scene();
            for (String c : scene.key().zAttributes()) {
                appendEncoding(
                        encodings,
                        c,
                        "sorted dictionary (" + table.dictionary(c).cardinality() + " codes) packed into Z");
            }
            // The scene's Y is a dense group code: packed codes number the groups otherwise.
            boolean yIsGroup = !scene.rangeOnly()
                    && !groups.isPacked()
                    && scene.key().yAttributes().equals(groupColumns);
            // A range-only entry carries the RTScan form too: the optix engine needs exact float32 geometry.
            RtScanForm rtScan = scene.rangeOnly() ? rtScanForm(order, ordered, table) : null;
            job = new OffloadJob(
                    rows,
                    Technique.RAYDB_TRIANGLES,
                    scene,
                    choice.zIntervals(),
                    rtScan,
                    groups,
                    yIsGroup,
                    plan.jobAggregates(),
                    measures,
                    measureColumns,
                    table,
                    null);
            entry = (scene.rangeOnly() ? "RayDB Z ranges " : "RayDB BVH ") + scene.key()
                    + (choice.built() ? " (built now)" : " (cached)") + ", score " + choice.score() + ", "
                    + choice.zIntervals().size() + " Z interval(s)" + (yIsGroup ? "" : ", groups read by row")
                    + (scene.rangeOnly()
                            ? "; range-only (" + scene.packing().size() + " Z codes, not exact in"
                                    + " float32): optix runs " + rtScanIndex(order)
                            : "");
        } else {
            for (String c : order) {
                appendEncoding(
                        encodings,
                        c,
                        "uniform ranks over a sorted dictionary ("
                                + table.dictionary(c).cardinality() + " codes)");
            }
            job = new OffloadJob(
                    rows,
                    Technique.RTSCAN_CUBES,
                    null,
                    List.of(),
                    rtScanForm(order, ordered, table),
                    groups,
                    false,
                    plan.jobAggregates(),
                    measures,
                    measureColumns,
                    table,
                    null);
            entry = rtScanIndex(order) + (scan ? "; a full scan while this shape's own index builds" : "");
        }
        for (String g : groupColumns) {
            appendEncoding(encodings, g, "group key, sorted dictionary");
        }
        appendEncoding(
                encodings,
                "groups",
                groups.isPacked()
                        ? groups.count() + " packed group codes (every tuple of the keys' codes)"
                        : groups.count() + " dense group codes");
        for (Aggregate a : plan.jobAggregates()) {
            if (a.argument() != null) {
                appendEncoding(
                        encodings,
                        a.argument().canonical(),
                        "exact 64-bit integers at scale " + a.argument().type().numericScale());
            }
        }
        return new PreparedJob(job, groups, keyDictionaries, encodings.toString(), entry);
    }

    private static String rtScanIndex(List<String> order) {
        return "RTScan sieving (" + ResidentTable.SIEVING_VECTORS + " vectors per column) + cube refine on " + order;
    }

    private static RtScanForm rtScanForm(List<String> order, Map<String, List<int[]>> intervals, ResidentTable table) {
        return new RtScanForm(order, intervals, table::dictionary, table::uniform, table::sieving);
    }

    private static void appendEncoding(StringBuilder out, String column, String how) {
        out.append(out.isEmpty() ? "" : "; ").append(column).append(": ").append(how);
    }
}
