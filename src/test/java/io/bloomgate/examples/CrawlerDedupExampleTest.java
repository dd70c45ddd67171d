package io.bloomgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.examples.crawler.CrawlerDedupExample;
import io.bloomgate.stats.BypassReason;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** examples/crawler-dedup: every new URL is visited once, no visited URL twice, and new URLs cost no lookup. */
class CrawlerDedupExampleTest {

    @Test
    void visitsEachNewUrlOnceAndAnswersMostChecksFromTheFilter() throws Exception {
        JdbcDataSource h2 = ExampleDatabases.h2("crawler");
        CrawlerDedupExample.Result result = CrawlerDedupExample.run(h2, 20_000);

        // The same links, deduplicated independently (the example's seed and URL space).
        Random links = new Random(42);
        Set<Integer> pages = new HashSet<>();
        int newPages = 0;
        for (int i = 0; i < 20_000; i++) {
            int page = links.nextInt(100_000);
            if (page >= 5_000 && pages.add(page)) {
                newPages++;
            }
        }
        assertThat(result.visited()).isEqualTo(newPages);
        assertThat(result.skipped()).isEqualTo(20_000 - newPages);
        assertThat(ExampleDatabases.count(h2, "SELECT COUNT(*) FROM ex_visited")).isEqualTo(5_000L + newPages);

        // Every new URL's check was avoided, a false positive, or the text's first (real) run; every
        // skipped URL was found by a query the filter let through.
        assertThat(result.stats().avoided() + result.stats().falsePositives()
                + result.stats().bypassed(BypassReason.FIRST_EXECUTION)).isEqualTo(newPages);
        assertThat(result.stats().truePositives()).isEqualTo(result.skipped());
        assertThat(result.stats().avoided()).isGreaterThan(newPages * 95L / 100);
        ExampleDatabases.shutdown(h2);
    }
}
