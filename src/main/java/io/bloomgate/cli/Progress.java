package io.bloomgate.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of the demo's long steps: a bar redrawn in place on a console, plain lines otherwise
 * (a log file or a CI console would fill up with carriage returns), or nothing.
 */
abstract class Progress {

    /** A bar on a console ({@code System.console() != null}), plain lines otherwise. */
    static Progress auto(PrintWriter out) {
        return System.console() != null ? new Bar(out) : new Lines(out);
    }

    /** No progress at all. */
    static Progress none() {
        return new Progress() {
            @Override
            void show(boolean done) {
            }
        };
    }

    private String task = "";
    private long total;
    private long done;
    private long startNanos;

    /** Starts a step of {@code total} units (0 or less: no known total). */
    final void begin(String task, long total) {
        this.task = task;
        this.total = total;
        this.done = 0;
        this.startNanos = System.nanoTime();
        show(false);
    }

    /** {@code done} units of the current step are complete. */
    final void advance(long done) {
        this.done = done;
        show(false);
    }

    /** Ends the current step. */
    final void end() {
        if (total > 0) {
            done = total;
        }
        show(true);
    }

    abstract void show(boolean finished);

    final String task() {
        return task;
    }

    final long total() {
        return total;
    }

    final long done() {
        return done;
    }

    final double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** Redraws one line in place, at most ten times a second. */
    private static final class Bar extends Progress {
        private static final int WIDTH = 24; // the whole line fits 80 columns
        private final PrintWriter out;
        private long lastDraw;

        Bar(PrintWriter out) {
            this.out = out;
        }

        @Override
        void show(boolean finished) {
            long now = System.nanoTime();
            if (!finished && now - lastDraw < 100_000_000L && done() > 0) {
                return;
            }
            lastDraw = now;
            String line;
            if (total() > 0) {
                int filled = (int) (WIDTH * Math.min(1.0, (double) done() / total()));
                line = String.format(Locale.ROOT, "  %-24s [%s%s] %3.0f%% %,d/%,d %.1f s", task(), "#".repeat(filled),
                        ".".repeat(WIDTH - filled), 100.0 * done() / total(), done(), total(), seconds());
            } else {
                line = String.format(Locale.ROOT, "  %-24s %s %.1f s", task(), finished ? "done" : "...", seconds());
            }
            out.print("\r" + line + (finished ? "\n" : ""));
            out.flush();
        }
    }

    /** A line when a step starts, at each quarter, and when it ends. */
    private static final class Lines extends Progress {
        private final PrintWriter out;
        private int quarter;

        Lines(PrintWriter out) {
            this.out = out;
        }

        @Override
        void show(boolean finished) {
            if (finished) {
                out.printf(Locale.ROOT, "  %s: done in %.1f s%n", task(), seconds());
            } else if (done() == 0) {
                quarter = 0;
                out.printf(Locale.ROOT, "  %s%s ...%n", task(), total() > 0 ? String.format(Locale.ROOT, " (%,d)", total())
                        : "");
            } else if (total() > 0 && done() * 4 / total() > quarter && done() < total()) {
                quarter = (int) (done() * 4 / total());
                out.printf(Locale.ROOT, "  %s: %d%% (%,d of %,d, %.1f s)%n", task(), quarter * 25, done(), total(),
                        seconds());
            }
            out.flush();
        }
    }
}
