package io.bloomgate.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bloomgate bench}: the demo's workload, with a compact result instead of the summary and page. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The demo's crawl, printed as one line or JSON (no HTML).",
            "Runs the demo's crawl with and without the gate and prints a compact result line (or JSON) for"
                + " scripts and comparisons."},
        footer = {"", "JSON fields: workload{urls, checks, seenFraction, targetFpp, seed, cacheKiB, batch},",
            "database, databaseBytes, loadSeconds, buildSeconds, withoutGate and withGate{seconds, lookupSeconds,",
            "checksPerSecond, databaseLookups, found, inserted, fileReads, fileReadBytes, lookupFileReads,",
            "insertFileReads}, guard{lookups, avoided, passedThrough, falsePositives, bypassed, observedFpp,",
            "estimatedFpp}, diskAccessesSaved{estimated, indexDepth, measuredFileReads}, speedup, lookupSpeedup,",
            "insertCost, batches (speed-ups: medians of batches run in turn with and without the gate),",
            "absentKeyRequests{lookups, speedup, withoutGateLookupsPerSecond, withGateLookupsPerSecond,",
            "withoutGateFileReads, withGateFileReads}, consistent.",
            "With --db-url the counters are the server's: indexReads, selects, rowsWritten, pageReads, diskReads",
            "(and lookupIndexReads, insertIndexReads, ..., measuredIndexReads, withoutGateIndexReads, ...).",
            "Exit codes: 0 done, 1 failure (or the runs disagreed), 2 usage error."})
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    WorkloadOptions options;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() throws Exception {
        Workload workload = options.workload(spec);
        options.checkDb(spec);
        PrintWriter stdout = spec.commandLine().getOut();
        Progress progress = quiet ? Progress.none() : Progress.auto(spec.commandLine().getErr());
        TwoRuns.Result result = new TwoRuns(workload, progress).run();
        Summary summary = new Summary(result);
        stdout.println(json ? summary.json() : summary.line());
        stdout.flush();
        if (result.kept() != null && !quiet) { // on stderr: stdout is the result (JSON with --json)
            spec.commandLine().getErr().println(result.kept());
        }
        return result.consistent() ? 0 : 1;
    }
}
