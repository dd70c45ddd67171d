package io.bloomgate.cli;

import io.bloomgate.filter.FilterShape;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.filter.Sizing;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options {@code demo} and {@code bench} share: the crawl's size, key mix, rate and seed. Each
 * numeric option's converter ({@link Numbers}) checks its own range; {@link #workload} checks what
 * depends on several options or on this JVM's heap.
 */
final class WorkloadOptions {

    /**
     * Heap per URL while the table is loaded: measured 100 bytes per generated URL (a String of
     * about 54 Latin-1 characters and its slot in the array), plus the parallel sort's work array
     * and room for the collector.
     */
    static final long HEAP_BYTES_PER_URL = 128;

    @Option(names = "--urls", defaultValue = "1000000", converter = Numbers.UrlCount.class, paramLabel = "N",
            description = "Visited URLs in the table at the start, at least 1,000 (default: ${DEFAULT-VALUE}).")
    long urls;

    @Option(names = "--checks", defaultValue = "200000", converter = Numbers.CheckCount.class, paramLabel = "N",
            description = "Discovered URLs the crawl checks, at least 1 (default: ${DEFAULT-VALUE}).")
    long checks;

    @Option(names = "--seen", defaultValue = "0.1", converter = Numbers.SeenFraction.class, paramLabel = "FRACTION",
            description = "Fraction of discovered URLs already visited, 0 to 1 (default: ${DEFAULT-VALUE}).")
    double seen;

    @Option(names = "--fpp", defaultValue = "0.01", converter = Numbers.Fpp.class, paramLabel = "RATE",
            description = "Target false-positive rate of the filter, at least 1e-14 and below 0.5"
                    + " (default: ${DEFAULT-VALUE}).")
    double fpp;

    @Option(names = "--seed", defaultValue = "42", converter = Numbers.Seed.class,
            description = "Seed of the URL stream (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--db", paramLabel = "DIR", description = "Directory for the H2 database files, kept"
            + " afterwards; a loaded table of the same --urls and --seed is reused (default: a temporary directory,"
            + " deleted).")
    Path db;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "Run on this MariaDB or MySQL database"
            + " instead of H2 files: jdbc:mariadb://HOST:3306/DATABASE?user=U&password=P (or jdbc:mysql://...). The"
            + " demo creates its tables there (" + MySqlDemoDatabase.PREFIX + "*: a base, kept and reused by runs with"
            + " the same --urls and --seed, and two copies, dropped), guards one copy through the gate (triggers and"
            + " the server's bloomgate change log) and crawls the other without it. The user needs CREATE, DROP,"
            + " SELECT, INSERT and TRIGGER on the database.")
    String dbUrl;

    @Option(names = "--cache-kb", defaultValue = "1024", converter = Numbers.CacheKb.class, paramLabel = "KIB",
            description = "H2 page cache (CACHE_SIZE) during the crawls, KiB, at least 256: small, so lookups read the"
                    + " file (default: ${DEFAULT-VALUE}).")
    int cacheKb;

    @Option(names = "--batch", defaultValue = "10000", paramLabel = "N", converter = Numbers.BatchSize.class,
            description = "The crawler visits (inserts) the new URLs of its frontier after every N checks, in one"
                    + " transaction, 1 to 1,000,000 (default: ${DEFAULT-VALUE}).")
    long batch;

    /** The options as a workload, or a usage error naming the options at fault and what to do. */
    Workload workload(CommandSpec spec) {
        return workload(spec, Runtime.getRuntime().maxMemory());
    }

    /** As {@link #workload(CommandSpec)}, for a JVM whose heap can grow to {@code maxHeap} bytes. */
    Workload workload(CommandSpec spec, long maxHeap) {
        // The converters check each option's range; these repeat the checks for values set otherwise
        // (tests set the fields), and check what depends on several options or on the heap.
        require(spec, urls >= 1_000 && urls <= Numbers.MAX_URLS, String.format(Locale.ROOT,
                "--urls must be between 1,000 and %,d, was %d", Numbers.MAX_URLS, urls));
        require(spec, checks >= 1 && checks <= Numbers.MAX_CHECKS, String.format(Locale.ROOT,
                "--checks must be between 1 and %,d, was %d", Numbers.MAX_CHECKS, checks));
        require(spec, seen >= 0 && seen <= 1, "--seen must be between 0 and 1, was " + seen);
        require(spec, fpp >= Sizing.MIN_BLOCKED_FPP && fpp < 0.5, "--fpp must be at least " + Sizing.MIN_BLOCKED_FPP
                + " and below 0.5, was " + fpp);
        require(spec, cacheKb >= Numbers.MIN_CACHE_KB, "--cache-kb must be at least 256, was " + cacheKb);
        require(spec, batch >= 1 && batch <= Numbers.MAX_BATCH, "--batch must be between 1 and 1,000,000, was "
                + batch);
        String heap = String.format(Locale.ROOT, "this JVM's maximum heap (%,d MiB)", maxHeap >> 20);
        String raise = "raise the heap (java -Xmx...; under mvn exec:java, MAVEN_OPTS=-Xmx...)";
        // Loading generates and sorts every URL in memory: without this check a big --urls ends,
        // minutes later, in an OutOfMemoryError.
        long loadBytes = urls * HEAP_BYTES_PER_URL;
        require(spec, loadBytes <= maxHeap, String.format(Locale.ROOT, "--urls %,d needs about %,d MiB of heap to"
                + " generate and sort the URLs, more than %s; lower --urls (at most %,d here) or %s", urls,
                loadBytes >> 20, heap, maxHeap / HEAP_BYTES_PER_URL, raise));
        require(spec, (long) cacheKb * 1024 <= maxHeap / 2, String.format(Locale.ROOT, "--cache-kb %,d is more than"
                + " half of %s: H2's page cache lives on the heap; lower --cache-kb (at most %,d here) or %s",
                cacheKb, heap, maxHeap / 2 / 1024, raise));
        filterFits(spec, maxHeap, heap, raise);
        return new Workload(urls, checks, seen, fpp, seed, db, cacheKb, (int) batch, dbUrl);
    }

    /**
     * The gate's filter is sized for every key the table can reach, {@code --urls} plus {@code --checks}:
     * it must have a shape (not too large for a Java array, a rate a filter can reach) and fit in half
     * the heap (H2 and the crawl need the rest).
     */
    private void filterFits(CommandSpec spec, long maxHeap, String heap, String raise) {
        long keys = urls + checks; // cannot overflow: both are bounded far below Long.MAX_VALUE / 2
        String options = String.format(Locale.ROOT, "--urls %,d plus --checks %,d = %,d keys at --fpp %s", urls,
                checks, keys, fpp);
        FilterShape shape;
        try {
            shape = FilterSpec.of(keys, fpp).shape();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "the gate's filter for " + options + " cannot be built: "
                    + e.getMessage() + " (its expected key count is --urls plus --checks, its rate --fpp)");
        }
        long bytes = shape.bits() / 8;
        require(spec, bytes <= maxHeap / 2, String.format(Locale.ROOT, "the gate's filter for %s needs %,d MiB,"
                + " more than half of %s; lower --urls or --checks, raise --fpp, or %s", options, bytes >> 20, heap,
                raise));
    }

    /**
     * {@code --db}, if given, is a directory the run can create its database files in (created if
     * missing): a usage error saying what is wrong with it otherwise.
     */
    void checkDb(CommandSpec spec) {
        if (dbUrl != null) {
            checkDbUrl(spec);
            return;
        }
        if (db != null && db.toString().regionMatches(true, 0, "jdbc:", 0, 5)
                && !db.toString().regionMatches(true, 0, "jdbc:h2:", 0, 8)) {
            // The Path has already folded the URL's "//": name its scheme only.
            String scheme = db.toString().replaceFirst("(?i)^jdbc:([a-z0-9]+).*$", "$1");
            boolean mysql = scheme.equalsIgnoreCase("mariadb") || scheme.equalsIgnoreCase("mysql");
            throw new ParameterException(spec.commandLine(), "--db takes the directory for the demo's H2 database"
                    + " files, not a JDBC URL" + (mysql ? ": pass a " + scheme + " URL with --db-url"
                    : "; the demo runs on H2 files, or on MariaDB/MySQL with --db-url, not on " + scheme + ". To"
                    + " measure a " + scheme + " database, run your application through the gate and then bloomgate"
                    + " report --url <its jdbc:" + scheme + ": URL>; or pass a directory with --db, or leave --db out"));
        }
        if (db != null && db.toString().regionMatches(true, 0, "jdbc:", 0, 5)) {
            // Otherwise "jdbc:h2:./foo" is a relative path: a directory named "jdbc:h2:." appears.
            String path = db.toString().replaceFirst("(?i)^jdbc:h2:(file:)?", "");
            throw new ParameterException(spec.commandLine(), "--db " + db + ": --db takes the directory for the H2"
                    + " database files, not a JDBC URL; pass the directory" + (path.equals(db.toString()) ? ""
                    : ", e.g. --db " + path));
        }
        if (db != null) {
            OutputPaths.requireWritableDirectory(spec, "--db", db, "pass another directory with --db DIR, or leave"
                    + " --db out for a temporary one");
        }
    }

    /** {@code --db-url}: a MariaDB/MySQL URL naming a database, without the H2-only options. */
    private void checkDbUrl(CommandSpec spec) {
        String lower = dbUrl.toLowerCase(Locale.ROOT);
        String shown = MySqlDemoDatabase.redacted(dbUrl);
        if (lower.startsWith("jdbc:postgresql:")) {
            throw new ParameterException(spec.commandLine(), "--db-url " + shown + ": the demo runs on MariaDB and"
                    + " MySQL (jdbc:mariadb:, jdbc:mysql:) and on H2 files (--db), not yet on PostgreSQL. To measure a"
                    + " PostgreSQL database, run your application through the gate and then bloomgate report --url"
                    + " <its jdbc:postgresql: URL>");
        }
        if (lower.startsWith("jdbc:h2:")) {
            throw new ParameterException(spec.commandLine(), "--db-url " + shown + ": for H2 the demo makes its own"
                    + " file databases; pass their directory with --db DIR, or leave both out");
        }
        if (!lower.startsWith("jdbc:mariadb://") && !lower.startsWith("jdbc:mysql://")) {
            throw new ParameterException(spec.commandLine(), "--db-url must be a MariaDB or MySQL JDBC URL,"
                    + " jdbc:mariadb://HOST:3306/DATABASE?user=U&password=P (or jdbc:mysql://...), was " + shown);
        }
        if (!dbUrl.matches("(?i)^jdbc:(mariadb|mysql)://[^/?]*/[^?/;]+([?;].*)?$")) {
            throw new ParameterException(spec.commandLine(), "--db-url " + shown + " names no database: the demo"
                    + " creates its tables in the URL's database, jdbc:mariadb://HOST:3306/DATABASE?...");
        }
        require(spec, db == null, "--db (a directory for H2 files) and --db-url (a MariaDB/MySQL database) exclude each"
                + " other: pass one");
        require(spec, !spec.commandLine().getParseResult().hasMatchedOption("--cache-kb"), "--cache-kb sets H2's page"
                + " cache; with --db-url the server's buffer pool (innodb_buffer_pool_size) is the cache: leave"
                + " --cache-kb out");
    }

    private static void require(CommandSpec spec, boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }
}
