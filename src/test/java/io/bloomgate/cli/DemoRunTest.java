package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small demo on a temporary file database: figures that add up, and the report's files. */
class DemoRunTest {

    @TempDir
    Path dir;

    @Test
    void smallRunsAreConsistentAndTheGateSavesLookupsAndReads() throws Exception {
        Workload w = new Workload(20_000, 5_000, 0.1, 0.01, 42, dir.resolve("db"), 256, 1_000);
        TwoRuns.Result r = new TwoRuns(w, Progress.none()).run();
        GuardStats g = r.with().guard();

        assertThat(r.consistent()).isTrue();
        assertThat(r.with().found() + r.with().inserted()).isEqualTo(5_000);
        assertThat(r.with().found()).isBetween(350L, 650L); // about 10% seen
        assertThat(g.lookups()).isEqualTo(g.avoided() + g.passedThrough());
        assertThat(g.lookups() + g.bypassed()).isEqualTo(5_000);
        assertThat(g.passedThrough()).isEqualTo(g.truePositives() + g.falsePositives());
        // the first lookup runs for real (a bypass): if it found its URL, that one is no true positive
        assertThat(g.truePositives()).isBetween(r.with().found() - g.bypassed(), r.with().found());
        assertThat(g.observedFalsePositiveRate()).isLessThan(0.03);
        assertThat(r.with().databaseLookups()).isLessThan(r.without().databaseLookups() / 3);
        assertThat(r.without().databaseLookups()).isEqualTo(5_000);
        assertThat(r.with().lookupIo().headline()).isLessThan(r.without().lookupIo().headline());
        assertThat(r.history().size()).isGreaterThanOrEqualTo(2);
        assertThat(Files.exists(dir.resolve("db/visited-base.mv.db"))).isTrue();
        // the runs alternated batch by batch: one pair per batch of 1,000 checks
        assertThat(r.crawl().size()).isEqualTo(5);
        assertThat(r.crawl().speedUp()).isPositive();
        // the second scenario: the same requests both ways, the same answers, far fewer reads with the gate
        assertThat(r.probesWith().lookups()).isEqualTo(5_000).isEqualTo(r.probesWithout().lookups());
        assertThat(r.probesWith().found()).isEqualTo(r.probesWithout().found()).isBetween(20L, 90L); // about 1%
        assertThat(r.probesWith().io().headline()).isLessThan(r.probesWithout().io().headline() / 3);
        assertThat(r.probes().size()).isEqualTo(5);

        String text = new Summary(r).text();
        assertThat(text).contains("5,000", "answered by the filter (avoided)", "what the gate saves, and what it costs",
                "requests for URLs nobody visited", "median of 5 alternating batches",
                "H2 file reads (measured, info.FILE_READ)", "disk accesses saved, measured:",
                "disk accesses saved, estimated:").doesNotContain("MISMATCH");
        assertThat(new Summary(r).json()).contains("\"consistent\":true", "\"measuredFileReads\":",
                "\"absentKeyRequests\":{\"lookups\":5000,", "\"insertCost\":");
    }

    @Test
    void demoCommandWritesTheHtmlReportAndBenchPrintsJson() throws Exception {
        Path html = dir.resolve("out/demo.html");
        Path db = dir.resolve("demo-db");
        Cli demo = Cli.run("demo", "--urls", "10000", "--checks", "3000", "--quiet", "--out", html.toString(),
                "--db", db.toString());
        assertThat(demo.code).as(demo.err).isZero();
        assertThat(demo.out).contains("without gate", "with gate", "HTML report: " + html.toAbsolutePath());
        // What --db keeps is said, with its size (gigabytes at the default --urls).
        assertThat(demo.out).containsPattern("database files kept in " + java.util.regex.Pattern.quote(
                db.toAbsolutePath().toString()) + ": [0-9]+\\.[0-9] GB \\(--db; delete the directory when done");
        String page = Files.readString(html);
        assertThat(page).contains("<svg", "<polyline", "Lookups over time", "False-positive rate",
                "Without and with the gate", "measured: H2 info.FILE_READ", "What the gate saves",
                "Requests for URLs nobody visited");

        Cli bench = Cli.run("bench", "--urls", "10000", "--checks", "2000", "--quiet", "--json", "--db",
                dir.resolve("bench").toString());
        assertThat(bench.code).as(bench.err).isZero();
        assertThat(bench.out.strip()).startsWith("{\"workload\":{\"urls\":10000,").endsWith("\"consistent\":true}");
        Cli again = Cli.run("bench", "--urls", "10000", "--checks", "2000", "--quiet", "--db",
                dir.resolve("bench").toString());
        assertThat(again.out).startsWith("urls=10000 checks=2000").contains("speedup", "absent-key requests")
                .doesNotContain("MISMATCH");
    }
}
