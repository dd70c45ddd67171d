package io.bloomgate.cli;

import io.bloomgate.report.Comparison;
import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.HtmlReport;
import io.bloomgate.stats.GuardStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The demo's HTML page: the runs compared, then the gate's report with its history. */
final class DemoPage {

    private DemoPage() {
    }

    static HtmlReport of(TwoRuns.Result r) {
        Workload w = r.workload();
        CrawlRun with = r.with();
        CrawlRun without = r.without();
        GuardStats guard = with.guard();
        TwoRuns.Facts db = r.database();
        List<Counter> counters = db.counters();
        Counter head = counters.get(0);
        HtmlReport page = HtmlReport.of(r.report()).title("bloomgate demo: a crawler's visited-URL table on " + db.name())
                .history(r.history());
        Probes.ProbeRun pa = r.probesWithout();
        Probes.ProbeRun pb = r.probesWith();
        page.paragraph(String.format(Locale.ROOT, "What the gate saves: the crawl ran %.2fx faster (its lookups %.1fx);"
                + " requests for URLs nobody visited ran %.1fx faster (%s instead of %s lookups a second)%s. What it"
                + " costs: every insert also adds its key to the filter (%s): the"
                + " inserts took %s. Medians of %d batches run in turn with and without the gate.",
                r.crawl().speedUp(), r.crawl().lookupSpeedUp(), r.probes().speedUp(), Summary.count(pb.lookupsPerSecond()),
                Summary.count(pa.lookupsPerSecond()), pa.io() == null || pb.io() == null ? "" : String.format(Locale.ROOT,
                        ", with %s %s instead of %s", Summary.count(pb.io().headline()), head.name(),
                        Summary.count(pa.io().headline())), db.writeHook(), Summary.change(r.crawl().writeCost()),
                r.crawl().size()));
        page.paragraph(String.format(Locale.ROOT, "A table of %,d visited URLs (url VARCHAR PRIMARY KEY; %.0f MB) on %s."
                + " The crawl checks %,d discovered URLs (%.0f%%"
                + " of them seen before) with %s and inserts the new ones after every"
                + " %,d checks. It ran on two fresh copies of the same table with the same URLs, through the gate (target"
                + " false-positive rate %s, seed %d) and without it, a batch of each in turn. The charts over time climb"
                + " in steps:"
                + " the crawl looks up a batch of URLs, then visits (inserts) the new ones.", w.urls(), r.databaseBytes() / 1e6,
                db.description(), w.checks(), 100 * w.seen(), Crawl.lookup(db.tableLabel()), w.batch(),
                Summary.percent(w.fpp()), w.seed()));
        List<Comparison> rows = new ArrayList<>();
        rows.add(new Comparison("lookups sent to " + db.name(), without.databaseLookups(), with.databaseLookups(), "",
                "counted: every lookup without the gate; passed through (+ first execution) with it"));
        Io a = without.io();
        Io b = with.io();
        if (a != null && b != null) {
            for (int i = 0; i < counters.size(); i++) {
                Counter c = counters.get(i);
                rows.add(comparison(c, c.name(), a.get(i), b.get(i)));
                if (c.split()) {
                    rows.add(comparison(c, c.name() + " while looking up", without.lookupIo().get(i),
                            with.lookupIo().get(i)));
                }
            }
        }
        rows.add(new Comparison("wall time", without.seconds(), with.seconds(), "s", "measured: lookups and inserts"));
        rows.add(new Comparison("time looking up", without.lookupNanos() / 1e9, with.lookupNanos() / 1e9, "s",
                "measured"));
        rows.add(new Comparison("throughput", without.checksPerSecond(), with.checksPerSecond(), "/s",
                "measured: discovered URLs checked per second"));
        page.comparison("Without and with the gate", rows);
        List<Comparison> probes = new ArrayList<>();
        probes.add(new Comparison("lookups per second", pa.lookupsPerSecond(), pb.lookupsPerSecond(), "/s",
                "measured: " + Summary.count(pa.lookups()) + " requests, " + Math.round(100 * Probes.PRESENT)
                        + "% of them for a visited URL"));
        probes.add(new Comparison("wall time", pa.nanos() / 1e9, pb.nanos() / 1e9, "s", "measured"));
        if (pa.io() != null && pb.io() != null) {
            for (int i = 0; i < counters.size(); i++) {
                if (!counters.get(i).bytes()) {
                    probes.add(comparison(counters.get(i), counters.get(i).name(), pa.io().get(i), pb.io().get(i)));
                }
            }
        }
        page.comparison("Requests for URLs nobody visited (cache penetration; nothing inserted)", probes);
        DiskAccessEstimate estimate = DiskAccessEstimate.of(guard.avoided(), guard.filter().estimatedKeys());
        List<List<String>> saved = new ArrayList<>();
        if (a != null && b != null) {
            saved.add(List.of("measured", Summary.count(a.headline() - b.headline()) + " " + head.name(),
                    head.source() + " over the crawl without the gate minus with it " + String.join(" ", db.notes())));
        }
        saved.add(List.of("estimated", Summary.count(estimate.saved()) + " index pages", estimate.basis()));
        page.table("Disk accesses saved", List.of("kind", "saved", "how"), saved);
        page.table("Lookups", List.of("figure", "count", "note"), List.of(
                List.of("answered by the filter (avoided)", Summary.count(guard.avoided()), "no query"),
                List.of("passed through", Summary.count(guard.passedThrough()), "the filter said maybe"),
                List.of("false positives", Summary.count(guard.falsePositives()), String.format(Locale.ROOT,
                        "observed %s vs target %s", Summary.percent(guard.observedFalsePositiveRate()),
                        Summary.percent(guard.filter().targetFpp()))),
                List.of("found / inserted, both runs", Summary.count(with.found()) + " / " + Summary.count(
                        with.inserted()), r.consistent() ? "the same with and without the gate"
                        : "MISMATCH: without the gate " + without.found() + " / " + without.inserted())));
        return page;
    }

    private static Comparison comparison(Counter c, String label, long without, long with) {
        return c.bytes() ? new Comparison(label, without / 1048576.0, with / 1048576.0, "MiB", "measured: " + c.source())
                : new Comparison(label, without, with, "", "measured: " + c.source());
    }
}
