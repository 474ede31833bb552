package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The bench's closing console sections: the cold start, the comparison with the anchors (per flat query:
 * Crystal's kernel time against the engine's time, DuckDB measured in this run against RayDB end to end,
 * and the anchor's DuckDB time and result rows for reference), and the targets' PASS/FAIL lines, meant last.
 */
public final class SummaryPrinter {

    private static final String FORMAT = "%-6s %-6s %10s %10s %12s %10s %10s %14s %12s %12s%n";

    private final PrintStream out;

    public SummaryPrinter(PrintStream out) {
        this.out = out;
    }

    public void printColdStart(BenchReport report) {
        ColdStart cold = report.cold();
        if (cold.firstQuery().isEmpty()) {
            return;
        }
        double warm = report.results().stream()
                .filter(r -> (r.query() + "/" + r.form()).equals(cold.firstQuery()))
                .mapToDouble(BenchResult::raydbMs)
                .findFirst()
                .orElse(Double.NaN);
        out.printf(
                Locale.ROOT,
                "cold start (jdbc:raydb:): connect %.1f ms; first query %s %.2f ms cold, %.2f ms "
                        + "warm; connect + first run of each of %d queries %.2f s (DuckDB's %.2f s; medians of %d"
                        + " fresh processes a side); background builds went on %.1f s after%n",
                cold.connectMs(),
                cold.firstQuery(),
                cold.firstQueryMs(),
                warm,
                report.results().size(),
                cold.totalMs() / 1000,
                cold.duckdbFirstRunsMs() / 1000,
                FreshProcessFirstRuns.PROCESSES,
                cold.buildsMs() / 1000);
    }

    public void printComparison(BenchReport report, Targets targets) {
        Anchors anchors = report.anchors();
        if (anchors == null) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "against the %s anchors (%s; Crystal = its kernel time; DuckDB = measured in this run,"
                        + " anchor DuckDB = the anchors' DuckDB flat ms)%n",
                anchors.name(),
                anchors.description());
        out.printf(
                Locale.ROOT,
                FORMAT,
                "query",
                "engine",
                "Crystal ms",
                "engine us",
                "Crystal/ours",
                "DuckDB ms",
                "RayDB ms",
                "DuckDB/RayDB",
                "anchor DuckDB",
                "rows/anchor");
        for (Targets.Comparison c : targets.comparisons()) {
            BenchResult r = c.result();
            out.printf(
                    Locale.ROOT,
                    FORMAT,
                    r.query(),
                    r.engine(),
                    String.format(Locale.ROOT, "%.3f", c.anchor().crystalMs()),
                    BreakdownTablePrinter.fixed("%.0f", c.engineUs()),
                    BreakdownTablePrinter.fixed("%.2fx", c.crystalOverOurs()),
                    BreakdownTablePrinter.fixed("%.2f", r.duckdbMs()),
                    BreakdownTablePrinter.fixed("%.2f", r.raydbMs()),
                    ResultTablePrinter.speedup(r, "x"),
                    String.format(Locale.ROOT, "%.1f", c.anchor().duckdbFlatMs()),
                    r.resultRows() + "/" + c.anchor().resultRows());
        }
    }

    /** One line per target, {@code PASS}, {@code FAIL} or {@code n/a} first; nothing when there are none. */
    public void printTargets(Targets targets) {
        if (targets.isEmpty()) {
            return;
        }
        out.println("targets:");
        for (Targets.Target g : targets.targets()) {
            out.printf(Locale.ROOT, "  %-4s  %s: %s%n", label(g.status()), g.name(), g.detail());
        }
    }

    static String label(Targets.Status status) {
        return status == Targets.Status.NOT_MEASURED ? "n/a" : status.name();
    }
}
