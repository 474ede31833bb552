package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints the ad-hoc bench on the console: one line per query as it comes (under a header), its SQL below it,
 * then the summary lines.
 */
public final class AdhocTablePrinter {

    private static final String FORMAT =
            "%-5s %7s %10s %10s %-5s %13s %10s %-5s %10s %-7s %12s %11s %13s %-5s %9s %8s %12s %11s%n";

    private final PrintStream out;
    private boolean headerPrinted;

    public AdhocTablePrinter(PrintStream out) {
        this.out = out;
    }

    public void print(AdhocResult r) {
        if (!headerPrinted) {
            out.printf(
                    Locale.ROOT,
                    FORMAT,
                    "query",
                    "rows",
                    "DuckDB ms",
                    "1st ms",
                    "off",
                    "build wait ms",
                    "2nd ms",
                    "off",
                    "later ms",
                    "engine",
                    "1st/DuckDB",
                    "2nd speedup",
                    "later speedup",
                    "exact",
                    "heap MiB",
                    "GPU MiB",
                    "host res MiB",
                    "GPU res MiB");
            headerPrinted = true;
        }
        out.printf(
                Locale.ROOT,
                FORMAT,
                r.query(),
                r.resultRows(),
                BreakdownTablePrinter.fixed("%.2f", r.duckdbMs()),
                BreakdownTablePrinter.fixed("%.2f", r.first().ms()),
                r.first().offloaded(),
                BreakdownTablePrinter.fixed("%.1f", r.buildWaitMs()),
                BreakdownTablePrinter.fixed("%.2f", r.second().ms()),
                r.second().offloaded(),
                BreakdownTablePrinter.fixed("%.2f", r.later().ms()),
                r.engine(),
                BreakdownTablePrinter.fixed("%.2fx", r.firstOverDuckdb()),
                BreakdownTablePrinter.fixed("%.2fx", r.second().speedup(r.duckdbMs())),
                BreakdownTablePrinter.fixed("%.2fx", r.later().speedup(r.duckdbMs())),
                r.exact() ? "yes" : "NO",
                r.heapUsedBytes() >> 20,
                r.gpuUsedMib() < 0 ? "n/a" : Long.toString(r.gpuUsedMib()),
                r.residentHostBytes() >> 20,
                r.residentGpuBytes() >> 20);
        out.println("      " + r.sql());
        if (!r.buildsDone()) {
            out.println(
                    "      background builds still running after " + AdhocRunner.BUILD_TIMEOUT.toMinutes() + " min");
        }
        if (!r.exact()) {
            out.println("      " + r.difference());
        }
    }

    public void printSummary(AdhocReport report) {
        AdhocSummary s = report.summary();
        out.printf(
                Locale.ROOT,
                "%d ad-hoc queries (seed %d): %d of %d exact; offloaded: first run %d, second run %d%n",
                s.queries(),
                report.header().querySeed(),
                s.exact(),
                s.queries(),
                s.firstOffloaded(),
                s.secondOffloaded());
        out.printf(
                Locale.ROOT,
                "first run / DuckDB: at most %s (%s); above %.2fx: %d of %d first runs, and %d of DuckDB's own %d timed"
                        + " runs against their query's median%n",
                BreakdownTablePrinter.fixed("%.2fx", s.worstFirstOverDuckdb()),
                s.worstQuery(),
                AdhocSummary.FIRST_RUN_LIMIT,
                s.firstRunsOverLimit(),
                s.queries(),
                s.duckdbRunsOverLimit(),
                s.duckdbRuns());
        out.printf(
                Locale.ROOT,
                "speed-up over DuckDB, geometric mean: first run %s, first run where offloaded %s (%d queries),"
                        + " second run %s, later runs %s%n",
                BreakdownTablePrinter.fixed("%.2fx", s.firstSpeedup()),
                BreakdownTablePrinter.fixed("%.2fx", s.offloadedFirstSpeedup()),
                s.firstOffloaded(),
                BreakdownTablePrinter.fixed("%.2fx", s.secondSpeedup()),
                BreakdownTablePrinter.fixed("%.2fx", s.laterSpeedup()));
        out.printf(
                Locale.ROOT,
                "totals: first runs %.1f ms against DuckDB's %.1f ms; build waits %.1f ms; second runs %.1f ms%n",
                s.firstTotalMs(),
                s.duckdbTotalMs(),
                s.buildWaitTotalMs(),
                s.secondTotalMs());
        out.println("resident at most: " + residentAtMost(s));
        out.println(AdhocReport.MEMORY_NOTE);
    }

    /** The summary's largest resident bytes against their budgets, in MiB (shared by the HTML report). */
    static String residentAtMost(AdhocSummary s) {
        return String.format(
                        Locale.ROOT,
                        "host %d MiB of the %d MiB host.memory budget; ",
                        s.maxResidentHostBytes() >> 20,
                        s.hostBudgetBytes() >> 20)
                + (s.gpuBudgetBytes() == 0
                        ? "no GPU opened"
                        : String.format(
                                Locale.ROOT,
                                "GPU %d MiB of the %d MiB gpu.memory budget",
                                s.maxResidentGpuBytes() >> 20,
                                s.gpuBudgetBytes() >> 20));
    }
}
