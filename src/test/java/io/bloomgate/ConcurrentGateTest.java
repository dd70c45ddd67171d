package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * Writers insert through the gate and publish a key only after its insert committed; readers look up
 * random published keys (and absent ones) concurrently, 1.5 million lookups in all. A single miss
 * of a published key is a false negative; a hit on an absent one would be a wrong answer too.
 */
class ConcurrentGateTest {

    private static final int WRITERS = 3;
    private static final int READERS = 3;
    private static final int ROWS_PER_WRITER = 30_000;
    /** Readers go on until the writers are done and at least this many lookups have been checked. */
    private static final long MIN_CHECKS = 1_500_000;

    @Test
    void readersNeverMissACommittedKeyWhileWritersInsertThroughTheGate() throws Exception {
        JdbcDataSource h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE events (id BIGINT PRIMARY KEY, payload VARCHAR(20))");
        // Sized small on purpose, so the filter fills up and false positives occur too.
        try (BloomGate gate = BloomGate.builder(h2).guard("events", "id", 20_000, 0.01).build()) {
            DataSource ds = gate.dataSource();
            AtomicLongArray published = new AtomicLongArray(WRITERS);
            LongAdder checks = new LongAdder();
            LongAdder misses = new LongAdder();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
            try {
                Future<?>[] writers = new Future<?>[WRITERS];
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    writers[w] = pool.submit(() -> {
                        try (Connection c = ds.getConnection();
                                PreparedStatement ps = c.prepareStatement("INSERT INTO events VALUES (?, ?)")) {
                            for (int i = 0; i < ROWS_PER_WRITER; i++) {
                                ps.setLong(1, key(writer, i));
                                ps.setString(2, "w" + writer);
                                ps.executeUpdate(); // autocommit: committed when this returns
                                published.set(writer, i + 1);
                            }
                        }
                        return null;
                    });
                }
                Future<?>[] readers = new Future<?>[READERS];
                for (int r = 0; r < READERS; r++) {
                    long seed = r;
                    readers[r] = pool.submit(() -> {
                        SplittableRandom random = new SplittableRandom(seed);
                        try (Connection c = ds.getConnection();
                                PreparedStatement ps = c.prepareStatement("SELECT payload FROM events WHERE id = ?")) {
                            boolean done = false;
                            while (!done) {
                                done = checks.sum() >= MIN_CHECKS;
                                for (int w = 0; w < WRITERS; w++) {
                                    long upTo = published.get(w);
                                    done &= upTo == ROWS_PER_WRITER;
                                    if (upTo > 0) {
                                        check(ps, key(w, upTo - 1), true, checks, misses);
                                        check(ps, key(w, random.nextLong(upTo)), true, checks, misses);
                                    }
                                    check(ps, -1 - random.nextLong(1_000_000_000L), false, checks, misses);
                                }
                            }
                        }
                        return null;
                    });
                }
                for (Future<?> f : writers) {
                    f.get(5, TimeUnit.MINUTES);
                }
                for (Future<?> f : readers) {
                    f.get(5, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(misses.sum()).as("wrong answers in %,d concurrent lookups", checks.sum()).isZero();
            assertThat(checks.sum()).isGreaterThanOrEqualTo(MIN_CHECKS);
            GuardStats stats = gate.stats("events", "id");
            assertThat(stats.avoided()).as("absent keys were answered from the filter").isGreaterThan(10_000);
            assertThat(stats.falsePositives()).as("the overfull filter produced false positives").isGreaterThan(0);
        }
    }

    private static long key(int writer, long i) {
        return i * WRITERS + writer;
    }

    private static void check(PreparedStatement ps, long id, boolean present, LongAdder checks, LongAdder misses)
            throws SQLException {
        ps.setLong(1, id);
        try (ResultSet rs = ps.executeQuery()) {
            checks.increment();
            if (rs.next() != present) {
                misses.increment();
            }
        }
    }
}
