package org.raydb.ssb.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The bench report as one self-contained HTML page: the command, settings, machine and cold start, an inline
 * SVG bar chart of the median times (log scale, DuckDB and RayDB side by side for each query and form), the
 * results table, where the offloaded queries' time went (host phases, the engine's time, kernel time and its
 * bandwidth floor), and, when asked for, the comparison with the anchors and the targets' PASS/FAIL.
 */
public final class HtmlReport {

    private static final String DUCKDB_COLOR = "#4e79a7";
    private static final String RAYDB_COLOR = "#f28e2b";
    private static final String CRYSTAL_COLOR = "#59a14f";

    private HtmlReport() {}

    public static String render(BenchReport report) {
        StringBuilder html = new StringBuilder(head("RayDB SSB bench") + "<p>");
        html.append("<code>").append(escape(report.command())).append("</code><br>");
        html.append(escape(String.format(
                        Locale.ROOT,
                        "SF %s (%s), %,d lineorder rows; engine=%s; median of %d " + "reps (%s); %s",
                        Json.number(report.sf()),
                        report.source(),
                        report.rows(),
                        report.engine(),
                        report.reps(),
                        report.timing(),
                        report.timestamp())))
                .append("<br>");
        html.append(machine(report.machine())).append("<br>");
        html.append(escape(coldStart(report.cold()))).append("</p>\n");
        if (report.offloadUnavailable() != null) {
            html.append("<p class=\"bad\">Nothing was offloaded: ")
                    .append(escape(report.offloadUnavailable()))
                    .append(". Every RayDB time is DuckDB running the query through the driver; the speed-ups"
                            + " compare DuckDB with itself.</p>\n");
        }
        Targets targets = report.targets();
        html.append(targets(targets));
        html.append(chart(report.results()));
        html.append(table(report.results()));
        html.append(breakdown(report.results(), report.bandwidth()));
        html.append(comparison(report.anchors(), targets));
        return html.append("</body></html>\n").toString();
    }

    /** The page up to its heading: the styles the reports share. */
    static String head(String title) {
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title><style>body{font-family:sans-serif;margin:2em}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
                + "td:first-child,th:first-child{text-align:left}.bad{color:#c00;font-weight:bold}"
                + ".good{color:#080;font-weight:bold}</style></head><body>\n<h1>" + escape(title) + "</h1>\n";
    }

    /** The machine in one line, escaped. */
    static String machine(MachineInfo m) {
        return escape(String.format(
                Locale.ROOT,
                "%d cores, %.1f GiB, %s, %s, GPU: %s",
                m.cores(),
                m.memoryBytes() / (double) (1L << 30),
                m.os(),
                m.java(),
                m.gpus().isEmpty() ? "none" : String.join("; ", m.gpus())));
    }

    /** DuckDB's and RayDB's medians side by side, end to end. */
    private static String chart(List<BenchResult> results) {
        List<SvgBarChart.Group> groups = results.stream()
                .map(r -> new SvgBarChart.Group(
                        r.query() + " " + r.form(), !r.match(), new double[] {r.duckdbMs(), r.raydbMs()}, new String[] {
                            "DuckDB " + r.query() + " " + r.form(),
                            "RayDB " + r.query() + " " + r.form() + " (" + r.engine() + ")"
                        }))
                .toList();
        return SvgBarChart.render(
                List.of(
                        new SvgBarChart.Series("DuckDB (jdbc:duckdb:)", DUCKDB_COLOR),
                        new SvgBarChart.Series("RayDB (jdbc:raydb:)", RAYDB_COLOR)),
                groups);
    }

    /** Crystal's kernel time beside the engine's time per query: the GPU-time target at a glance. */
    private static String anchorChart(Targets targets) {
        List<SvgBarChart.Group> groups = targets.comparisons().stream()
                .map(c -> new SvgBarChart.Group(
                        c.result().query(),
                        !c.result().match(),
                        new double[] {c.anchor().crystalMs(), c.engineUs() / 1000},
                        new String[] {
                            "Crystal kernels " + c.result().query(),
                            "engine " + c.result().engine() + " " + c.result().query()
                        }))
                .toList();
        return SvgBarChart.render(
                List.of(
                        new SvgBarChart.Series("Crystal, kernel time (anchor)", CRYSTAL_COLOR),
                        new SvgBarChart.Series("RayDB engine time (first launch to groups on host)", RAYDB_COLOR)),
                groups);
    }

    private static String table(List<BenchResult> results) {
        StringBuilder table = new StringBuilder("<h2>Results</h2>\n<table>\n"
                + headings(
                        "query",
                        "form",
                        "selectivity",
                        "DuckDB ms",
                        "RayDB ms",
                        "cold ms",
                        "DuckDB 1st ms",
                        "engine",
                        "offloaded",
                        "speed-up",
                        "match"));
        for (BenchResult r : results) {
            table.append(String.format(
                    Locale.ROOT,
                    "<tr><td>%s</td><td>%s</td><td>%.5f%%</td><td>%.2f</td>"
                            + "<td>%.2f</td><td>%.2f</td><td>%.2f</td><td>%s</td><td>%s</td><td>%s</td><td%s>%s</td></tr>\n",
                    escape(r.query()),
                    escape(r.form()),
                    r.selectivity() * 100,
                    r.duckdbMs(),
                    r.raydbMs(),
                    r.coldMs(),
                    r.duckdbFirstMs(),
                    escape(r.engine()),
                    r.offloaded(),
                    ResultTablePrinter.speedup(r, "&times;"),
                    r.match() ? "" : " class=\"bad\"",
                    r.match() ? "yes" : "NO: " + escape(r.difference())));
        }
        table.append("</table>\n");
        if (results.stream().anyMatch(r -> !r.offloaded())) {
            table.append("<p>" + ResultTablePrinter.NOT_OFFLOADED + " not offloaded: DuckDB ran the query on both"
                    + " sides, the ratio is DuckDB against DuckDB, not a speed-up.</p>\n");
        }
        return table.toString();
    }

    private static String breakdown(List<BenchResult> results, BandwidthFloor floor) {
        if (results.stream().allMatch(r -> r.breakdown() == null)) {
            return "";
        }
        StringBuilder table =
                new StringBuilder("<h2>Where the time went</h2>\n<p>Medians in &micro;s. Finish: the rest of "
                        + "the statement (the driver's direct finish, or DuckDB) until the last row is read; host: planning + handoff + finish; "
                        + "engine: from the first launch until the groups are in host memory (GPU time); kernel: device time "
                        + "of the kernels (CUDA events); floor: bytes read / "
                        + (floor.known()
                                ? Json.number(floor.gbs()) + " GB/s (measured device copy bandwidth)"
                                : "copy bandwidth (not given)")
                        + "; &mdash;: not measured "
                        + "by this engine.</p>\n<table>\n"
                        + headings(
                                "query",
                                "form",
                                "planning",
                                "offload exec",
                                "handoff",
                                "finish",
                                "host",
                                "engine",
                                "kernel",
                                "MB read",
                                "floor",
                                "kernel/floor",
                                "RayDB ms"));
        for (BenchResult r : results) {
            PhaseBreakdown b = r.breakdown();
            if (b != null) {
                table.append(cells(
                        r.query(),
                        r.form(),
                        Long.toString(b.planningUs()),
                        Long.toString(b.executionUs()),
                        Long.toString(b.handoffUs()),
                        Long.toString(b.finishUs()),
                        Long.toString(b.hostUs()),
                        BreakdownTablePrinter.known(b.engineUs()),
                        BreakdownTablePrinter.known(b.kernelUs()),
                        BreakdownTablePrinter.fixed("%.1f", b.bytesRead() < 0 ? Double.NaN : b.bytesRead() / 1e6),
                        BreakdownTablePrinter.fixed("%.0f", floor.floorUs(b.bytesRead())),
                        BreakdownTablePrinter.fixed("%.2f&times;", floor.kernelOverFloor(b.kernelUs(), b.bytesRead())),
                        String.format(Locale.ROOT, "%.2f", r.raydbMs())));
            }
        }
        return table.append("</table>\n").toString();
    }

    private static String comparison(Anchors anchors, Targets targets) {
        if (anchors == null) {
            return "";
        }
        StringBuilder table = new StringBuilder("<h2>Against the " + escape(anchors.name()) + " anchors</h2>\n<p>"
                + escape(anchors.description()) + ". Crystal: its kernel time (star joins, data resident), against "
                + "our engine time. DuckDB: measured in this run, against RayDB end to end; the anchor's DuckDB "
                + "flat time for reference.</p>\n" + anchorChart(targets) + "<table>\n"
                + headings(
                        "query",
                        "engine",
                        "Crystal ms",
                        "engine &micro;s",
                        "Crystal/ours",
                        "DuckDB ms",
                        "RayDB ms",
                        "DuckDB/RayDB",
                        "anchor DuckDB ms",
                        "rows",
                        "anchor rows"));
        for (Targets.Comparison c : targets.comparisons()) {
            BenchResult r = c.result();
            table.append(cells(
                    r.query(),
                    r.engine(),
                    String.format(Locale.ROOT, "%.3f", c.anchor().crystalMs()),
                    BreakdownTablePrinter.fixed("%.0f", c.engineUs()),
                    BreakdownTablePrinter.fixed("%.2f&times;", c.crystalOverOurs()),
                    String.format(Locale.ROOT, "%.2f", r.duckdbMs()),
                    String.format(Locale.ROOT, "%.2f", r.raydbMs()),
                    ResultTablePrinter.speedup(r, "&times;"),
                    String.format(Locale.ROOT, "%.1f", c.anchor().duckdbFlatMs()),
                    Integer.toString(r.resultRows()),
                    Integer.toString(c.anchor().resultRows())));
        }
        return table.append("</table>\n").toString();
    }

    private static String targets(Targets targets) {
        if (targets.isEmpty()) {
            return "";
        }
        StringBuilder list =
                new StringBuilder("<h2>Targets</h2>\n<table>\n" + headings("status", "target", "measured"));
        for (Targets.Target g : targets.targets()) {
            String css = switch (g.status()) {
                case PASS -> "good";
                case FAIL -> "bad";
                case NOT_MEASURED -> "";
            };
            list.append("<tr><td class=\"")
                    .append(css)
                    .append("\">")
                    .append(SummaryPrinter.label(g.status()))
                    .append("</td><td style=\"text-align:left\">")
                    .append(escape(g.name()))
                    .append("</td><td style=\"text-align:left\">")
                    .append(escape(g.detail()))
                    .append("</td></tr>\n");
        }
        return list.append("</table>\n").toString();
    }

    private static String coldStart(ColdStart cold) {
        return cold.firstQuery().isEmpty()
                ? ""
                : String.format(
                        Locale.ROOT,
                        "Cold start (jdbc:raydb:): connect %.1f ms,"
                                + " first query %s %.2f ms, connect + first run of every query %.2f s"
                                + " (DuckDB's %.2f s; medians of %d fresh processes a side); background builds"
                                + " went on %.1f s after",
                        cold.connectMs(),
                        cold.firstQuery(),
                        cold.firstQueryMs(),
                        cold.totalMs() / 1000,
                        cold.duckdbFirstRunsMs() / 1000,
                        FreshProcessFirstRuns.PROCESSES,
                        cold.buildsMs() / 1000);
    }

    /** A header row; the labels are trusted HTML (entities). */
    static String headings(String... labels) {
        return "<tr>" + Arrays.stream(labels).map(l -> "<th>" + l + "</th>").collect(Collectors.joining()) + "</tr>\n";
    }

    /** A row of cells: names are escaped, the figures (digits, entities) are trusted. */
    static String cells(String query, String second, String... figures) {
        return "<tr><td>" + escape(query) + "</td><td>" + escape(second) + "</td>"
                + Arrays.stream(figures).map(f -> "<td>" + f + "</td>").collect(Collectors.joining()) + "</tr>\n";
    }

    static String escape(String text) {
        return text == null
                ? ""
                : text.replace("&", "&amp;")
                        .replace("<", "&lt;")
                        .replace(">", "&gt;")
                        .replace("\"", "&quot;");
    }
}
