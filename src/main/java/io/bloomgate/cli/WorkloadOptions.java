package io.bloomgate.cli;

import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options {@code demo} and {@code bench} share: the crawl's size, key mix, rate and seed. */
final class WorkloadOptions {

    @Option(names = "--urls", defaultValue = "1000000", converter = Count.class, paramLabel = "N",
            description = "Visited URLs in the table at the start (default: ${DEFAULT-VALUE}).")
    long urls;

    @Option(names = "--checks", defaultValue = "200000", converter = Count.class, paramLabel = "N",
            description = "Discovered URLs the crawl checks (default: ${DEFAULT-VALUE}).")
    long checks;

    @Option(names = "--seen", defaultValue = "0.1", paramLabel = "FRACTION",
            description = "Fraction of discovered URLs already visited, 0 to 1 (default: ${DEFAULT-VALUE}).")
    double seen;

    @Option(names = "--fpp", defaultValue = "0.01", paramLabel = "RATE",
            description = "Target false-positive rate of the filter (default: ${DEFAULT-VALUE}).")
    double fpp;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the URL stream (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--db", paramLabel = "DIR", description = "Directory for the H2 database files, kept"
            + " afterwards; a loaded table of the same --urls and --seed is reused (default: a temporary directory,"
            + " deleted).")
    Path db;

    @Option(names = "--cache-kb", defaultValue = "1024", paramLabel = "KIB",
            description = "H2 page cache (CACHE_SIZE) during the crawls, KiB: small, so lookups read the file"
                    + " (default: ${DEFAULT-VALUE}).")
    int cacheKb;

    @Option(names = "--batch", defaultValue = "10000", paramLabel = "N", converter = Count.class,
            description = "The crawler visits (inserts) the new URLs of its frontier after every N checks, in one"
                    + " transaction (default: ${DEFAULT-VALUE}).")
    long batch;

    /** The options as a workload, or a usage error naming the option at fault. */
    Workload workload(CommandSpec spec) {
        require(spec, urls >= 1_000, "--urls must be at least 1,000, was " + urls);
        require(spec, checks >= 1, "--checks must be at least 1, was " + checks);
        require(spec, seen >= 0 && seen <= 1, "--seen must be between 0 and 1, was " + seen);
        require(spec, fpp > 0 && fpp < 0.5, "--fpp must be above 0 and below 0.5, was " + fpp);
        require(spec, cacheKb >= 256, "--cache-kb must be at least 256, was " + cacheKb);
        require(spec, batch >= 1, "--batch must be at least 1, was " + batch);
        require(spec, batch <= 1_000_000, "--batch must be at most 1,000,000, was " + batch);
        return new Workload(urls, checks, seen, fpp, seed, db, cacheKb, (int) batch);
    }

    private static void require(CommandSpec spec, boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    /** Counts may be written {@code 2000000}, {@code 2_000_000} or {@code 2,000,000}. */
    static final class Count implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return Long.parseLong(value.replace("_", "").replace(",", ""));
        }
    }
}
