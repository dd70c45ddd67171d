package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Writers' throughput on MariaDB with and without bloomgate's triggers (issue 26): N writer threads,
 * each on its own plain connection in auto-commit mode (as other processes would write, not through
 * the gate), insert random BIGINT keys for a fixed time into one of two identical tables of 100,000
 * rows, {@code bi_plain} (no triggers) and {@code bi_guarded} (bloomgate's insert/update/delete
 * triggers, with a gate instance running during its runs and following the change log, as an
 * application would). Each statement is a single-row INSERT ({@code --rows 1}) or one multi-row
 * INSERT of 500 rows ({@code --rows 500}); each statement is its own transaction. For each
 * configuration the two tables are measured side by side, alternating which goes first, {@code
 * rounds} times, after one unmeasured second of each; it prints rows per second each way, the ratio
 * of the means, the median ratio of the pairs, what the triggers cost per row in wall time ({@code
 * 1/guarded - 1/plain} of the aggregate rate) and, when the server's process is readable ({@code
 * @@pid_file} on this machine), in server CPU time per row (the whole server's, for all writers).
 *
 * <p>The guarded table's gate is sized for 20M keys, so the filter never outgrows during the run (an
 * online rebuild would scan the table while the writers run: the cost of the sizing, not of the
 * triggers). After each guarded run, about 20,000 of the keys it inserted are looked up through that
 * gate once its feed has caught up (a stride through each writer's keys): each must be found with the filter consulted, else the run
 * fails (a false negative).
 *
 * <p>{@code --triggers-only}: no gate runs during the guarded runs (the triggers still write the
 * change log, which nobody reads meanwhile), so that the triggers' own cost is measured apart from
 * the polling of a running instance; no keys are checked.
 *
 * <p>Run: {@code BLOOMGATE_MYSQL_URL=... bench/jmh --class io.bloomgate.bench.MariaDbInserts [--writers 1,8]
 * [--rows 1,500] [--seconds 5] [--rounds 3] [--triggers-only]}.
 */
public final class MariaDbInserts {

    private static final String PLAIN = "bi_plain";
    private static final String GUARDED = "bi_guarded";
    private static final int CHECKED_KEYS = 20_000;

    private MariaDbInserts() {
    }

    public static void main(String[] args) throws Exception {
        int[] writers = {1, 8};
        int[] rows = {1, 500};
        int seconds = 5;
        int rounds = 3;
        boolean triggersOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--writers" -> writers = ints(args[++i]);
                case "--rows" -> rows = ints(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--triggers-only" -> triggersOnly = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (--writers 1,8 --rows 1,500 --seconds 5 --rounds 3 --triggers-only)");
            }
        }
        MariaDbDataSource db = MariaDbBench.dataSource();
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            for (String table : new String[] {PLAIN, GUARDED}) {
                s.execute("DROP TABLE IF EXISTS " + table);
                s.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, payload VARCHAR(40)) ENGINE=InnoDB");
                s.execute("INSERT INTO " + table + " SELECT seq * 2, CONCAT('payload ', seq) FROM seq_0_to_99999");
            }
        }
        // Installs the triggers once; every guarded run starts its own instance (a scan of the table).
        gate(db).close();
        long serverPid = serverPid(db);
        List<String> lines = new ArrayList<>();
        lines.add("| statement | writers | without triggers (rows/s) | with triggers (rows/s) | ratio of means"
                + " | median ratio of pairs | trigger cost per row (wall) | server CPU per row (without / with) | keys checked | false negatives |");
        lines.add("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
        int run = 0;
        for (int rowsPerStatement : rows) {
            for (int n : writers) {
                double[] plain = new double[rounds];
                double[] guarded = new double[rounds];
                double[] ratios = new double[rounds];
                double plainCpu = 0;
                double guardedCpu = 0;
                long checked = 0;
                // Unmeasured: connections, JIT and the server's buffer pool warm for this shape, both sides.
                write(db, PLAIN, ++run, n, rowsPerStatement, 1, serverPid);
                try (BloomGate gate = triggersOnly ? null : gate(db)) {
                    write(db, GUARDED, ++run, n, rowsPerStatement, 1, serverPid);
                }
                for (int r = 0; r < rounds; r++) {
                    for (int side = 0; side < 2; side++) {
                        boolean guardedSide = (side + r) % 2 == 1;
                        run++;
                        Result result;
                        if (guardedSide && triggersOnly) {
                            result = write(db, GUARDED, run, n, rowsPerStatement, seconds, serverPid);
                            guarded[r] = result.rowsPerSecond;
                            guardedCpu += result.cpuMicrosPerRow;
                        } else if (guardedSide) {
                            try (BloomGate gate = gate(db)) {
                                result = write(db, GUARDED, run, n, rowsPerStatement, seconds, serverPid);
                                checked += checkKeys(gate, run, n, result.perWriter);
                            }
                            guarded[r] = result.rowsPerSecond;
                            guardedCpu += result.cpuMicrosPerRow;
                        } else {
                            result = write(db, PLAIN, run, n, rowsPerStatement, seconds, serverPid);
                            plain[r] = result.rowsPerSecond;
                            plainCpu += result.cpuMicrosPerRow;
                        }
                        System.out.printf(Locale.ROOT, "round %d, %d-row INSERTs, %d writers, %s: %.0f rows/s,"
                                + " server CPU %.1f µs/row%n", r + 1, rowsPerStatement, n, guardedSide ? "triggers" : "plain",
                                result.rowsPerSecond, result.cpuMicrosPerRow);
                    }
                    ratios[r] = guarded[r] / plain[r];
                }
                double p = mean(plain);
                double g = mean(guarded);
                Arrays.sort(ratios);
                lines.add(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.2f | %.2f | %+.2f µs (%+.0f%%) | %s | %s |",
                        rowsPerStatement == 1 ? "single-row INSERT" : rowsPerStatement + "-row INSERT", n, p, g, g / p,
                        ratios[rounds / 2], 1e6 / g - 1e6 / p, (p / g - 1) * 100,
                        serverPid > 0 ? String.format(Locale.ROOT, "%.1f / %.1f µs", plainCpu / rounds, guardedCpu / rounds) : "n/a",
                        triggersOnly ? "— | —" : String.format(Locale.ROOT, "%,d | 0", checked)));
            }
        }
        lines.forEach(System.out::println);
    }

    private static BloomGate gate(MariaDbDataSource db) throws SQLException {
        return BloomGate.builder(db).guard(GUARDED, "id", 20_000_000L, 0.01).build();
    }

    record Result(double rowsPerSecond, double cpuMicrosPerRow, long[] perWriter) {
    }

    /** N writers on plain connections for {@code seconds}; rows per second over the whole run. */
    private static Result write(MariaDbDataSource db, String table, int run, int writers, int rowsPerStatement,
            int seconds, long serverPid) throws Exception {
        StringBuilder sql = new StringBuilder("INSERT INTO " + table + " VALUES ");
        for (int i = 0; i < rowsPerStatement; i++) {
            sql.append(i == 0 ? "(?, ?)" : ", (?, ?)");
        }
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Connection> connections = new ArrayList<>();
        try {
            List<PreparedStatement> statements = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                Connection c = db.getConnection();
                connections.add(c);
                statements.add(c.prepareStatement(sql.toString()));
            }
            List<Future<Long>> done = new ArrayList<>();
            long cpuBefore = cpuNanos(serverPid);
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                PreparedStatement insert = statements.get(w);
                done.add(pool.submit(() -> {
                    long i = 0;
                    while (!stop.get()) {
                        for (int j = 0; j < rowsPerStatement; j++) {
                            insert.setLong(2 * j + 1, key(run, writer, i + j));
                            insert.setString(2 * j + 2, "payload");
                        }
                        insert.executeUpdate(); // auto-commit: one transaction per statement
                        i += rowsPerStatement;
                    }
                    return i;
                }));
            }
            Thread.sleep(seconds * 1000L);
            stop.set(true);
            long[] perWriter = new long[writers];
            long total = 0;
            for (int w = 0; w < writers; w++) {
                perWriter[w] = done.get(w).get();
                total += perWriter[w];
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            long cpu = cpuNanos(serverPid) - cpuBefore;
            return new Result(total / elapsed, serverPid > 0 ? cpu / 1e3 / total : Double.NaN, perWriter);
        } finally {
            pool.shutdownNow();
            for (Connection c : connections) {
                c.close();
            }
        }
    }

    /**
     * Looks about {@link #CHECKED_KEYS} of the run's keys (a stride through each writer's) up through the gate
     * after its feed caught up:
     * each must be found, with the filter consulted (a key answered absent is a false negative).
     */
    private static long checkKeys(BloomGate gate, int run, int writers, long[] perWriter) throws Exception {
        if (!gate.awaitChangeFeed(Duration.ofSeconds(30))) {
            throw new IllegalStateException("the change feed did not complete a read within 30 s");
        }
        long total = Arrays.stream(perWriter).sum();
        long stride = Math.max(1, total / CHECKED_KEYS);
        GuardStats before = gate.stats(GUARDED, "id");
        if (before.state() != GuardState.READY) {
            throw new IllegalStateException("the guard is not READY after the run: " + before);
        }
        long looked = 0;
        try (Connection c = gate.dataSource().getConnection();
                PreparedStatement lookup = c.prepareStatement("SELECT id FROM " + GUARDED + " WHERE id = ?")) {
            for (int w = 0; w < writers; w++) {
                for (long i = w % stride; i < perWriter[w]; i += stride) {
                    lookup.setLong(1, key(run, w, i));
                    try (ResultSet rs = lookup.executeQuery()) {
                        if (!rs.next()) {
                            throw new IllegalStateException("FALSE NEGATIVE: key " + key(run, w, i) + " inserted by writer "
                                    + w + " in run " + run + " was answered absent: " + gate.stats(GUARDED, "id"));
                        }
                    }
                    looked++;
                }
            }
        }
        GuardStats after = gate.stats(GUARDED, "id");
        // The first execution of the text runs for real and is not asked of the filter.
        if (after.passedThrough() - before.passedThrough() < looked - 1) {
            throw new IllegalStateException("the check's lookups bypassed the filter: " + before + " -> " + after);
        }
        return looked;
    }

    /** A distinct key per (run, writer, i): splitmix64's finalizer is a bijection of the 64-bit values. */
    static long key(int run, int writer, long i) {
        long z = ((long) run << 48) | ((long) writer << 40) | i;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The server's process id when it runs on this machine and its pid file is readable, else -1. */
    private static long serverPid(MariaDbDataSource db) {
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@pid_file")) {
            rs.next();
            long pid = Long.parseLong(Files.readString(Path.of(rs.getString(1))).trim());
            return cpuNanos(pid) >= 0 ? pid : -1;
        } catch (SQLException | IOException | RuntimeException e) {
            System.out.println("server CPU not measured: " + e);
            return -1;
        }
    }

    /** utime + stime of a process from /proc (clock ticks of 10 ms), in ns; -1 when unreadable. */
    private static long cpuNanos(long pid) {
        if (pid <= 0) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static int[] ints(String list) {
        return Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }
}
