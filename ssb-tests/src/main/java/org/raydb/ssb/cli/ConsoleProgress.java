package org.raydb.ssb.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.raydb.ssb.Progress;

/**
 * Progress on the console: on an interactive terminal a bar redrawn in place (at most five times a second,
 * and at least once a second so that the time keeps moving while the work stalls); otherwise a line every
 * {@link #LINE_EVERY} (so that a log shows a long phase is alive); either way one final line per phase with its
 * time and rate.
 */
final class ConsoleProgress implements Progress {

    static final Duration LINE_EVERY = Duration.ofSeconds(5);
    private static final Duration BAR_EVERY = Duration.ofSeconds(1);
    private static final int BAR_WIDTH = 30;
    private static final long REDRAW_NANOS = 200_000_000L;

    private final PrintStream out;
    private final boolean interactive;
    private final Duration lineEvery;

    ConsoleProgress(PrintStream out, boolean interactive) {
        this(out, interactive, LINE_EVERY);
    }

    /** @param lineEvery how often a non-interactive console gets a line while a phase runs */
    ConsoleProgress(PrintStream out, boolean interactive, Duration lineEvery) {
        this.out = out;
        this.interactive = interactive;
        this.lineEvery = lineEvery;
    }

    static ConsoleProgress forThisTerminal() {
        return new ConsoleProgress(System.out, System.console() != null);
    }

    @Override
    public Phase start(String name, long total, String unit) {
        return new ConsolePhase(name, total, unit);
    }

    private final class ConsolePhase implements Phase {
        private final String name;
        private final long total;
        private final String unit;
        private final long startNanos = System.nanoTime();
        private final AtomicLong done = new AtomicLong();
        private final AtomicLong lastDraw = new AtomicLong();
        private final Thread ticker;
        private boolean closed;

        ConsolePhase(String name, long total, String unit) {
            this.name = name;
            this.total = total;
            this.unit = unit;
            // The work may not advance for a long while (one big statement), so a clock reports as well.
            Duration every = interactive ? BAR_EVERY : lineEvery;
            ticker = Thread.ofPlatform().daemon().name("console-progress").start(() -> tick(every));
        }

        private void tick(Duration every) {
            try {
                while (true) {
                    Thread.sleep(every);
                    report();
                }
            } catch (InterruptedException e) {
                // The phase closed.
            }
        }

        @Override
        public void advance(long delta) {
            done.addAndGet(delta);
            long t = System.nanoTime();
            long last = lastDraw.get();
            if (interactive && t - last >= REDRAW_NANOS && lastDraw.compareAndSet(last, t)) {
                report();
            }
        }

        private synchronized void report() {
            if (closed) {
                return;
            }
            long now = done.get();
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            double fraction = total > 0 ? Math.min(1, (double) now / total) : 0;
            if (interactive) {
                int filled = (int) Math.round(fraction * BAR_WIDTH);
                out.print(String.format(
                        Locale.ROOT,
                        "\r%-28s [%s%s] %3.0f%% %6.1f s",
                        name,
                        "#".repeat(filled),
                        " ".repeat(BAR_WIDTH - filled),
                        fraction * 100,
                        seconds));
            } else {
                String counted = unit.isEmpty()
                        ? String.format(Locale.ROOT, "%.0f%%", fraction * 100)
                        : total > 0
                                ? String.format(Locale.ROOT, "%,d of %,d %s", now, total, unit)
                                : String.format(Locale.ROOT, "%,d %s", now, unit);
                out.println(String.format(Locale.ROOT, "%-28s %s after %.0f s ...", name + ":", counted, seconds));
            }
            out.flush();
        }

        @Override
        public void close() {
            ticker.interrupt();
            synchronized (this) {
                closed = true;
                double seconds = (System.nanoTime() - startNanos) / 1e9;
                String counted = unit.isEmpty()
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "%,d %s, %,.0f %s/s, ",
                                done.get(),
                                unit,
                                done.get() / Math.max(seconds, 1e-9),
                                unit);
                String line = String.format(Locale.ROOT, "%-28s %sdone in %.1f s", name + ":", counted, seconds);
                out.println(interactive ? "\r" + line + " ".repeat(BAR_WIDTH) : line);
            }
        }
    }
}
