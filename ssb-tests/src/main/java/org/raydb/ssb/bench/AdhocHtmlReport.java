package org.raydb.ssb.bench;

import java.util.List;
import java.util.Locale;

/**
 * The ad-hoc bench report as one self-contained HTML page: the command, settings and machine, the summary, an
 * inline SVG bar chart (log scale) of DuckDB's median, the first and the second run through RayDB per query,
 * and the table of the queries with their SQL.
 */
public final class AdhocHtmlReport {

    private static final String DUCKDB_COLOR = "#4e79a7";
    private static final String FIRST_COLOR = "#e15759";
    private static final String SECOND_COLOR = "#f28e2b";

    private AdhocHtmlReport() {}

    public static String render(AdhocReport report) {
        StringBuilder html = new StringBuilder(HtmlReport.head("RayDB ad-hoc bench") + "<p>");
        html.append("<code>").append(HtmlReport.escape(report.command())).append("</code><br>");
        html.append(report.header()
                        .html(String.format(
                                Locale.ROOT,
                                "%d queries drawn with seed %d; DuckDB: median of %d reps; %s",
                                report.results().size(),
                                report.header().querySeed(),
                                report.reps(),
                                report.timestamp())))
                .append("</p>\n");
        html.append(summary(report.summary()));
        html.append(chart(report.results()));
        html.append(table(report.results()));
        html.append("<p>").append(HtmlReport.escape(AdhocReport.MEMORY_NOTE)).append("</p>\n");
        return html.append("</body></html>\n").toString();
    }

    private static String summary(AdhocSummary s) {
        return "<h2>Summary</h2>\n<table>\n"
                + line("exact (every run equals DuckDB's answer)", s.exact() + " of " + s.queries())
                + line("offloaded", "first run " + s.firstOffloaded() + ", second run " + s.secondOffloaded())
                + line(
                        "first run / DuckDB, at most",
                        BreakdownTablePrinter.fixed("%.2f&times;", s.worstFirstOverDuckdb()) + " ("
                                + HtmlReport.escape(s.worstQuery()) + ")")
                + line(
                        String.format(Locale.ROOT, "above %.2f&times; DuckDB's median", AdhocSummary.FIRST_RUN_LIMIT),
                        s.firstRunsOverLimit() + " of " + s.queries() + " first runs; " + s.duckdbRunsOverLimit()
                                + " of DuckDB's own " + s.duckdbRuns() + " timed runs")
                + line(
                        "speed-up over DuckDB, geometric mean: first run",
                        BreakdownTablePrinter.fixed("%.2f&times;", s.firstSpeedup()))
                + line(
                        "&hellip; first runs offloaded (" + s.firstOffloaded() + ")",
                        BreakdownTablePrinter.fixed("%.2f&times;", s.offloadedFirstSpeedup()))
                + line("&hellip; second run", BreakdownTablePrinter.fixed("%.2f&times;", s.secondSpeedup()))
                + line(
                        "&hellip; later runs (their median)",
                        BreakdownTablePrinter.fixed("%.2f&times;", s.laterSpeedup()))
                + line(
                        "totals: first runs / DuckDB",
                        String.format(Locale.ROOT, "%.1f ms / %.1f ms", s.firstTotalMs(), s.duckdbTotalMs()))
                + line(
                        "totals: build waits, second runs",
                        String.format(Locale.ROOT, "%.1f ms, %.1f ms", s.buildWaitTotalMs(), s.secondTotalMs()))
                + line("resident at most", HtmlReport.escape(AdhocTablePrinter.residentAtMost(s)))
                + "</table>\n";
    }

    /** A label (trusted HTML) and its figure. */
    private static String line(String label, String figure) {
        return "<tr><td>" + label + "</td><td>" + figure + "</td></tr>\n";
    }

    private static String chart(List<AdhocResult> results) {
        List<SvgBarChart.Group> groups = results.stream()
                .map(r -> new SvgBarChart.Group(
                        r.query(),
                        !r.exact(),
                        new double[] {r.duckdbMs(), r.first().ms(), r.second().ms()},
                        new String[] {
                            "DuckDB " + r.query(), "RayDB first run " + r.query(), "RayDB second run " + r.query()
                        }))
                .toList();
        return SvgBarChart.render(
                List.of(
                        new SvgBarChart.Series("DuckDB (jdbc:duckdb:), median", DUCKDB_COLOR),
                        new SvgBarChart.Series("RayDB first run", FIRST_COLOR),
                        new SvgBarChart.Series("RayDB second run", SECOND_COLOR)),
                groups);
    }

    private static String table(List<AdhocResult> results) {
        StringBuilder table = new StringBuilder("<h2>Queries</h2>\n<table>\n"
                + HtmlReport.headings(
                        "query",
                        "SQL",
                        "rows",
                        "DuckDB ms",
                        "1st ms",
                        "1st offloaded",
                        "build wait ms",
                        "2nd ms",
                        "2nd offloaded",
                        "later ms",
                        "engine",
                        "1st/DuckDB",
                        "2nd speed-up",
                        "later speed-up",
                        "heap MiB",
                        "GPU MiB",
                        "host res MiB",
                        "GPU res MiB",
                        "exact"));
        for (AdhocResult r : results) {
            table.append(String.format(
                    Locale.ROOT,
                    "<tr><td>%s</td><td style=\"text-align:left\"><code>%s</code></td><td>%d</td><td>%s</td>"
                            + "<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td>"
                            + "<td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%s</td><td>%d</td><td>%d</td>"
                            + "<td%s>%s</td></tr>\n",
                    HtmlReport.escape(r.query()),
                    HtmlReport.escape(r.sql()),
                    r.resultRows(),
                    BreakdownTablePrinter.fixed("%.2f", r.duckdbMs()),
                    BreakdownTablePrinter.fixed("%.2f", r.first().ms()),
                    r.first().offloaded(),
                    BreakdownTablePrinter.fixed("%.1f", r.buildWaitMs()) + (r.buildsDone() ? "" : " (timed out)"),
                    BreakdownTablePrinter.fixed("%.2f", r.second().ms()),
                    r.second().offloaded(),
                    BreakdownTablePrinter.fixed("%.2f", r.later().ms()),
                    HtmlReport.escape(r.engine()),
                    BreakdownTablePrinter.fixed("%.2f&times;", r.firstOverDuckdb()),
                    BreakdownTablePrinter.fixed("%.2f&times;", r.second().speedup(r.duckdbMs())),
                    BreakdownTablePrinter.fixed("%.2f&times;", r.later().speedup(r.duckdbMs())),
                    r.heapUsedBytes() >> 20,
                    r.gpuUsedMib() < 0 ? "n/a" : Long.toString(r.gpuUsedMib()),
                    r.residentHostBytes() >> 20,
                    r.residentGpuBytes() >> 20,
                    r.exact() ? "" : " class=\"bad\"",
                    r.exact() ? "yes" : "NO: " + HtmlReport.escape(r.difference())));
        }
        return table.append("</table>\n").toString();
    }
}
