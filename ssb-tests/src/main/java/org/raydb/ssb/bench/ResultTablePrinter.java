package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.Locale;

/** Prints bench results as a fixed-width console table, one line per result as it comes, under a header. */
public final class ResultTablePrinter {

    private static final String FORMAT = "%-6s %-5s %12s %11s %11s %11s %-8s %-9s %9s %-5s%n";

    private final PrintStream out;
    private boolean headerPrinted;

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
                "engine",
                "offloaded",
                "speed-up",
                "match");
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
                r.engine(),
                r.offloaded(),
                fixed("%.2fx", r.speedup()),
                r.match() ? "yes" : "NO");
        if (!r.match()) {
            out.println("       " + r.difference());
        }
    }

    private static String fixed(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }
}
