package org.raydb.ssb.bench;

import java.util.List;
import java.util.Locale;

/**
 * An inline SVG bar chart of times in milliseconds on a log axis: one group of bars per query, one bar per
 * series (side by side, in the series' colours, each with a tooltip), a legend below. Unknown (NaN) times
 * get no bar.
 */
final class SvgBarChart {

    private static final int PLOT_HEIGHT = 300;
    private static final int TOP = 20;
    private static final int LEFT = 70;
    private static final int GROUP_GAP = 12;
    private static final int BAR_WIDTH = 16;
    private static final int LEGEND_STEP = 220;

    record Series(String name, String color) {}

    /** One query's bars, {@code ms[i]} for series i; {@code flagged} draws its label in red (a wrong answer). */
    record Group(String label, boolean flagged, double[] ms, String[] titles) {}

    private SvgBarChart() {}

    /** The chart, or "" when no time is known. */
    static String render(List<Series> series, List<Group> groups) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Group g : groups) {
            for (double ms : g.ms()) {
                if (!Double.isNaN(ms)) {
                    min = Math.min(min, Math.max(ms, 1e-3));
                    max = Math.max(max, Math.max(ms, 1e-3));
                }
            }
        }
        if (max == 0) {
            return "";
        }
        int lowDecade = (int) Math.floor(Math.log10(min));
        int highDecade = Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(max)));
        int groupWidth = series.size() * BAR_WIDTH + GROUP_GAP;
        int width = Math.max(LEFT + groups.size() * groupWidth + 20, LEFT + series.size() * LEGEND_STEP);
        int height = TOP + PLOT_HEIGHT + 110;
        StringBuilder svg = new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\">\n",
                width,
                height));
        for (int decade = lowDecade; decade <= highDecade; decade++) {
            double y = y(Math.pow(10, decade), lowDecade, highDecade);
            svg.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s ms</text>\n",
                    LEFT,
                    width - 20,
                    y,
                    y,
                    LEFT - 6,
                    y + 4,
                    Json.number(Math.pow(10, decade))));
        }
        for (int i = 0; i < groups.size(); i++) {
            Group g = groups.get(i);
            int x = LEFT + i * groupWidth + GROUP_GAP / 2;
            for (int s = 0; s < series.size(); s++) {
                svg.append(bar(
                        x + s * BAR_WIDTH,
                        g.ms()[s],
                        lowDecade,
                        highDecade,
                        series.get(s).color(),
                        g.titles()[s]));
            }
            int labelY = TOP + PLOT_HEIGHT + 12;
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" transform=\"rotate(45 %d %d)\"%s>%s" + "</text>\n",
                    x + 4,
                    labelY,
                    x + 4,
                    labelY,
                    g.flagged() ? " fill=\"#c00\"" : "",
                    HtmlReport.escape(g.label())));
        }
        int legendY = height - 12;
        for (int s = 0; s < series.size(); s++) {
            int x = LEFT + s * LEGEND_STEP;
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                            + "<text x=\"%d\" y=\"%d\">%s</text>\n",
                    x,
                    legendY - 9,
                    series.get(s).color(),
                    x + 14,
                    legendY,
                    HtmlReport.escape(series.get(s).name())));
        }
        return svg.append("</svg>\n").toString();
    }

    private static String bar(int x, double ms, int lowDecade, int highDecade, String color, String title) {
        if (Double.isNaN(ms)) {
            return "";
        }
        double top = y(Math.max(ms, 1e-3), lowDecade, highDecade);
        double bottom = TOP + PLOT_HEIGHT;
        return String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                        + "<title>%s: %s ms</title></rect>\n",
                x,
                top,
                BAR_WIDTH - 2,
                Math.max(0.5, bottom - top),
                color,
                HtmlReport.escape(title),
                Json.number(ms));
    }

    /** The vertical position of {@code ms} on the log axis spanning 10^low .. 10^high. */
    private static double y(double ms, int lowDecade, int highDecade) {
        double fraction = (Math.log10(ms) - lowDecade) / (highDecade - lowDecade);
        return TOP + PLOT_HEIGHT * (1 - fraction);
    }
}
