package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * {@link CrossInstanceLatency} on MySQL/MariaDB: the time from a commit on a plain connection (as
 * another process would make it) to the key being in a gate instance's filter. The instance learns
 * keys only through its change feed (the triggers' log row, committed with the insert, then a poll
 * of {@code bloomgate.change_log}); the probe is a lookup through the instance, which the filter
 * answers "absent" without the database until the key arrives. Prints p50, p90, p99 and max.
 *
 * <p>A lookup the gate did not ask its filter about (guard not READY, feed stale) would find the row
 * in the database and end a measurement early: every probe that found its key is checked to have
 * been answered with the filter consulted (the guard's {@code bypassed} counter did not move), and
 * the run fails otherwise.
 *
 * <p>{@code --gap-ms G} pauses a random 0 to 2G ms after each key arrived, so that commits find the
 * feed in its idle cadence. {@code --writers N} runs N writer threads meanwhile, each on its own
 * plain connection inserting random single rows into the same table in auto-commit mode (pgbench's
 * role in the PostgreSQL harness), so that the feed reads their keys too: staleness under write load.
 *
 * <p>Run: {@code BLOOMGATE_MYSQL_URL=... bench/jmh --class io.bloomgate.bench.MariaDbCrossInstanceLatency
 * [inserts] [--gap-ms G] [--writers N]}.
 */
public final class MariaDbCrossInstanceLatency {

    private static final String TABLE = "bench_latency";

    private MariaDbCrossInstanceLatency() {
    }

    public static void main(String[] args) throws Exception {
        int inserts = 2_000;
        int gapMillis = 0;
        int writers = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--gap-ms" -> gapMillis = Integer.parseInt(args[++i]);
                case "--writers" -> writers = Integer.parseInt(args[++i]);
                default -> inserts = Integer.parseInt(args[i]);
            }
        }
        MariaDbDataSource db = MariaDbBench.dataSource();
        Random random = new Random(42);
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id BIGINT PRIMARY KEY) ENGINE=InnoDB");
        }
        long[] nanos = new long[inserts];
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = writers > 0 ? Executors.newFixedThreadPool(writers) : null;
        List<Future<Long>> load = new ArrayList<>();
        long loadStart = 0;
        long loadRows = 0;
        double loadSeconds = 0;
        try (BloomGate instance = BloomGate.builder(db)
                        // Under load the writers' keys fill it too: sized so that it neither outgrows
                        // (a rebuild by scan would find the probe's key at once) nor fills up.
                        .guard(TABLE, "id", writers > 0 ? 20_000_000L : 2L * inserts, 0.001).build();
                Connection writer = db.getConnection();
                PreparedStatement insert = writer.prepareStatement("INSERT INTO " + TABLE + " VALUES (?)");
                Connection reader = instance.dataSource().getConnection();
                PreparedStatement probe = reader.prepareStatement("SELECT id FROM " + TABLE + " WHERE id = ?")) {
            probe.setLong(1, -1);
            probe.executeQuery().close(); // the first execution of a text always runs
            if (writers > 0) {
                loadStart = System.nanoTime();
                for (int w = 0; w < writers; w++) {
                    load.add(pool.submit(() -> write(db, stop)));
                }
                Thread.sleep(2_000); // connected and writing
            }
            if (instance.stats(TABLE, "id").state() != GuardState.READY) {
                throw new IllegalStateException("the guard is not READY: " + instance.stats(TABLE, "id"));
            }
            for (int i = 0; i < inserts; i++) {
                if (gapMillis > 0) {
                    Thread.sleep(random.nextInt(2 * gapMillis + 1));
                }
                long bypassedBefore = instance.stats(TABLE, "id").bypassed();
                insert.setLong(1, i);
                insert.executeUpdate(); // auto-commit: committed when this returns
                long committed = System.nanoTime();
                probe.setLong(1, i);
                while (true) {
                    try (ResultSet rs = probe.executeQuery()) {
                        if (rs.next()) {
                            break;
                        }
                    }
                    // Not a busy loop: on a small machine it would take a core from the server.
                    LockSupport.parkNanos(50_000);
                }
                nanos[i] = System.nanoTime() - committed;
                if (instance.stats(TABLE, "id").bypassed() != bypassedBefore) {
                    throw new IllegalStateException("key " + i + " was found by a lookup that did not ask the filter: "
                            + instance.stats(TABLE, "id"));
                }
            }
            stop.set(true);
            for (Future<Long> f : load) {
                loadRows += f.get();
            }
            loadSeconds = (System.nanoTime() - loadStart) / 1e9;
        } finally {
            stop.set(true);
            if (pool != null) {
                pool.shutdownNow();
            }
            try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE " + TABLE); // its triggers go with it
            }
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "commit -> in another instance's filter, %d inserts (gap %d ms, %d writers%s):"
                + " p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n", inserts, gapMillis, writers,
                writers > 0 ? String.format(Locale.ROOT, " at %,.0f rows/s", loadRows / loadSeconds) : "",
                CrossInstanceLatency.ms(nanos, 0.50), CrossInstanceLatency.ms(nanos, 0.90),
                CrossInstanceLatency.ms(nanos, 0.99), nanos[inserts - 1] / 1e6);
    }

    /** One writer of the load: random single-row inserts in auto-commit mode until stopped; returns its row count. */
    private static long write(MariaDbDataSource db, AtomicBoolean stop) throws Exception {
        Random random = new Random();
        long rows = 0;
        try (Connection c = db.getConnection();
                PreparedStatement insert = c.prepareStatement("INSERT IGNORE INTO " + TABLE + " VALUES (?)")) {
            while (!stop.get()) {
                // Far from the probe's keys 0, 1, 2, ...
                insert.setLong(1, 1_000_000_000L + (random.nextLong() >>> 4));
                rows += insert.executeUpdate();
            }
        }
        return rows;
    }
}
