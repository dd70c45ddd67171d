package io.bloomgate.cli;

import java.nio.file.Path;

/**
 * The demo's crawl, as parameters: a table of {@code urls} visited URLs, then {@code checks}
 * discovered URLs checked one by one (a fraction {@code seen} of them already visited). New URLs
 * wait in the crawler's frontier and are visited (inserted) a batch at a time.
 *
 * @param urls    visited URLs in the table at the start
 * @param checks  discovered URLs looked up
 * @param seen    the fraction of discovered URLs already visited (the key mix)
 * @param fpp     the filter's target false-positive rate
 * @param seed    the seed of the URL stream (the same for both runs)
 * @param db      the directory of the database files, or null for a temporary one (deleted at the end)
 * @param cacheKb H2's page cache ({@code CACHE_SIZE}, KiB) during the crawls: small, so lookups read the file
 * @param batch   discovered URLs checked between two visits of the frontier (its new URLs inserted
 *                in one transaction)
 * @param dbUrl   the JDBC URL of a MySQL/MariaDB database to run on instead of H2 files, or null
 */
record Workload(long urls, long checks, double seen, double fpp, long seed, Path db, int cacheKb, int batch,
        String dbUrl) {

    /** A workload on H2 files. */
    Workload(long urls, long checks, double seen, double fpp, long seed, Path db, int cacheKb, int batch) {
        this(urls, checks, seen, fpp, seed, db, cacheKb, batch, null);
    }

    /** Keys the filter is sized for: the table can grow by every check. */
    long expectedKeys() {
        return urls + checks;
    }
}
