package io.bloomgate.cli;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.BloomFilters;
import io.bloomgate.filter.FilterFacts;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The command-line entry. Until the JDBC gate exists, the demo exercises the filter engine on the
 * seeds' classic case: a crawler checking discovered URLs against the ones it has visited.
 */
public final class Main {

    private Main() {
    }

    /** Runs the demo: {@code [visitedUrls] [falsePositiveRate]}, defaults 1,000,000 and 0.01. */
    public static void main(String[] args) {
        long visited = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 1_000_000;
        double fpp = args.length > 1 ? Double.parseDouble(args[1]) : 0.01;
        SplittableRandom random = new SplittableRandom(42);

        BloomFilter filter = BloomFilters.blocked(visited, fpp);
        long start = System.nanoTime();
        for (long i = 0; i < visited; i++) {
            filter.add(url(i));
        }
        double addSeconds = (System.nanoTime() - start) / 1e9;

        // A crawl: 90% of discovered URLs are new, 10% were seen before.
        long checks = visited;
        long saidAbsent = 0;
        long falsePositives = 0;
        long newUrls = 0;
        start = System.nanoTime();
        for (long i = 0; i < checks; i++) {
            boolean seen = random.nextInt(10) == 0;
            long id = seen ? random.nextLong(visited) : visited + i;
            boolean maybe = filter.mightContain(url(id));
            if (!maybe) {
                saidAbsent++;
                if (seen) {
                    throw new AssertionError("false negative for a visited URL: " + new String(url(id),
                            StandardCharsets.UTF_8));
                }
            } else if (!seen) {
                falsePositives++;
            }
            if (!seen) {
                newUrls++;
            }
        }
        double checkSeconds = (System.nanoTime() - start) / 1e9;
        FilterFacts facts = filter.facts();

        System.out.printf("bloomgate engine demo: %,d visited URLs, target false-positive rate %s%n", visited, fpp);
        System.out.printf("  filter: %,d bits, k=%d, %.2f bits/key, %,.1f MiB%n", facts.bits(), facts.hashes(),
                facts.bitsPerKey(), facts.memoryBytes() / 1048576.0);
        System.out.printf("  added %,d URLs in %.2f s (%,.0f adds/s)%n", visited, addSeconds, visited / addSeconds);
        System.out.printf("  checked %,d discovered URLs in %.2f s (%,.0f lookups/s)%n", checks, checkSeconds,
                checks / checkSeconds);
        System.out.printf("  %,d answered 'definitely new' without a database query (%.1f%%)%n", saidAbsent,
                100.0 * saidAbsent / checks);
        System.out.printf("  false positives: %,d of %,d new URLs = %.4f%% (target %.4f%%, estimated %.4f%%)%n",
                falsePositives, newUrls, 100.0 * falsePositives / newUrls, 100 * fpp, 100 * facts.estimatedFpp());
    }

    private static byte[] url(long id) {
        return ("https://example.org/page/" + Long.toHexString(id * 0x9E3779B97F4A7C15L) + "/" + id)
                .getBytes(StandardCharsets.UTF_8);
    }
}
