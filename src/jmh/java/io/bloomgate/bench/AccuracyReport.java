package io.bloomgate.bench;

import io.bloomgate.bench.Candidate.Impl;
import io.bloomgate.bench.Candidate.KeyType;
import io.bloomgate.key.KeyBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures what the speed benchmarks do not: each implementation's false-positive rate and memory
 * per key, all sized for the same key count at p = 1%, over the same keys as the JMH suite.
 * Prints a Markdown table. Run it with {@code bench/jmh --accuracy [options]}:
 *
 * <pre>
 *   --sizes=string:1000000,long:1000000,long:100000000   what to measure (the default)
 *   --queries=2000000                                    absent keys per filter (at least 1M)
 *   --impls=bloomgate,guava,commons,textbook             which implementations
 * </pre>
 *
 * <p>The 100M-long filters take about 120-130 MB each and are built one at a time; give the JVM a
 * few GB (the script uses -Xmx8g).
 */
public final class AccuracyReport {

    private AccuracyReport() {
    }

    record Case(KeyType type, long keys) {
    }

    record Row(Case c, Impl impl, long bits, int hashes, long memoryBits, String memorySource,
               long queries, long falsePositives, double seconds) {

        double fpRate() {
            return (double) falsePositives / queries;
        }

        /** Half-width of the 95% (Wilson-free, normal) interval of the FP rate. */
        double fpHalfWidth() {
            double p = fpRate();
            return 1.96 * Math.sqrt(p * (1 - p) / queries);
        }
    }

    public static void main(String[] args) {
        List<Case> cases = List.of(
                new Case(KeyType.STRING, 1_000_000),
                new Case(KeyType.LONG, 1_000_000),
                new Case(KeyType.LONG, 100_000_000));
        long queries = 2_000_000;
        List<Impl> impls = List.of(Impl.values());
        for (String arg : args) {
            if (arg.startsWith("--sizes=")) {
                List<Case> parsed = new ArrayList<>();
                for (String spec : arg.substring("--sizes=".length()).split(",")) {
                    String[] parts = spec.split(":");
                    parsed.add(new Case(KeyType.valueOf(parts[0].toUpperCase(Locale.ROOT)), Long.parseLong(parts[1])));
                }
                cases = parsed;
            } else if (arg.startsWith("--queries=")) {
                queries = Long.parseLong(arg.substring("--queries=".length()));
            } else if (arg.startsWith("--impls=")) {
                List<Impl> parsed = new ArrayList<>();
                for (String name : arg.substring("--impls=".length()).split(",")) {
                    parsed.add(Impl.valueOf(name));
                }
                impls = parsed;
            } else {
                System.err.println("usage: AccuracyReport [--sizes=string:N,long:N,...] [--queries=N] [--impls=a,b]");
                System.exit(2);
            }
        }

        List<Row> rows = new ArrayList<>();
        for (Case c : cases) {
            for (Impl impl : impls) {
                Row row = measure(c, impl, queries);
                System.err.printf(Locale.ROOT, "%s %s %,d: FP %.4f%% in %.1f s%n",
                        impl, c.type(), c.keys(), 100 * row.fpRate(), row.seconds());
                rows.add(row);
                System.gc();
            }
        }
        System.out.println(table(rows));
    }

    static Row measure(Case c, Impl impl, long queries) {
        long start = System.nanoTime();
        Candidate filter = Candidate.create(impl, c.type(), c.keys(), EngineBenchmark.FPP);
        KeyBuffer buffer = new KeyBuffer();
        long falsePositives = 0;
        long checked = Math.min(c.keys(), 2_000_000);
        if (c.type() == KeyType.LONG) {
            for (long i = 0; i < c.keys(); i++) {
                filter.addLong(Keys.presentLong(i), buffer);
            }
            for (long i = 0; i < checked; i++) {
                if (!filter.mightContainLong(Keys.presentLong(i), buffer)) {
                    throw new AssertionError(impl + ": false negative for present long " + i);
                }
            }
            for (long i = 0; i < queries; i++) {
                if (filter.mightContainLong(Keys.absentLong(i), buffer)) {
                    falsePositives++;
                }
            }
        } else {
            for (long i = 0; i < c.keys(); i++) {
                filter.addString(Keys.presentString(i), buffer);
            }
            for (long i = 0; i < checked; i++) {
                if (!filter.mightContainString(Keys.presentString(i), buffer)) {
                    throw new AssertionError(impl + ": false negative for present string " + i);
                }
            }
            for (long i = 0; i < queries; i++) {
                if (filter.mightContainString(Keys.absentString(i), buffer)) {
                    falsePositives++;
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Row(c, impl, filter.bits(), filter.hashes(), filter.memoryBits(), filter.memorySource(),
                queries, falsePositives, seconds);
    }

    static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Target false-positive rate: %.2f%%. FP rate over distinct absent keys, "
                + "with its 95%% interval.%n%n", 100 * EngineBenchmark.FPP));
        sb.append("| key type | keys | implementation | m (bits) | k | memory bits/key | memory measured by "
                + "| absent keys queried | false positives | FP rate |\n");
        sb.append("|---|--:|---|--:|--:|--:|---|--:|--:|--:|\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %,d | %s | %,d | %d | %.2f | %s | %,d | %,d | %.3f%% ± %.3f |%n",
                    r.c().type().name().toLowerCase(Locale.ROOT), r.c().keys(), r.impl(), r.bits(), r.hashes(),
                    (double) r.memoryBits() / r.c().keys(), r.memorySource(), r.queries(), r.falsePositives(),
                    100 * r.fpRate(), 100 * r.fpHalfWidth()));
        }
        return sb.toString();
    }
}
