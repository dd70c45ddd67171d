package io.bloomgate.cli;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;
import javax.sql.DataSource;

/**
 * The demo's second scenario, "cache penetration": requests for keys that do not exist, and no
 * writes. A service in front of the table is asked for pages (URLs) nobody visited: a block list
 * checked on every request, a scraper probing made-up ids, a cache that misses for keys that do not
 * exist and so sends each request to the database. {@link #PRESENT} of the requests are for a
 * visited URL; the rest are for URLs the table never holds. Both runs ask for the same URLs.
 */
final class Probes {

    static final String LOOKUP = lookup(VisitedDatabase.TABLE);

    /** A request's lookup of a URL in {@code table}. */
    static String lookup(String table) {
        return "SELECT depth, visited_at FROM " + table + " WHERE url = ?";
    }
    /** The share of requests for a URL that is in the table. */
    static final double PRESENT = 0.01;
    /** Ids of URLs no crawl inserts: crawls insert the ids right after the table's, densely. */
    private static final long ABSENT_FROM = 1L << 40;

    private final Workload workload;
    private final Urls urls;
    private final long seed;

    Probes(Workload workload, Urls urls, long seed) {
        this.workload = workload;
        this.urls = urls;
        this.seed = seed;
    }

    /**
     * Requests through {@code source}, on {@code table} holding the URLs {@code 0 .. visited-1};
     * {@code meter} reads the database's counters around each batch.
     */
    Walk walk(DataSource source, String table, Meter meter, long visited) throws SQLException {
        return new Walk(source, table, meter, visited);
    }

    /** The requests in progress, a batch at a time (so that two runs can alternate). */
    final class Walk implements AutoCloseable {

        private final Meter meter;
        private final Connection c;
        private final PreparedStatement lookup;
        private final SplittableRandom random = new SplittableRandom(seed);
        private final long visited;
        private long done;
        private long found;
        private long nanos;
        private Io io;
        private boolean counted = true;

        private Walk(DataSource source, String table, Meter meter, long visited) throws SQLException {
            this.meter = meter;
            this.visited = visited;
            Connection connection = source.getConnection();
            try {
                lookup = connection.prepareStatement(lookup(table));
            } catch (SQLException | RuntimeException e) {
                connection.close();
                throw e;
            }
            this.c = connection;
        }

        boolean finished() {
            return done >= workload.checks();
        }

        long done() {
            return done;
        }

        /** One batch of requests; returns its time. */
        long step() throws SQLException {
            int n = (int) Math.min(workload.batch(), workload.checks() - done);
            Io before = meter.read(c);
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                long id = random.nextDouble() < PRESENT ? random.nextLong(visited) : ABSENT_FROM + done + i;
                lookup.setString(1, urls.url(id));
                try (ResultSet rs = lookup.executeQuery()) {
                    if (rs.next()) {
                        found++;
                    }
                }
            }
            long t = System.nanoTime() - t0;
            Io after = meter.read(c);
            if (before == null || after == null) {
                counted = false;
            } else {
                io = io == null ? after.minus(before) : io.plus(after.minus(before));
            }
            done += n;
            nanos += t;
            return t;
        }

        /** What the requests did and cost. */
        ProbeRun result() {
            return new ProbeRun(done, found, nanos, counted ? io : null);
        }

        @Override
        public void close() throws SQLException {
            try (c; lookup) {
                // closes the statement, then the connection
            }
        }
    }

    /**
     * What one run of requests did and cost.
     *
     * @param lookups requests (lookups) sent
     * @param found   lookups that found a row
     * @param nanos   their wall time
     * @param io      the database's counters of the work meanwhile, or null if it keeps none
     */
    record ProbeRun(long lookups, long found, long nanos, Io io) {

        double lookupsPerSecond() {
            return lookups / (nanos / 1e9);
        }
    }
}
