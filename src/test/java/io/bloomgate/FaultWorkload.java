package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Concurrent writers through and around gate instances, and checkers that look committed keys up
 * through every gate, while a test injects faults. The promise checked: a key committed more than
 * {@code staleAfter} before a lookup started is never answered absent, and a key committed before
 * {@code awaitChangeFeed} returned true is never answered absent after it. Commit times are taken
 * after the commit returned (so they are late, which can only hide a violation's age, never make
 * one up); lookup times before the lookup is sent.
 */
final class FaultWorkload implements AutoCloseable {

    private final String table;
    private final List<BloomGate> gates;
    private final DataSource plain;
    private final long staleNanos;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong nextKey = new AtomicLong(1_000_001); // odd: the tables hold even ids
    private final List<long[]> committed = new ArrayList<>(); // {key, nanos after its commit returned}
    private final List<String> violations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong lookups = new AtomicLong();
    private final AtomicLong absentWithinBound = new AtomicLong();
    private final AtomicLong freshChecks = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();

    /**
     * Starts three writers (through gate 0, one row per statement; through gate 1, transactions of
     * one to three rows; on {@code plain} connections, statements of one to four rows), one checker
     * per gate, and one thread checking after {@code awaitChangeFeed}.
     */
    FaultWorkload(String table, List<BloomGate> gates, DataSource plain, Duration staleAfter) {
        this.table = table;
        this.gates = List.copyOf(gates);
        this.plain = plain;
        this.staleNanos = staleAfter.toNanos();
        threads.add(writer(() -> gates.get(0).dataSource().getConnection(), 1, false));
        threads.add(writer(() -> gates.get(1 % gates.size()).dataSource().getConnection(), 3, true));
        threads.add(writer(plain::getConnection, 4, false));
        for (int i = 0; i < gates.size(); i++) {
            threads.add(checker(gates.get(i), 42 + i));
        }
        threads.add(freshChecker());
        threads.forEach(Thread::start);
    }

    private interface ConnectionSource {
        Connection get() throws SQLException;
    }

    private synchronized void committed(long[] keys, long nanos) {
        for (long k : keys) {
            committed.add(new long[] {k, nanos});
        }
    }

    private synchronized int size() {
        return committed.size();
    }

    private synchronized long[] get(int i) {
        return committed.get(i);
    }

    private void violation(String what) {
        if (violations.size() < 50) {
            violations.add(what);
        }
    }

    private static boolean found(Connection c, String table, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM " + table + " WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private Thread writer(ConnectionSource source, int rows, boolean transactions) {
        return new Thread(() -> {
            Random random = new Random(rows);
            while (running.get()) {
                try (Connection c = source.get()) {
                    while (running.get()) {
                        long[] keys = new long[1 + random.nextInt(rows)];
                        for (int i = 0; i < keys.length; i++) {
                            keys[i] = nextKey.getAndAdd(2);
                        }
                        if (transactions) {
                            c.setAutoCommit(false);
                            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " VALUES (?, 'w')")) {
                                for (long k : keys) {
                                    ps.setLong(1, k);
                                    ps.executeUpdate();
                                }
                            }
                            c.commit();
                        } else {
                            StringBuilder sql = new StringBuilder("INSERT INTO " + table + " VALUES ");
                            for (int i = 0; i < keys.length; i++) {
                                sql.append(i == 0 ? "" : ", ").append("(?, 'w')");
                            }
                            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                                for (int i = 0; i < keys.length; i++) {
                                    ps.setLong(i + 1, keys[i]);
                                }
                                ps.executeUpdate();
                            }
                        }
                        committed(keys, System.nanoTime()); // the commit returned: every later snapshot sees it
                        Thread.sleep(3);
                    }
                } catch (SQLException e) {
                    errors.incrementAndGet(); // a killed backend or server: the outcome is unknown, the keys unchecked
                    pause();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "fault-writer");
    }

    /** Half the lookups among the newest 50 keys, where a lagging filter would miss them. */
    private Thread checker(BloomGate gate, long seed) {
        return new Thread(() -> {
            Random random = new Random(seed);
            while (running.get()) {
                try (Connection c = gate.dataSource().getConnection()) {
                    while (running.get()) {
                        int n = size();
                        if (n == 0) {
                            Thread.sleep(1);
                            continue;
                        }
                        long[] k = get(random.nextBoolean() ? n - 1 - random.nextInt(Math.min(n, 50)) : random.nextInt(n));
                        long start = System.nanoTime();
                        boolean found = found(c, table, k[0]);
                        lookups.incrementAndGet();
                        if (!found) {
                            long age = start - k[1];
                            if (age > staleNanos) {
                                violation("key " + k[0] + " committed " + age / 1_000_000 + " ms before the lookup");
                            } else {
                                absentWithinBound.incrementAndGet();
                            }
                        }
                    }
                } catch (SQLException e) {
                    errors.incrementAndGet();
                    pause();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "fault-checker");
    }

    private Thread freshChecker() {
        return new Thread(() -> {
            Random random = new Random(99);
            while (running.get()) {
                try {
                    int n = size();
                    BloomGate gate = gates.get(random.nextInt(gates.size()));
                    if (n > 0 && gate.awaitChangeFeed(Duration.ofSeconds(3))) {
                        freshChecks.incrementAndGet();
                        try (Connection c = gate.dataSource().getConnection()) {
                            for (int i = 0; i < 10; i++) {
                                long[] k = get(i < 5 ? n - 1 - i < 0 ? 0 : n - 1 - i : random.nextInt(n));
                                if (!found(c, table, k[0])) {
                                    violation("key " + k[0] + " committed before awaitChangeFeed returned true");
                                }
                            }
                        }
                    }
                    Thread.sleep(100);
                } catch (SQLException e) {
                    errors.incrementAndGet();
                    pause();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "fault-fresh-checker");
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the threads. */
    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(40_000); // a pool waiting for a restarting server gives up after 30 s
        }
    }

    /**
     * Stops the threads, then checks that every gate, once caught up, finds the newest 300 keys and
     * 1,000 others (seeded), and that the checkers saw no violation; returns a summary line.
     */
    String finish(long timeoutMillis) throws Exception {
        close();
        List<long[]> all;
        synchronized (this) {
            all = new ArrayList<>(committed);
        }
        List<long[]> sample = new ArrayList<>(all.subList(Math.max(0, all.size() - 300), all.size()));
        Random pick = new Random(5);
        for (int i = 0; i < 1_000 && !all.isEmpty(); i++) {
            sample.add(all.get(pick.nextInt(all.size())));
        }
        for (int i = 0; i < gates.size(); i++) {
            assertThat(gates.get(i).awaitChangeFeed(Duration.ofMillis(timeoutMillis))).as("gate %d caught up", i).isTrue();
            List<String> missing = new ArrayList<>();
            try (Connection c = gates.get(i).dataSource().getConnection(); Connection p = plain.getConnection()) {
                for (long[] k : sample) {
                    if (!found(c, table, k[0])) {
                        // Told apart: a row the database lost (a durability problem, not the gate's) or a wrong answer.
                        missing.add(k[0] + (found(p, table, k[0]) ? " (the row exists)" : " (no such row in the database)"));
                    }
                }
            }
            assertThat(missing).as("committed keys answered absent by gate %d after it caught up", i).isEmpty();
        }
        assertThat(violations).as("keys answered absent though committed longer than staleAfter before the lookup,"
                + " or before awaitChangeFeed returned true").isEmpty();
        assertThat(lookups.get()).as("the checkers ran").isGreaterThan(500);
        assertThat(freshChecks.get()).as("awaitChangeFeed checks ran").isGreaterThan(3);
        return String.format("%d keys committed, %d lookups of committed keys (%d answered absent within the %d ms"
                + " bound, none beyond), %d awaitChangeFeed checks, %d transient errors", all.size(), lookups.get(),
                absentWithinBound.get(), staleNanos / 1_000_000, freshChecks.get(), errors.get());
    }
}
