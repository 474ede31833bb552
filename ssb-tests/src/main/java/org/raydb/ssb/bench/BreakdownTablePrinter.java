package org.raydb.ssb.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints {@code bench --breakdown}'s second table: per offloaded query, the medians of planning, offload
 * execution, handoff and finishing time (direct or DuckDB) in microseconds (see {@link PhaseBreakdown}), the
 * host-side overhead (all but the engine run), then inside execution the engine's own time (GPU time), its
 * kernels' device time, the bandwidth floor of the bytes they read and the kernel time over that floor, and
 * the RayDB median. A figure the engine does not measure (the cpu engine's kernel time and bytes) is "—".
 */
public final class BreakdownTablePrinter {

    private static final String FORMAT = "%-6s %-5s %9s %12s %9s %9s %9s %10s %10s %10s %7s %9s%n";
    private static final String NONE = "—";

    private final PrintStream out;
    private final BandwidthFloor floor;

    public BreakdownTablePrinter(PrintStream out, BandwidthFloor floor) {
        this.out = out;
        this.floor = floor;
    }

    public void print(List<BenchResult> results) {
        out.println(
                "where the time went (medians, us; finish = the rest of the statement, direct or DuckDB, until the last row is read;"
                        + " engine = first launch until the groups are in host memory; floor = bytes read / "
                        + (floor.known() ? Json.number(floor.gbs()) + " GB/s" : "copy bandwidth (not given)") + ")");
        out.printf(
                Locale.ROOT,
                FORMAT,
                "query",
                "form",
                "planning",
                "offload exec",
                "handoff",
                "finish",
                "host",
                "engine",
                "kernel",
                "floor",
                "k/floor",
                "RayDB ms");
        for (BenchResult r : results) {
            PhaseBreakdown b = r.breakdown();
            if (b == null) {
                out.printf(Locale.ROOT, "%-6s %-5s not offloaded%n", r.query(), r.form());
                continue;
            }
            out.printf(
                    Locale.ROOT,
                    FORMAT,
                    r.query(),
                    r.form(),
                    b.planningUs(),
                    b.executionUs(),
                    b.handoffUs(),
                    b.finishUs(),
                    b.hostUs(),
                    known(b.engineUs()),
                    known(b.kernelUs()),
                    fixed("%.0f", floor.floorUs(b.bytesRead())),
                    fixed("%.2f", floor.kernelOverFloor(b.kernelUs(), b.bytesRead())),
                    String.format(Locale.ROOT, "%.2f", r.raydbMs()));
        }
    }

    static String known(long value) {
        return value < 0 ? NONE : Long.toString(value);
    }

    static String fixed(String format, double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, format, value);
    }
}
