package io.bloomgate.cli;

import io.bloomgate.report.Comparison;
import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.H2IoCounters;
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
        HtmlReport page = HtmlReport.of(r.report()).title("bloomgate demo: a crawler's visited-URL table on H2")
                .history(r.history());
        Probes.ProbeRun pa = r.probesWithout();
        Probes.ProbeRun pb = r.probesWith();
        page.paragraph(String.format(Locale.ROOT, "What the gate saves: the crawl ran %.2fx faster (its lookups %.1fx);"
                + " requests for URLs nobody visited ran %.1fx faster (%s instead of %s lookups a second)%s. What it"
                + " costs: every insert also adds its key to the filter (H2's trigger, inside the transaction): the"
                + " inserts took %s. Medians of %d batches run in turn with and without the gate.",
                r.crawl().speedUp(), r.crawl().lookupSpeedUp(), r.probes().speedUp(), Summary.count(pb.lookupsPerSecond()),
                Summary.count(pa.lookupsPerSecond()), pa.io() == null || pb.io() == null ? "" : String.format(Locale.ROOT,
                        ", with %s H2 file reads instead of %s", Summary.count(pb.io().fileReads()),
                        Summary.count(pa.io().fileReads())), Summary.change(r.crawl().writeCost()), r.crawl().size()));
        page.paragraph(String.format(Locale.ROOT, "A table of %,d visited URLs (url VARCHAR PRIMARY KEY; an H2 file"
                + " database of %.0f MB, opened with a %,d KiB page cache). The crawl checks %,d discovered URLs (%.0f%%"
                + " of them seen before) with SELECT 1 FROM visited WHERE url = ? and inserts the new ones after every"
                + " %,d checks. It ran on two fresh copies of the same file with the same URLs, through the gate (target"
                + " false-positive rate %s, seed %d) and without it, a batch of each in turn. The charts over time climb"
                + " in steps:"
                + " the crawl looks up a batch of URLs, then visits (inserts) the new ones.", w.urls(), r.databaseBytes() / 1e6,
                w.cacheKb(), w.checks(), 100 * w.seen(), w.batch(), Summary.percent(w.fpp()), w.seed()));
        List<Comparison> rows = new ArrayList<>();
        rows.add(new Comparison("lookups sent to H2", without.databaseLookups(), with.databaseLookups(), "",
                "counted: every lookup without the gate; passed through (+ first execution) with it"));
        H2IoCounters a = without.io();
        H2IoCounters b = with.io();
        if (a != null && b != null) {
            rows.add(new Comparison("H2 file reads", a.fileReads(), b.fileReads(), "", "measured: H2 info.FILE_READ"));
            rows.add(new Comparison("H2 file reads while looking up", without.lookupIo().fileReads(),
                    with.lookupIo().fileReads(), "", "measured: H2 info.FILE_READ"));
            rows.add(new Comparison("H2 bytes read", a.fileReadBytes() / 1048576.0, b.fileReadBytes() / 1048576.0,
                    "MiB", "measured: H2 info.FILE_READ_BYTES"));
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
            probes.add(new Comparison("H2 file reads", pa.io().fileReads(), pb.io().fileReads(), "",
                    "measured: H2 info.FILE_READ"));
        }
        page.comparison("Requests for URLs nobody visited (cache penetration; nothing inserted)", probes);
        DiskAccessEstimate estimate = DiskAccessEstimate.of(guard.avoided(), guard.filter().estimatedKeys());
        List<List<String>> saved = new ArrayList<>();
        if (a != null && b != null) {
            saved.add(List.of("measured", Summary.count(a.fileReads() - b.fileReads()) + " H2 file reads",
                    "H2's info.FILE_READ over the crawl without the gate minus with it (reads served by H2's own"
                            + " cache are not counted; the OS may still serve a counted read from memory)"));
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
}
