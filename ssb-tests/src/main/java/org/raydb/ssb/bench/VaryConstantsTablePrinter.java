package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints the vary-constants bench's closing tables: per template both sides' timed queries and median, then the
 * failed queries and differing answers with their SQL, then one line per side (threads, queries/s, p50, p99,
 * mismatches among the checked answers) and RayDB's throughput over DuckDB's.
 */
public final class VaryConstantsTablePrinter {

    private static final String TEMPLATE_FORMAT = "%-5s %14s %14s %13s %13s%n";
    private static final String SIDE_FORMAT = "%7s %-6s %11s %9s %9s %9s %7s %9s %8s %10s%n";
    private static final String NONE = "-";

    private final PrintStream out;

    public VaryConstantsTablePrinter(PrintStream out) {
        this.out = out;
    }

    public void print(VaryConstantsReport report) {
        out.printf(
                Locale.ROOT,
                TEMPLATE_FORMAT,
                "query",
                "DuckDB queries",
                "DuckDB p50 ms",
                "RayDB queries",
                "RayDB p50 ms");
        for (VaryConstantsReport.TemplateRow t : report.templates()) {
            out.printf(
                    Locale.ROOT,
                    TEMPLATE_FORMAT,
                    t.id(),
                    t.duckdb().queries(),
                    BreakdownTablePrinter.fixed("%.3f", t.duckdb().p50Ms()),
                    t.raydb().queries(),
                    BreakdownTablePrinter.fixed("%.3f", t.raydb().p50Ms()));
        }
        VaryConstantsRunner.Outcome o = report.outcome();
        for (VaryConstantsSide side : new VaryConstantsSide[] {o.duckdb(), o.raydb()}) {
            side.errorTexts().forEach(e -> out.println("ERROR " + side.name() + ": " + e));
        }
        for (VaryConstantsCheck c : report.mismatches()) {
            out.println("MISMATCH " + c.query() + ": " + c.sql().replaceAll("\\s+", " "));
            out.println("      " + c.difference());
        }
        out.printf(
                Locale.ROOT,
                SIDE_FORMAT,
                "threads",
                "side",
                "queries/s",
                "p50 ms",
                "p99 ms",
                "queries",
                "errors",
                "offloaded",
                "checked",
                "mismatches");
        side(report.threads(), o.duckdb(), NONE, NONE, NONE);
        side(
                report.threads(),
                o.raydb(),
                Long.toString(o.raydb().offloaded()),
                Integer.toString(o.checks().size()),
                Integer.toString(report.mismatches().size()));
        out.printf(
                Locale.ROOT,
                "RayDB/DuckDB throughput: %s (%s s timed per side after %d s of warm-up%s; constants seed %d)%n",
                BreakdownTablePrinter.fixed("%.2fx", report.throughputRatio()),
                Json.number(report.durationSeconds()),
                VaryConstantsRunner.WARM_UP.toSeconds(),
                report.prepared() ? ", constants bound to prepared statements" : "",
                report.header().querySeed());
    }

    private void side(int threads, VaryConstantsSide s, String offloaded, String checked, String mismatches) {
        out.printf(
                Locale.ROOT,
                SIDE_FORMAT,
                threads,
                s.name(),
                BreakdownTablePrinter.fixed("%.1f", s.queriesPerSecond()),
                BreakdownTablePrinter.fixed("%.3f", s.p50Ms()),
                BreakdownTablePrinter.fixed("%.3f", s.p99Ms()),
                s.queries(),
                s.errors(),
                offloaded,
                checked,
                mismatches);
    }
}
