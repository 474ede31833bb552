package org.raydb.ssb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The vary-constants bench report as one self-contained HTML page: the command, settings and machine, both
 * sides' figures, an inline SVG bar chart (log scale) of each template's median on each side, the templates
 * with their SQL, the failed queries and the checked answers that differed.
 */
public final class VaryConstantsHtmlReport {

    private static final String DUCKDB_COLOR = "#4e79a7";
    private static final String RAYDB_COLOR = "#f28e2b";

    private VaryConstantsHtmlReport() {}

    public static String render(VaryConstantsReport report) {
        StringBuilder html = new StringBuilder(HtmlReport.head("RayDB vary-constants bench") + "<p>");
        html.append("<code>").append(HtmlReport.escape(report.command())).append("</code><br>");
        html.append(report.header()
                        .html(String.format(
                                Locale.ROOT,
                                "%d threads, each with its own connection; %s s timed per side after %d s of"
                                        + " warm-up; constants drawn with seed %d%s; %s",
                                report.threads(),
                                Json.number(report.durationSeconds()),
                                VaryConstantsRunner.WARM_UP.toSeconds(),
                                report.header().querySeed(),
                                report.prepared() ? ", bound to statements prepared once per thread" : "",
                                report.timestamp())))
                .append("</p>\n");
        html.append(sides(report));
        html.append(chart(report.templates()));
        html.append(templates(report.templates()));
        html.append(problems(report));
        return html.append("</body></html>\n").toString();
    }

    private static String sides(VaryConstantsReport report) {
        VaryConstantsRunner.Outcome o = report.outcome();
        StringBuilder table = new StringBuilder("<h2>Summary</h2>\n<table>\n"
                + HtmlReport.headings(
                        "side",
                        "queries/s",
                        "p50 ms",
                        "p99 ms",
                        "queries",
                        "errors",
                        "offloaded",
                        "checked",
                        "mismatches"));
        for (VaryConstantsSide s : List.of(o.duckdb(), o.raydb())) {
            boolean raydb = s == o.raydb();
            table.append(HtmlReport.cells(
                    s.name(),
                    BreakdownTablePrinter.fixed("%.1f", s.queriesPerSecond()),
                    BreakdownTablePrinter.fixed("%.3f", s.p50Ms()),
                    BreakdownTablePrinter.fixed("%.3f", s.p99Ms()),
                    Long.toString(s.queries()),
                    Long.toString(s.errors()),
                    raydb ? Long.toString(s.offloaded()) : "&mdash;",
                    raydb ? Integer.toString(o.checks().size()) : "&mdash;",
                    raydb ? Integer.toString(report.mismatches().size()) : "&mdash;"));
        }
        return table.append("</table>\n<p>RayDB/DuckDB throughput: ")
                .append(BreakdownTablePrinter.fixed("%.2f&times;", report.throughputRatio()))
                .append(String.format(
                        Locale.ROOT,
                        "; RayDB's wait for its background builds after the first pass: %s ms%s</p>\n",
                        BreakdownTablePrinter.fixed("%.1f", o.buildWaitMs()),
                        o.buildsDone() ? "" : " (timed out)"))
                .toString();
    }

    private static String chart(List<VaryConstantsReport.TemplateRow> rows) {
        List<SvgBarChart.Group> groups = rows.stream()
                .map(t -> new SvgBarChart.Group(
                        t.id(),
                        false,
                        new double[] {t.duckdb().p50Ms(), t.raydb().p50Ms()},
                        new String[] {"DuckDB p50 " + t.id(), "RayDB p50 " + t.id()}))
                .toList();
        return SvgBarChart.render(
                List.of(
                        new SvgBarChart.Series("DuckDB (jdbc:duckdb:), p50", DUCKDB_COLOR),
                        new SvgBarChart.Series("RayDB (jdbc:raydb:), p50", RAYDB_COLOR)),
                groups);
    }

    private static String templates(List<VaryConstantsReport.TemplateRow> rows) {
        StringBuilder table = new StringBuilder("<h2>Templates</h2>\n<table>\n"
                + HtmlReport.headings(
                        "query",
                        "SQL (? for the drawn constants)",
                        "DuckDB queries",
                        "DuckDB p50 ms",
                        "RayDB queries",
                        "RayDB p50 ms"));
        for (VaryConstantsReport.TemplateRow t : rows) {
            table.append(String.format(
                    Locale.ROOT,
                    "<tr><td>%s</td><td style=\"text-align:left\"><code>%s</code></td><td>%d</td><td>%s</td>"
                            + "<td>%d</td><td>%s</td></tr>\n",
                    HtmlReport.escape(t.id()),
                    HtmlReport.escape(t.sql()),
                    t.duckdb().queries(),
                    BreakdownTablePrinter.fixed("%.3f", t.duckdb().p50Ms()),
                    t.raydb().queries(),
                    BreakdownTablePrinter.fixed("%.3f", t.raydb().p50Ms())));
        }
        return table.append("</table>\n").toString();
    }

    /** The failed queries and the differing answers, or a line saying there were none. */
    private static String problems(VaryConstantsReport report) {
        VaryConstantsRunner.Outcome o = report.outcome();
        StringBuilder html = new StringBuilder("<h2>Errors and mismatches</h2>\n");
        List<String> items = new ArrayList<>();
        for (VaryConstantsSide s : List.of(o.duckdb(), o.raydb())) {
            s.errorTexts().forEach(e -> items.add("error on " + s.name() + ": " + e));
        }
        report.mismatches().forEach(c -> items.add("mismatch " + c.query() + ": " + c.sql() + ": " + c.difference()));
        if (items.isEmpty()) {
            return html.append(String.format(
                            Locale.ROOT,
                            "<p class=\"good\">none: no query failed; %d checked answers equal DuckDB's</p>\n",
                            o.checks().size()))
                    .toString();
        }
        html.append("<ul class=\"bad\">\n");
        items.forEach(
                i -> html.append("<li><code>").append(HtmlReport.escape(i)).append("</code></li>\n"));
        return html.append("</ul>\n").toString();
    }
}
