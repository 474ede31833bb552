package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints {@code bench --breakdown}'s second table: per offloaded query, the medians of planning, offload
 * execution, handoff to DuckDB and DuckDB's finishing time in microseconds (see {@link PhaseBreakdown}), and
 * the host-side overhead (all but the engine run) beside the RayDB median.
 */
public final class BreakdownTablePrinter {

    private static final String FORMAT = "%-6s %-5s %12s %12s %11s %11s %9s %11s%n";

    private final PrintStream out;

    public BreakdownTablePrinter(PrintStream out) {
        this.out = out;
    }

    public void print(List<BenchResult> results) {
        out.println("where the time went (medians, us; finish = DuckDB running the rest until the last row is read)");
        out.printf(Locale.ROOT, FORMAT, "query", "form", "planning", "offload exec", "handoff", "finish", "host",
                "RayDB ms");
        for (BenchResult r : results) {
            PhaseBreakdown b = r.breakdown();
            if (b == null) {
                out.printf(Locale.ROOT, "%-6s %-5s not offloaded%n", r.query(), r.form());
                continue;
            }
            out.printf(Locale.ROOT, FORMAT, r.query(), r.form(), b.planningUs(), b.executionUs(), b.handoffUs(),
                    b.finishUs(), b.hostUs(), String.format(Locale.ROOT, "%.2f", r.raydbMs()));
        }
    }
}
