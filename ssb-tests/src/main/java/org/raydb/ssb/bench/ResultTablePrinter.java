package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints bench results as a fixed-width console table, one line per result as it comes, under a header. A query
 * that was not offloaded ran on DuckDB through the driver as well, so its speed-up cell is marked
 * {@value #NOT_OFFLOADED}: that ratio compares DuckDB with itself.
 */
public final class ResultTablePrinter {

    private static final String FORMAT = "%-6s %-5s %12s %11s %11s %11s %12s %-8s %-9s %14s %-5s%n";

    /** The mark of a speed-up cell whose both sides were DuckDB. */
    static final String NOT_OFFLOADED = "(DuckDB)";

    private final PrintStream out;
    private boolean headerPrinted;
    private boolean notOffloadedPrinted;

    public ResultTablePrinter(PrintStream out) {
        this.out = out;
    }

    private void header() {
        out.printf(
                Locale.ROOT,
                FORMAT,
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
                "match");
    }

    /** Says, before the table, that the RayDB side offloads nothing and why (the driver's reason). */
    public void printOffloadUnavailable(String reason) {
        out.println("nothing is offloaded: " + reason);
        out.println("  every RayDB time below is DuckDB running the query through the driver; the speed-up column"
                + " compares DuckDB with itself");
    }

    public void print(BenchResult r) {
        if (!headerPrinted) {
            header();
            headerPrinted = true;
        }
        out.printf(
                Locale.ROOT,
                FORMAT,
                r.query(),
                r.form(),
                fixed("%.5f%%", r.selectivity() * 100),
                fixed("%.2f", r.duckdbMs()),
                fixed("%.2f", r.raydbMs()),
                fixed("%.2f", r.coldMs()),
                fixed("%.2f", r.duckdbFirstMs()),
                r.engine(),
                r.offloaded(),
                speedup(r, "x"),
                r.match() ? "yes" : "NO");
        notOffloadedPrinted |= !r.offloaded();
        if (!r.match()) {
            out.println("       " + r.difference());
        }
    }

    /** After the last result: what the {@value #NOT_OFFLOADED} mark means, when a row carries it. */
    public void printLegend() {
        if (notOffloadedPrinted) {
            out.println(NOT_OFFLOADED + " not offloaded: DuckDB ran the query on both sides, the ratio is DuckDB"
                    + " against DuckDB, not a speed-up");
        }
    }

    /**
     * DuckDB's time over RayDB's with {@code times} after it ("—" for a failed run), marked
     * {@value #NOT_OFFLOADED} when not offloaded.
     */
    static String speedup(BenchResult r, String times) {
        String ratio = BreakdownTablePrinter.fixed("%.2f" + times, r.speedup());
        return r.offloaded() ? ratio : ratio + " " + NOT_OFFLOADED;
    }

    private static String fixed(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }
}
