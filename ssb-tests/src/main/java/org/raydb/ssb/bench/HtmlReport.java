package org.raydb.ssb.bench;

import java.util.List;
import java.util.Locale;

/**
 * The bench report as one self-contained HTML page: the settings, an inline SVG bar chart of the median
 * times (log scale, DuckDB and RayDB side by side for each query and form) and the results table.
 */
public final class HtmlReport {

    private static final int PLOT_HEIGHT = 300;
    private static final int TOP = 20;
    private static final int LEFT = 70;
    private static final int GROUP_WIDTH = 44;
    private static final int BAR_WIDTH = 16;
    private static final String DUCKDB_COLOR = "#4e79a7";
    private static final String RAYDB_COLOR = "#f28e2b";

    private HtmlReport() {
    }

    public static String render(BenchReport report) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>RayDB SSB bench</title><style>body{font-family:sans-serif;margin:2em}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
                + "td:first-child,th:first-child{text-align:left}.bad{color:#c00;font-weight:bold}</style></head>"
                + "<body>\n<h1>RayDB SSB bench</h1>\n<p>");
        html.append(escape(String.format(Locale.ROOT, "SF %s (%s), %,d lineorder rows; engine=%s; median of %d "
                + "reps; %s", Json.number(report.sf()), report.source(), report.rows(), report.engine(),
                report.reps(), report.timestamp()))).append("<br>");
        MachineInfo m = report.machine();
        html.append(escape(String.format(Locale.ROOT, "%d cores, %.1f GiB, %s, %s, GPU: %s", m.cores(),
                m.memoryBytes() / (double) (1L << 30), m.os(), m.java(),
                m.gpus().isEmpty() ? "none" : String.join("; ", m.gpus())))).append("</p>\n");
        html.append(chart(report.results()));
        html.append(table(report.results()));
        return html.append("</body></html>\n").toString();
    }

    private static String chart(List<BenchResult> results) {
        if (results.stream().allMatch(r -> Double.isNaN(r.duckdbMs()) && Double.isNaN(r.raydbMs()))) {
            return "";
        }
        double min = Double.MAX_VALUE;
        double max = 0;
        for (BenchResult r : results) {
            for (double ms : new double[] {r.duckdbMs(), r.raydbMs()}) {
                if (!Double.isNaN(ms)) {
                    min = Math.min(min, Math.max(ms, 1e-3));
                    max = Math.max(max, Math.max(ms, 1e-3));
                }
            }
        }
        int lowDecade = (int) Math.floor(Math.log10(min));
        int highDecade = Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(max)));
        int width = LEFT + results.size() * GROUP_WIDTH + 20;
        int height = TOP + PLOT_HEIGHT + 110;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\">\n", width,
                height));
        for (int decade = lowDecade; decade <= highDecade; decade++) {
            double y = y(Math.pow(10, decade), lowDecade, highDecade);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s ms</text>\n", LEFT, width - 20, y, y,
                    LEFT - 6, y + 4, Json.number(Math.pow(10, decade))));
        }
        for (int i = 0; i < results.size(); i++) {
            BenchResult r = results.get(i);
            int x = LEFT + i * GROUP_WIDTH + (GROUP_WIDTH - 2 * BAR_WIDTH) / 2;
            svg.append(bar(x, r.duckdbMs(), lowDecade, highDecade, DUCKDB_COLOR, "DuckDB " + r.query() + " "
                    + r.form()));
            svg.append(bar(x + BAR_WIDTH, r.raydbMs(), lowDecade, highDecade, RAYDB_COLOR, "RayDB " + r.query()
                    + " " + r.form() + " (" + r.engine() + ")"));
            int labelY = TOP + PLOT_HEIGHT + 12;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" transform=\"rotate(45 %d %d)\"%s>%s"
                    + "</text>\n", x + 4, labelY, x + 4, labelY, r.match() ? "" : " fill=\"#c00\"",
                    escape(r.query() + " " + r.form())));
        }
        int legendY = height - 12;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                + "<text x=\"%d\" y=\"%d\">DuckDB (jdbc:duckdb:)</text>", LEFT, legendY - 9, DUCKDB_COLOR, LEFT + 14,
                legendY));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                + "<text x=\"%d\" y=\"%d\">RayDB (jdbc:raydb:)</text>\n", LEFT + 170, legendY - 9, RAYDB_COLOR,
                LEFT + 184, legendY));
        return svg.append("</svg>\n").toString();
    }

    private static String bar(int x, double ms, int lowDecade, int highDecade, String color, String title) {
        if (Double.isNaN(ms)) {
            return "";
        }
        double top = y(Math.max(ms, 1e-3), lowDecade, highDecade);
        double bottom = TOP + PLOT_HEIGHT;
        return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                + "<title>%s: %s ms</title></rect>\n", x, top, BAR_WIDTH - 2, Math.max(0.5, bottom - top), color,
                escape(title), Json.number(ms));
    }

    /** The vertical position of {@code ms} on the log axis spanning 10^low .. 10^high. */
    private static double y(double ms, int lowDecade, int highDecade) {
        double fraction = (Math.log10(ms) - lowDecade) / (highDecade - lowDecade);
        return TOP + PLOT_HEIGHT * (1 - fraction);
    }

    private static String table(List<BenchResult> results) {
        StringBuilder table = new StringBuilder("<table>\n<tr><th>query</th><th>form</th><th>selectivity</th>"
                + "<th>DuckDB ms</th><th>RayDB ms</th><th>engine</th><th>offloaded</th><th>speed-up</th>"
                + "<th>match</th></tr>\n");
        for (BenchResult r : results) {
            table.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%.5f%%</td><td>%.2f</td>"
                    + "<td>%.2f</td><td>%s</td><td>%s</td><td>%.2f&times;</td><td%s>%s</td></tr>\n",
                    escape(r.query()), escape(r.form()), r.selectivity() * 100, r.duckdbMs(), r.raydbMs(),
                    escape(r.engine()), r.offloaded(), r.speedup(), r.match() ? "" : " class=\"bad\"",
                    r.match() ? "yes" : "NO: " + escape(r.difference())));
        }
        return table.append("</table>\n").toString();
    }

    private static String escape(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
