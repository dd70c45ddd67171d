package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Looks keys up through a gate and tells how the guard answered, for the H2 sync tests.
 *
 * <p>Why the path matters: a lookup that passes through always returns the right answer, so a test
 * that only checks answers cannot fail while the guard is (wrongly) bypassed. Tests that claim "the
 * trigger put the key in the filter" assert that the filter was consulted ({@link Path#PASSED_THROUGH}
 * for a present key) — a false negative shows up as a wrong answer on a consulted lookup.
 */
final class GuardProbe {

    /** How one lookup was answered. */
    enum Path {
        /** The filter said absent: empty answer, no SQL. */
        AVOIDED,
        /** The filter said maybe: the query ran. */
        PASSED_THROUGH,
        /** The filter was not asked (not ready, unsynced, first execution, ...): the query ran. */
        BYPASSED
    }

    record Answer(boolean found, Path path) {
    }

    private final BloomGate gate;
    private final String table;
    private final String column;
    private final String sql;

    GuardProbe(BloomGate gate, String table, String column) {
        this.gate = gate;
        this.table = table;
        this.column = column;
        this.sql = "SELECT " + column + " FROM " + table + " WHERE " + column + " = ?";
    }

    javax.sql.DataSource gateDataSource() {
        return gate.dataSource();
    }

    String sql() {
        return sql;
    }

    GuardStats stats() {
        return gate.stats(table, column);
    }

    /** Runs the lookup SQL once for real so later executions may be answered from the filter. */
    GuardProbe warmUp() throws SQLException {
        lookup(Long.MIN_VALUE + 17);
        return this;
    }

    /** The answer through the gate, whatever path it took (single-threaded use: reads stats deltas). */
    Answer lookup(Object key) throws SQLException {
        GuardStats before = stats();
        boolean found = find(key);
        GuardStats after = stats();
        Path path = after.avoided() > before.avoided() ? Path.AVOIDED
                : after.passedThrough() > before.passedThrough() ? Path.PASSED_THROUGH : Path.BYPASSED;
        return new Answer(found, path);
    }

    /** The answer through the gate (safe from many threads). */
    boolean find(Object key) throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            return find(c, sql, key);
        }
    }

    static boolean find(Connection c, String sql, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Asserts the key is found and that the filter itself said "maybe" (it holds the key). */
    void assertFoundByFilter(Object key) throws SQLException {
        Answer a = lookup(key);
        assertThat(a).as("lookup of %s: found, with the filter consulted (state %s)", key, stats().state())
                .isEqualTo(new Answer(true, Path.PASSED_THROUGH));
    }

    /** Asserts the key is not found, whatever the path. */
    void assertAbsent(Object key) throws SQLException {
        assertThat(find(key)).as("lookup of absent key %s", key).isFalse();
    }

    /** Runs {@code call} on a new daemon thread. */
    static <T> Future<T> inThread(String name, Callable<T> call) {
        FutureTask<T> task = new FutureTask<>(call);
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
        return task;
    }

    /** Polls until {@code condition} holds; false if it did not within {@code timeout}. */
    static boolean eventually(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
