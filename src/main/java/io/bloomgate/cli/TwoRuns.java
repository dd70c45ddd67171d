package io.bloomgate.cli;

import io.bloomgate.BloomGate;
import io.bloomgate.GateReport;
import io.bloomgate.report.GateHistory;
import io.bloomgate.stats.GuardStats;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * The demo's measurement: loads the visited-URL table once, then runs the crawl on a fresh copy
 * with the gate and on another fresh copy without it, then the second scenario (requests for URLs
 * that do not exist) on the same two copies.
 *
 * <p>The two runs alternate batch by batch (with the gate first in even batches, without it first
 * in odd ones), and the speed-ups are medians of the per-batch ratios. Run one after the other, they
 * had measured anything from 0.7x to 1.6x for the same crawl: whichever ran second found a warmer
 * JIT and file cache, and on a shared machine the load changes from one run to the next. Alternated,
 * both runs see the same machine at the same moment, and the median ignores a batch that a burst of
 * other work slowed down. For tables of 100,000 URLs or more, a shorter crawl both ways (another
 * stream of URLs) warms up first, so neither run's first batches pay one-off costs.
 */
final class TwoRuns {

    /**
     * What the summary says about the database the figures came from (read while it was open).
     *
     * @see DemoDatabase
     */
    record Facts(String name, String description, String tableLabel, List<Counter> counters, List<String> notes,
            String savedWhat, String writeHook, String writeWork, int writeCounter,
            Function<CrawlRun, String> cacheNote) {

        Facts(DemoDatabase db) {
            this(db.name(), db.description(), db.tableLabel(), db.counters(), db.countersNotes(), db.savedWhat(),
                    db.writeHook(), db.writeWork(), db.writeCounter(), db::cacheNote);
        }
    }

    /**
     * Everything the demo and the benchmark print.
     *
     * @param kept a line saying what the demo left behind (--db files, the MariaDB base table), or null
     */
    record Result(Workload workload, Facts database, boolean reused, double loadSeconds, long databaseBytes,
            CrawlRun with, CrawlRun without, Rounds crawl, Probes.ProbeRun probesWith, Probes.ProbeRun probesWithout,
            Rounds probes, List<GateHistory.Sample> history, GateReport report, String kept) {

        /** Whether both runs found and inserted the same URLs (they must: the gate never answers wrongly). */
        boolean consistent() {
            return with.found() == without.found() && with.inserted() == without.inserted()
                    && probesWith.found() == probesWithout.found();
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
    private void warmUp(DemoDatabase db) throws SQLException, IOException {
        progress.begin("warming up", 0);
        Workload shorter = new Workload(workload.urls(), Math.min(workload.checks(), WARM_UP_CHECKS), workload.seen(),
                workload.fpp(), workload.seed(), workload.db(), workload.cacheKb(), workload.batch(), workload.dbUrl());
        TwoRuns warm = new TwoRuns(shorter, Progress.none(), false, ~workload.seed()); // the same URLs, another stream
        warm.crawlBoth(db, "warm-up-with-gate", "warm-up-without-gate", new Holder());
        progress.end();
    }

    Result run() throws SQLException, IOException {
        try (DemoDatabase db = open()) {
            long start = System.nanoTime();
            boolean reused = db.reusable();
            if (!reused) {
                db.load(progress);
            }
            double loadSeconds = (System.nanoTime() - start) / 1e9;
            if (warmUp && workload.urls() >= WARM_UP_FROM) {
                warmUp(db);
            }
            Holder h = new Holder();
            crawlBoth(db, "run-with-gate", "run-without-gate", h);
            return new Result(workload, new Facts(db), reused, loadSeconds, db.baseBytes(), h.with, h.without, h.crawl,
                    h.probesWith, h.probesWithout, h.probes, h.history, h.report, db.kept());
        }
    }

    /** The workload's database: MySQL/MariaDB with --db-url, else H2 files (in --db, or a temporary directory). */
    private DemoDatabase open() throws SQLException, IOException {
        return workload.dbUrl() != null ? MySqlDemoDatabase.open(workload, urls) : VisitedDatabase.open(workload, urls);
    }

    /** What the paired runs produce. */
    private static final class Holder {
        List<GateHistory.Sample> history = List.of();
        GateReport report;
        CrawlRun with;
        CrawlRun without;
        Rounds crawl;
        Probes.ProbeRun probesWith;
        Probes.ProbeRun probesWithout;
        Rounds probes;
    }

    /**
     * Both crawls, then both runs of requests, on two fresh copies of the base, alternating batch by
     * batch. The copies of the main runs stay in a --db directory; the rest are removed at once.
     */
    private void crawlBoth(DemoDatabase db, String withName, String withoutName, Holder holder)
            throws SQLException, IOException {
        boolean keep = workload.db() != null && warmUp;
        progress.begin("copying the table for each run", 0);
        try (DemoDatabase.Side withSide = db.copy(withName); DemoDatabase.Side withoutSide = db.copy(withoutName)) {
            progress.end();
            crawlBoth(withSide, withoutSide, holder);
            withSide.close(keep);
            withoutSide.close(keep);
        }
    }

    private void crawlBoth(DemoDatabase.Side withSide, DemoDatabase.Side withoutSide, Holder holder)
            throws SQLException {
        progress.begin("building the gate", 0);
        long t0 = System.nanoTime();
        try (BloomGate gate = BloomGate.builder(withSide.dataSource())
                .guard(withSide.table(), "url", workload.expectedKeys(), workload.fpp()).build()) {
            long buildNanos = System.nanoTime() - t0;
            progress.end();
            Crawl crawl = new Crawl(workload, urls, streamSeed);
            Rounds crawlRounds = new Rounds();
            Crawl.Phases with;
            Crawl.Phases without;
            long visited;
            try (GateHistory history = GateHistory.every(gate, SAMPLE_EVERY)) {
                try (Crawl.Walk a = crawl.walk(gate.dataSource(), withSide);
                        Crawl.Walk b = crawl.walk(withoutSide.dataSource(), withoutSide)) {
                    progress.begin("crawling, with and without the gate in turn", 2 * workload.checks());
                    for (int i = 0; !a.finished(); i++) {
                        Crawl.Batch x;
                        Crawl.Batch y;
                        if (i % 2 == 0) {
                            x = a.step();
                            progress.advance(a.done() + b.done());
                            y = b.step();
                        } else {
                            y = b.step();
                            progress.advance(a.done() + b.done());
                            x = a.step();
                        }
                        progress.advance(a.done() + b.done());
                        crawlRounds.add(x.lookupNanos(), x.insertNanos(), y.lookupNanos(), y.insertNanos());
                    }
                    progress.end();
                    with = a.phases();
                    without = b.phases();
                    visited = a.visited();
                }
                history.sample();
                holder.history = history.samples();
            }
            GuardStats guard = gate.stats(withSide.table(), "url");
            holder.report = gate.report();
            holder.with = result(true, with, guard, buildNanos);
            holder.without = result(false, without, null, 0);
            holder.crawl = crawlRounds;
            probeBoth(gate, withSide, withoutSide, visited, holder);
        }
    }

    /** The second scenario on the crawled copies: requests for URLs nobody visited, in turn. */
    private void probeBoth(BloomGate gate, DemoDatabase.Side withSide, DemoDatabase.Side withoutSide, long visited,
            Holder holder) throws SQLException {
        Probes probes = new Probes(workload, urls, ~streamSeed * 31);
        Rounds rounds = new Rounds();
        try (Probes.Walk a = probes.walk(gate.dataSource(), withSide.table(), withSide.meter(), visited);
                Probes.Walk b = probes.walk(withoutSide.dataSource(), withoutSide.table(), withoutSide.meter(),
                        visited)) {
            progress.begin("requests for URLs nobody visited, with and without the gate in turn", 2 * workload.checks());
            for (int i = 0; !a.finished(); i++) {
                long x;
                long y;
                if (i % 2 == 0) {
                    x = a.step();
                    y = b.step();
                } else {
                    y = b.step();
                    x = a.step();
                }
                progress.advance(a.done() + b.done());
                rounds.add(x, 0, y, 0);
            }
            progress.end();
            holder.probesWith = a.result();
            holder.probesWithout = b.result();
            holder.probes = rounds;
        }
    }

    private CrawlRun result(boolean withGate, Crawl.Phases p, GuardStats guard, long buildNanos) {
        return new CrawlRun(withGate, workload.checks(), p.found, p.inserted, p.nanos, p.lookupNanos,
                p.counted ? p.lookupIo : null, p.counted ? p.insertIo : null, guard, buildNanos);
    }
}
