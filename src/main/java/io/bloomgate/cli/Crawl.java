package io.bloomgate.cli;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import javax.sql.DataSource;

/**
 * The crawl: checks each discovered URL with {@code SELECT 1 FROM visited WHERE url = ?}; new URLs
 * go to the frontier, and after every batch the crawler visits them (inserts them into
 * {@code visited}, in one transaction). The stream depends only on the seed and on the answers, so
 * a run through the gate and a run without it (if every answer is right) look up and insert exactly
 * the same URLs.
 *
 * <p>The batch matters to what the gate can save: an insert descends the same index as the lookup
 * before it. Inserted right after its lookup, a URL finds the lookup's pages still in H2's cache,
 * and the gate (which skips the lookup) leaves the insert to read them itself. Visited a frontier
 * later, the pages are long evicted, and the lookup's reads are simply saved. The crawler visits its
 * frontier in URL order, as a batch writer should: consecutive inserts share index pages.
 */
final class Crawl {

    static final String LOOKUP = lookup(VisitedDatabase.TABLE);

    /** The crawl's check of a URL in {@code table}. */
    static String lookup(String table) {
        return "SELECT 1 FROM " + table + " WHERE url = ?";
    }

    private final Workload workload;
    private final Urls urls;
    private final long streamSeed;

    /** A crawl of {@code urls}; {@code streamSeed} picks which URLs are discovered (the workload's seed, but for warming up). */
    Crawl(Workload workload, Urls urls, long streamSeed) {
        this.workload = workload;
        this.urls = urls;
        this.streamSeed = streamSeed;
    }

    /**
     * The crawl through {@code source} on {@code table}, not started: {@link Walk#step()} runs one
     * batch (its lookups, then the visit of the new URLs, and the commit), so two crawls can
     * alternate batch by batch. {@code meter} reads the database's counters between the phases.
     */
    Walk walk(DataSource source, String table, Meter meter) throws SQLException {
        return new Walk(source, table, meter, -1);
    }

    /**
     * The crawl through {@code source} on {@code side}'s copy, with its counters and at its
     * isolation level ({@link DemoDatabase.Side#isolation()}).
     */
    Walk walk(DataSource source, DemoDatabase.Side side) throws SQLException {
        return new Walk(source, side.table(), side.meter(), side.isolation());
    }

    /** One crawl in progress. */
    final class Walk implements AutoCloseable {

        private final Meter meter;
        private final Connection c;
        private final PreparedStatement lookup;
        private final PreparedStatement insert;
        private final SplittableRandom random = new SplittableRandom(streamSeed);
        private final List<String> fresh = new ArrayList<>(workload.batch());
        private final Phases phases = new Phases();
        private long nextNew = workload.urls(); // the id of the next new URL: every new URL is inserted, so ids are
        private long visited = workload.urls(); // dense and ids below `visited` are exactly the table's URLs
        private long done;

        private Walk(DataSource source, String table, Meter meter, int isolation) throws SQLException {
            this.meter = meter;
            Connection connection = source.getConnection();
            try {
                if (isolation >= 0) {
                    connection.setTransactionIsolation(isolation);
                }
                lookup = connection.prepareStatement(lookup(table));
                insert = connection.prepareStatement(VisitedDatabase.insert(table));
                connection.setAutoCommit(false);
            } catch (SQLException | RuntimeException e) {
                connection.close();
                throw e;
            }
            this.c = connection;
        }

        /** Whether every discovered URL has been checked. */
        boolean finished() {
            return done >= workload.checks();
        }

        /** Discovered URLs checked so far. */
        long done() {
            return done;
        }

        /** One batch: its lookups, then its inserts and commit. Returns the batch's times. */
        Batch step() throws SQLException {
            int n = (int) Math.min(workload.batch(), workload.checks() - done);
            Io before = meter.read(c);
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                boolean seen = random.nextDouble() < workload.seen();
                String url = urls.url(seen ? random.nextLong(visited) : nextNew++);
                lookup.setString(1, url);
                try (ResultSet rs = lookup.executeQuery()) {
                    if (rs.next()) {
                        phases.found++;
                    } else {
                        fresh.add(url);
                    }
                }
            }
            long t1 = System.nanoTime();
            Io looked = meter.read(c);
            Collections.sort(fresh); // key order: each index page is read once per visit, not once per URL
            Timestamp at = new Timestamp(VisitedDatabase.EPOCH_MILLIS + 1000L * (workload.urls() + done));
            long t2 = System.nanoTime();
            for (String url : fresh) {
                insert.setString(1, url);
                insert.setInt(2, url.length() % 8);
                insert.setTimestamp(3, at);
                insert.addBatch();
            }
            if (!fresh.isEmpty()) {
                insert.executeBatch();
            }
            c.commit();
            long t3 = System.nanoTime();
            phases.inserted += fresh.size();
            visited += fresh.size();
            fresh.clear();
            phases.addIo(before, looked, meter.read(c));
            done += n;
            // The counter reads and the sort are left out: they are the demo's, not the crawler's.
            Batch batch = new Batch(t1 - t0, t3 - t2);
            phases.lookupNanos += batch.lookupNanos;
            phases.nanos += batch.nanos();
            return batch;
        }

        /** The crawl's figures so far. */
        Phases phases() {
            return phases;
        }

        /** The ids of the table's URLs are {@code 0 .. visited()-1}. */
        long visited() {
            return visited;
        }

        @Override
        public void close() throws SQLException {
            try (c; lookup; insert) {
                // closes the statements, then the connection
            }
        }
    }

    /** One batch's time looking up and visiting (inserting and committing). */
    record Batch(long lookupNanos, long insertNanos) {

        long nanos() {
            return lookupNanos + insertNanos;
        }
    }

    /** The crawl's counts, times and I/O, split into looking up and inserting. */
    static final class Phases {
        long found;
        long inserted;
        long nanos;
        long lookupNanos;
        Io lookupIo;
        Io insertIo;
        boolean counted = true;

        void addIo(Io before, Io looked, Io after) {
            if (before == null || looked == null || after == null) {
                counted = false;
                return;
            }
            lookupIo = lookupIo == null ? looked.minus(before) : lookupIo.plus(looked.minus(before));
            insertIo = insertIo == null ? after.minus(looked) : insertIo.plus(after.minus(looked));
        }
    }
}
