package io.bloomgate.cli;

import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.JsonWriter;
import io.bloomgate.stats.GuardStats;
import java.util.List;
import java.util.Locale;

/** The two runs' figures as the demo's text, the benchmark's one line, and JSON. */
final class Summary {

    private final TwoRuns.Result r;
    private final CrawlRun with;
    private final CrawlRun without;
    private final GuardStats guard;
    private final TwoRuns.Facts db;
    private final List<Counter> counters;

    Summary(TwoRuns.Result result) {
        this.r = result;
        this.db = result.database();
        this.counters = db.counters();
        this.with = result.with();
        this.without = result.without();
        this.guard = result.with().guard();
    }

    /** The demo's printed summary: every figure both ways, and where each comes from. */
    String text() {
        Workload w = r.workload();
        StringBuilder out = new StringBuilder();
        line(out, "bloomgate demo: a crawler's visited-URL table on %s", db.description());
        line(out, "  %,d visited URLs (%.0f MB); %,d discovered URLs checked, %.0f%% of them seen before; target"
                + " false-positive rate %s; seed %d", w.urls(), r.databaseBytes() / 1e6, w.checks(), 100 * w.seen(),
                percent(w.fpp()), w.seed());
        line(out, "  gate built in %.2f s (scan of %,d keys; filter %.1f MiB, %d hash functions)",
                with.buildNanos() / 1e9, w.urls(), guard.filter().memoryBytes() / 1048576.0, guard.filter().hashes());
        out.append('\n');
        headline(out);
        out.append('\n');
        line(out, "  the crawl: check each discovered URL, then insert the new ones");
        line(out, "  %-40s %14s %14s", "", "without gate", "with gate");
        row(out, "lookups (discovered URLs checked)", count(without.checks()), count(with.checks()));
        row(out, "  answered by the filter (avoided)", "-", count(guard.avoided()));
        row(out, "  sent to " + db.name() + " (passed through, bypassed)", count(without.databaseLookups()),
                count(with.databaseLookups()));
        row(out, "  false positives", "-", count(guard.falsePositives()));
        row(out, "  observed false-positive rate", "-", percent(guard.observedFalsePositiveRate()));
        row(out, "  target false-positive rate", "-", percent(guard.filter().targetFpp()));
        row(out, "URLs found (seen before)", count(without.found()), count(with.found()));
        row(out, "new URLs inserted (visited)", count(without.inserted()), count(with.inserted()));
        row(out, "wall time (lookups + inserts)", seconds(without.seconds()), seconds(with.seconds()));
        row(out, "  of which looking up", seconds(without.lookupNanos() / 1e9), seconds(with.lookupNanos() / 1e9));
        row(out, "  of which visiting (inserts, commits)", seconds((without.nanos() - without.lookupNanos()) / 1e9),
                seconds((with.nanos() - with.lookupNanos()) / 1e9));
        row(out, "throughput (checks/s)", count(without.checksPerSecond()), count(with.checksPerSecond()));
        Io a = without.io();
        Io b = with.io();
        if (a != null && b != null) {
            for (int i = 0; i < counters.size(); i++) {
                Counter c = counters.get(i);
                row(out, c.row(), amount(c, a.get(i)), amount(c, b.get(i)));
                if (c.split()) {
                    row(out, "  while looking up", amount(c, without.lookupIo().get(i)),
                            amount(c, with.lookupIo().get(i)));
                    row(out, "  while visiting (inserting)", amount(c, without.insertIo().get(i)),
                            amount(c, with.insertIo().get(i)));
                }
            }
        }
        out.append('\n');
        DiskAccessEstimate estimate = DiskAccessEstimate.of(guard.avoided(), guard.filter().estimatedKeys());
        String headline = counters.get(0).name();
        if (a != null && b != null) {
            long saved = a.headline() - b.headline();
            line(out, "  %s saved, measured: %s %s (%s of them while looking up)", db.savedWhat(), count(saved),
                    headline, count(without.lookupIo().headline() - with.lookupIo().headline()));
            String note = db.cacheNote().apply(without);
            if (note != null) {
                line(out, "  %s", note);
            }
        } else {
            line(out, "  %s saved, measured: not available (%s keeps no such counters here)", db.savedWhat(), db.name());
        }
        line(out, "  disk accesses saved, %s = %s index pages", estimate.basis().replace("×", "x"), // ASCII: any console
                count(estimate.saved()));
        for (String note : db.notes()) {
            line(out, "  %s", note);
        }
        line(out, "  speed-up: %.2fx (median of %d alternating batches; totals %.2f s without, %.2f s with: %.2fx)",
                r.crawl().speedUp(), r.crawl().size(), without.seconds(), with.seconds(),
                without.seconds() / with.seconds());
        out.append('\n');
        probes(out);
        if (!r.consistent()) {
            line(out, "  MISMATCH: the runs found or inserted different URLs");
        }
        return out.toString();
    }

    /** What the gate saves and what it costs, first: medians of the alternating batches. */
    private void headline(StringBuilder out) {
        Rounds crawl = r.crawl();
        line(out, "  what the gate saves, and what it costs (medians of %d batches run in turn with and without it):",
                crawl.size());
        line(out, "    crawl (check, then insert the new URLs): %.2fx faster (lookups %.1fx faster; inserts %s)",
                crawl.speedUp(), crawl.lookupSpeedUp(), change(crawl.writeCost()));
        Probes.ProbeRun a = r.probesWithout();
        Probes.ProbeRun b = r.probesWith();
        line(out, "    requests for URLs nobody visited (nothing inserted): %.1fx faster, %s -> %s lookups/s%s",
                r.probes().speedUp(), count(a.lookupsPerSecond()), count(b.lookupsPerSecond()),
                a.io() == null || b.io() == null ? "" : String.format(Locale.ROOT, ", %s %s -> %s",
                        counters.get(0).name(), count(a.io().headline()), count(b.io().headline())));
        Io wi = with.insertIo();
        Io wo = without.insertIo();
        line(out, "    writes: each insert also adds its key to the filter (%s); measured: inserts %s with the gate%s",
                db.writeHook(), change(crawl.writeCost()), wi == null || wo == null ? ""
                        : String.format(Locale.ROOT, " (%s%s vs %s %s)", db.writeWork(), count(wi.get(db.writeCounter())),
                                count(wo.get(db.writeCounter())), counters.get(db.writeCounter()).name()));
    }

    /** A fractional change as "3.1% slower" / "2.0% faster". */
    static String change(double fraction) {
        if (Double.isNaN(fraction)) {
            return "not measured";
        }
        return String.format(Locale.ROOT, "%.1f%% %s", 100 * Math.abs(fraction), fraction > 0 ? "slower" : "faster");
    }

    /** The second scenario's table. */
    private void probes(StringBuilder out) {
        Probes.ProbeRun a = r.probesWithout();
        Probes.ProbeRun b = r.probesWith();
        line(out, "  requests for URLs nobody visited (%.0f%% of them for a visited URL; nothing inserted): %s",
                100 * Probes.PRESENT, Probes.lookup(db.tableLabel()));
        line(out, "  %-40s %14s %14s", "", "without gate", "with gate");
        row(out, "lookups", count(a.lookups()), count(b.lookups()));
        row(out, "  found a row", count(a.found()), count(b.found()));
        row(out, "wall time", seconds(a.nanos() / 1e9), seconds(b.nanos() / 1e9));
        row(out, "lookups per second", count(a.lookupsPerSecond()), count(b.lookupsPerSecond()));
        if (a.io() != null && b.io() != null) {
            for (int i = 0; i < counters.size(); i++) {
                Counter c = counters.get(i);
                if (!c.bytes()) {
                    row(out, c.row(), amount(c, a.io().get(i)), amount(c, b.io().get(i)));
                }
            }
        }
        line(out, "  speed-up: %.2fx (median of %d alternating batches)", r.probes().speedUp(), r.probes().size());
    }

    /** The benchmark's result in one line. */
    String line() {
        Io a = without.io();
        Io b = with.io();
        return String.format(Locale.ROOT, "urls=%d checks=%d seen=%s fpp=%s seed=%d | without: %.2f s %.0f/s %s reads"
                + " | with: %.2f s %.0f/s %s reads | avoided=%d passed=%d fp=%d (%s) | build %.2f s | speedup %.2fx"
                + " (inserts %+.1f%%) | absent-key requests %.2fx%s",
                r.workload().urls(), r.workload().checks(), r.workload().seen(), r.workload().fpp(), r.workload().seed(),
                without.seconds(), without.checksPerSecond(), a == null ? "?" : a.headline(), with.seconds(),
                with.checksPerSecond(), b == null ? "?" : b.headline(), guard.avoided(), guard.passedThrough(),
                guard.falsePositives(), percent(guard.observedFalsePositiveRate()), with.buildNanos() / 1e9,
                r.crawl().speedUp(), 100 * r.crawl().writeCost(), r.probes().speedUp(),
                r.consistent() ? "" : " MISMATCH");
    }

    /** The result as JSON: the workload, both runs, the guard's counters, and consistency. */
    String json() {
        Workload w = r.workload();
        JsonWriter json = new JsonWriter().beginObject()
                .name("workload").beginObject().field("urls", w.urls()).field("checks", w.checks())
                .field("seenFraction", w.seen()).field("targetFpp", w.fpp()).field("seed", w.seed())
                .field("cacheKiB", w.cacheKb()).field("batch", w.batch()).endObject()
                .field("database", db.description())
                .field("databaseBytes", r.databaseBytes())
                .field("loadSeconds", r.loadSeconds())
                .field("buildSeconds", with.buildNanos() / 1e9);
        run(json.name("withoutGate"), without);
        run(json.name("withGate"), with);
        json.name("guard").beginObject().field("lookups", guard.lookups()).field("avoided", guard.avoided())
                .field("passedThrough", guard.passedThrough()).field("falsePositives", guard.falsePositives())
                .field("bypassed", guard.bypassed()).field("observedFpp", guard.observedFalsePositiveRate())
                .field("estimatedFpp", guard.filter().estimatedFpp()).endObject();
        DiskAccessEstimate estimate = DiskAccessEstimate.of(guard.avoided(), guard.filter().estimatedKeys());
        json.name("diskAccessesSaved").beginObject().field("estimated", estimate.saved())
                .field("indexDepth", estimate.depth());
        if (with.io() != null && without.io() != null) {
            json.field(counters.get(0).json("measured"), without.io().headline() - with.io().headline());
        }
        json.endObject().field("speedup", r.crawl().speedUp())
                .field("lookupSpeedup", r.crawl().lookupSpeedUp()).field("insertCost", r.crawl().writeCost())
                .field("batches", r.crawl().size());
        json.name("absentKeyRequests").beginObject().field("lookups", r.probesWith().lookups())
                .field("speedup", r.probes().speedUp())
                .field("withoutGateLookupsPerSecond", r.probesWithout().lookupsPerSecond())
                .field("withGateLookupsPerSecond", r.probesWith().lookupsPerSecond());
        if (r.probesWith().io() != null && r.probesWithout().io() != null) {
            json.field(counters.get(0).json("withoutGate"), r.probesWithout().io().headline())
                    .field(counters.get(0).json("withGate"), r.probesWith().io().headline());
        }
        return json.endObject().field("consistent", r.consistent()).endObject().toString();
    }

    private void run(JsonWriter json, CrawlRun run) {
        json.beginObject().field("seconds", run.seconds()).field("lookupSeconds", run.lookupNanos() / 1e9)
                .field("checksPerSecond", run.checksPerSecond()).field("databaseLookups", run.databaseLookups())
                .field("found", run.found()).field("inserted", run.inserted());
        if (run.io() != null) {
            for (int i = 0; i < counters.size(); i++) {
                json.field(counters.get(i).json(), run.io().get(i));
            }
            for (int i = 0; i < counters.size(); i++) {
                if (counters.get(i).split()) {
                    json.field(counters.get(i).json("lookup"), run.lookupIo().get(i))
                            .field(counters.get(i).json("insert"), run.insertIo().get(i));
                }
            }
        }
        json.endObject();
    }

    private static void row(StringBuilder out, String label, String without, String with) {
        line(out, "  %-40s %14s %14s", label, without, with);
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    /** A counter's value: a count, or MiB for bytes. */
    static String amount(Counter c, long value) {
        return c.bytes() ? mib(value) : count(value);
    }

    static String count(double n) {
        return String.format(Locale.ROOT, "%,.0f", n);
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f s", s);
    }

    static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,.0f MiB", bytes / 1048576.0);
    }

    static String percent(double rate) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * rate);
    }
}
