package org.raydb.ssb.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.raydb.ssb.Progress;

/**
 * Progress on the console: on an interactive terminal a bar redrawn in place (at most five times a second),
 * otherwise nothing until the phase ends; either way one final line per phase with its time and rate.
 */
final class ConsoleProgress implements Progress {

    private static final int BAR_WIDTH = 30;
    private static final long REDRAW_NANOS = 200_000_000L;

    private final PrintStream out;
    private final boolean interactive;

    ConsoleProgress(PrintStream out, boolean interactive) {
        this.out = out;
        this.interactive = interactive;
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

        ConsolePhase(String name, long total, String unit) {
            this.name = name;
            this.total = total;
            this.unit = unit;
        }

        @Override
        public void advance(long delta) {
            long now = done.addAndGet(delta);
            long t = System.nanoTime();
            long last = lastDraw.get();
            if (interactive && t - last >= REDRAW_NANOS && lastDraw.compareAndSet(last, t)) {
                draw(now, t);
            }
        }

        private synchronized void draw(long now, long t) {
            double fraction = total > 0 ? Math.min(1, (double) now / total) : 0;
            int filled = (int) Math.round(fraction * BAR_WIDTH);
            out.print(String.format(
                    Locale.ROOT,
                    "\r%-28s [%s%s] %3.0f%% %6.1f s",
                    name,
                    "#".repeat(filled),
                    " ".repeat(BAR_WIDTH - filled),
                    fraction * 100,
                    (t - startNanos) / 1e9));
            out.flush();
        }

        @Override
        public synchronized void close() {
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
