package io.bloomgate.cli;

import io.bloomgate.BloomGate;
import io.bloomgate.GateReport;
import io.bloomgate.report.GateHistory;
import io.bloomgate.report.H2IoCounters;
import io.bloomgate.stats.GuardStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The demo's measurement: loads the visited-URL table once, then runs the crawl on a fresh copy
 * with the gate and on another fresh copy without it.
 *
 * <p>For tables of 100,000 URLs or more, a shorter crawl both ways (another stream of URLs) warms up
 * first, so neither timed run pays one-off costs. The run with the gate then goes first: the run
 * without it has the warmer JIT and file cache, so any advantage of order left goes to the
 * baseline, never to the gate.
 */
final class TwoRuns {

    /** Everything the demo and the benchmark print. */
    record Result(Workload workload, boolean reused, double loadSeconds, long databaseBytes, CrawlRun with,
            CrawlRun without, List<GateHistory.Sample> history, GateReport report) {

        /** Whether both runs found and inserted the same URLs (they must: the gate never answers wrongly). */
        boolean consistent() {
            return with.found() == without.found() && with.inserted() == without.inserted();
        }
    }

    private static final Duration SAMPLE_EVERY = Duration.ofMillis(100);
    /** Smaller crawls take a second or two: their timings are noise either way, and warming up would double them. */
    private static final long WARM_UP_FROM = 100_000;
    private static final long WARM_UP_CHECKS = 20_000;

    private final Workload workload;
    private final Progress progress;
    private final Urls urls;
    private final boolean warmUp;
    private final long streamSeed;

    TwoRuns(Workload workload, Progress progress) {
        this(workload, progress, true, workload.seed());
    }

    private TwoRuns(Workload workload, Progress progress, boolean warmUp, long streamSeed) {
        this.workload = workload;
        this.progress = progress;
        this.urls = new Urls(workload.seed());
        this.warmUp = warmUp;
        this.streamSeed = streamSeed;
    }

    /**
     * Both crawls, shortened, on copies of the loaded table: class loading, jOOQ's parser, the JIT,
     * and whatever else makes a first crawl on a big file slow (measured: its inserts took 1.5 to
     * 2.5 s longer at the default size, whichever run went first) happen off the clock.
     */
    private void warmUp(VisitedDatabase db) throws SQLException, IOException {
        progress.begin("warming up", 0);
        Workload shorter = new Workload(workload.urls(), Math.min(workload.checks(), WARM_UP_CHECKS), workload.seen(),
                workload.fpp(), workload.seed(), workload.db(), workload.cacheKb(), workload.batch());
        TwoRuns warm = new TwoRuns(shorter, Progress.none(), false, ~workload.seed()); // the same URLs, another stream
        for (boolean withGate : new boolean[] {true, false}) {
            String name = withGate ? "warm-up-with-gate" : "warm-up-without-gate";
            try {
                warm.crawl(db, name, withGate, new Holder());
            } finally {
                db.delete(name);
            }
        }
        progress.end();
    }

    Result run() throws SQLException, IOException {
        Path dir = directory();
        // Ctrl-C skips the finally below: the temporary directory (hundreds of MB) is deleted by a hook.
        Thread cleanUp = workload.db() != null ? null : new Thread(() -> {
            try {
                deleteTree(dir);
            } catch (IOException | RuntimeException e) {
                // the JVM is exiting: nothing to tell
            }
        }, "bloomgate-demo-cleanup");
        if (cleanUp != null) {
            Runtime.getRuntime().addShutdownHook(cleanUp);
        }
        try {
            VisitedDatabase db = new VisitedDatabase(dir, workload, urls);
            long start = System.nanoTime();
            boolean reused = workload.db() != null && db.reusable();
            if (!reused) {
                db.load(progress);
            }
            double loadSeconds = (System.nanoTime() - start) / 1e9;
            if (warmUp && workload.urls() >= WARM_UP_FROM) {
                warmUp(db);
            }
            Holder holder = new Holder();
            CrawlRun with = crawl(db, "run-with-gate", true, holder);
            CrawlRun without = crawl(db, "run-without-gate", false, holder);
            return new Result(workload, reused, loadSeconds, db.baseBytes(), with, without, holder.history,
                    holder.report);
        } finally {
            if (cleanUp != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(cleanUp);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs (or ran) anyway
                }
                deleteTree(dir);
            }
        }
    }

    /** The --db directory (created if missing), or a new temporary one; an error says why it cannot be. */
    private Path directory() throws IOException {
        if (workload.db() != null) {
            try {
                return Files.createDirectories(workload.db());
            } catch (IOException e) {
                throw new IOException("cannot create the --db directory " + workload.db() + ": "
                        + OutputPaths.reason(e) + "; pass another directory with --db DIR", e);
            }
        }
        try {
            return Files.createTempDirectory("bloomgate-demo-");
        } catch (IOException e) {
            throw new IOException("cannot create a temporary directory for the database in "
                    + System.getProperty("java.io.tmpdir") + ": " + OutputPaths.reason(e) + "; pass a directory with"
                    + " --db DIR (or another temporary directory with -Djava.io.tmpdir=DIR)", e);
        }
    }

    /** What only the run with the gate produces. */
    private static final class Holder {
        List<GateHistory.Sample> history = List.of();
        GateReport report;
    }

    private CrawlRun crawl(VisitedDatabase db, String name, boolean withGate, Holder holder)
            throws SQLException, IOException {
        db.copyBase(name);
        JdbcDataSource h2 = db.dataSource(name, workload.cacheKb());
        Crawl crawl = new Crawl(workload, urls, streamSeed);
        // This connection stays open for the whole run: the database stays open (H2 closes it with
        // its last connection, and its counters restart when it reopens).
        try (Connection counters = h2.getConnection()) {
            CrawlRun run;
            if (withGate) {
                H2IoCounters before = H2IoCounters.read(counters).orElse(null);
                progress.begin("building the gate", 0);
                long t0 = System.nanoTime();
                try (BloomGate gate = BloomGate.builder(h2)
                        .guard(VisitedDatabase.TABLE, "url", workload.expectedKeys(), workload.fpp()).build()) {
                    long buildNanos = System.nanoTime() - t0;
                    progress.end();
                    H2IoCounters built = H2IoCounters.read(counters).orElse(null);
                    Crawl.Phases p;
                    try (GateHistory history = GateHistory.every(gate, SAMPLE_EVERY)) {
                        p = crawl.run(gate.dataSource(), counters, progress, "crawl with the gate");
                        history.sample();
                        holder.history = history.samples();
                    }
                    holder.report = gate.report();
                    GuardStats guard = gate.stats(VisitedDatabase.TABLE, "url");
                    run = result(true, p, guard, buildNanos,
                            before == null || built == null ? null : built.minus(before));
                }
            } else {
                run = result(false, crawl.run(h2, counters, progress, "crawl without the gate"), null, 0, null);
            }
            try (Statement s = counters.createStatement()) {
                s.execute("SHUTDOWN");
            }
            return run;
        } finally {
            if (workload.db() == null) {
                db.delete(name); // up to a few hundred MB each: do not wait for the end
            }
        }
    }

    private CrawlRun result(boolean withGate, Crawl.Phases p, GuardStats guard, long buildNanos,
            H2IoCounters buildIo) {
        return new CrawlRun(withGate, workload.checks(), p.found, p.inserted, p.nanos, p.lookupNanos,
                p.counted ? p.lookupIo : null, p.counted ? p.insertIo : null, guard, buildNanos, buildIo);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
