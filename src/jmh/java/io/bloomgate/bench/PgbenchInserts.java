package io.bloomgate.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Writers' throughput with and without bloomgate, measured by pgbench (issue 14): one {@code INSERT
 * ... ON CONFLICT DO NOTHING} per transaction (the crawler / sign-up pattern), or with {@code
 * --batched} one 100-row multi-row INSERT per transaction (what pgjdbc sends for a batch with
 * {@code reWriteBatchedInserts=true}), {@code synchronous_commit} on, into two identical tables of
 * 100,000 rows: {@code pgb_plain} (no triggers, no gate) and {@code pgb_guarded} (bloomgate's
 * triggers, and a gate with default settings running during its runs). For each client count the
 * two runs are made side by side (alternating which goes first per round), so that both see the
 * same machine. After each guarded run every key it inserted is looked up through the gate that was
 * running: a key answered absent is a false negative, and the run fails.
 *
 * <p>Also prints the change feed's cost: the CPU time of its server backend ({@code /proc}, when the
 * server runs on this machine and is readable) and of its Java thread, per second of the run.
 *
 * <p>Run: {@code bench/pgbench-inserts.sh [--batched] [--clients 1,8,32,64] [--seconds 10]
 * [--rounds 1]} with {@code BLOOMGATE_PG_URL} set (pgbench from {@code PGBENCH}, default
 * PostgreSQL 15's).
 */
public final class PgbenchInserts {

    private static final String PLAIN = "public.pgb_plain";
    private static final String GUARDED = "public.pgb_guarded";
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");
    private static final Pattern TX = Pattern.compile("number of transactions actually processed: ([0-9]+)");

    private PgbenchInserts() {
    }

    public static void main(String[] args) throws Exception {
        boolean batched = false;
        int[] clients = {1, 8, 32, 64};
        int seconds = 5;
        int rounds = 5;
        long rows = 100_000;
        boolean statementTriggers = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--batched" -> batched = true;
                case "--clients" -> clients = java.util.Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt)
                        .toArray();
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--rows" -> rows = Long.parseLong(args[++i]);
                case "--statement-triggers" -> statementTriggers = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (--batched, --statement-triggers, --clients 1,8,32,64, --seconds N, --rounds N, --rows N)");
            }
        }
        PGSimpleDataSource pg = PostgresBench.dataSource(false);
        setUp(pg, rows, statementTriggers);
        int rowsPerStatement = batched ? 100 : 1;
        Path dir = Files.createTempDirectory("bloomgate-pgbench");
        Path plainScript = script(dir, PLAIN, rowsPerStatement);
        Path guardedScript = script(dir, GUARDED, rowsPerStatement);
        System.out.printf(Locale.ROOT, "%s, %s insert triggers, %d s per run, %d round(s), synchronous_commit=%s%n",
                batched ? "100-row INSERT ... ON CONFLICT DO NOTHING per transaction"
                        : "single-row INSERT ... ON CONFLICT DO NOTHING per transaction",
                statementTriggers ? "statement-level" : "row-level (default)", seconds, rounds,
                setting(pg, "synchronous_commit"));
        idleCost(pg);
        List<String> table = new ArrayList<>();
        table.add("| clients | without bloomgate (tps) | with bloomgate (tps) | ratio of means | median ratio of"
                + " pairs | keys checked through the gate | false negatives | feed backend CPU | feed thread CPU |"
                + " gate process CPU |"
                + " WAL bytes per transaction (without / with) |");
        table.add("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
        int run = 0;
        boolean failed = false;
        for (int c : clients) {
            double plainSum = 0;
            double guardedSum = 0;
            long checked = 0;
            long missed = 0;
            double backendCpu = 0;
            double threadCpu = 0;
            double processCpu = 0;
            double[] ratios = new double[rounds];
            double walPlain = 0;
            double walGuarded = 0;
            for (int r = 0; r < rounds; r++) {
                run++;
                boolean guardedFirst = r % 2 == 1;
                Result guarded = null;
                Result plainRun = null;
                for (int side = 0; side < 2; side++) {
                    if ((side == 0) == guardedFirst) {
                        guarded = guardedRun(pg, guardedScript, c, seconds, run);
                    } else {
                        plainRun = pgbench(pg, plainScript, c, seconds, run);
                    }
                }
                double plain = plainRun.tps;
                walPlain += plainRun.walPerTransaction;
                walGuarded += guarded.walPerTransaction;
                ratios[r] = guarded.tps / plain;
                plainSum += plain;
                guardedSum += guarded.tps;
                checked += guarded.checked;
                missed += guarded.missed;
                backendCpu += guarded.backendCpu;
                threadCpu += guarded.threadCpu;
                processCpu += guarded.processCpu;
                System.out.printf(Locale.ROOT, "clients %d round %d: without %.0f tps, with %.0f tps (%.2f); %d keys"
                        + " checked, %d missed; feed backend %.1f%% CPU, feed thread %.1f%%, gate process %.1f%%; WAL"
                        + " per transaction %.0f vs %.0f bytes%n", c, r + 1, plain, guarded.tps, guarded.tps / plain,
                        guarded.checked, guarded.missed, guarded.backendCpu, guarded.threadCpu, guarded.processCpu,
                        plainRun.walPerTransaction,
                        guarded.walPerTransaction);
            }
            failed |= missed > 0;
            java.util.Arrays.sort(ratios);
            double median = rounds % 2 == 1 ? ratios[rounds / 2] : (ratios[rounds / 2 - 1] + ratios[rounds / 2]) / 2;
            table.add(String.format(Locale.ROOT, "| %d | %,.0f | %,.0f | %.2f | %.2f | %,d | %d | %s | %.1f%% | %.1f%% | %,.0f / %,.0f |", c,
                    plainSum / rounds, guardedSum / rounds, guardedSum / plainSum, median, checked, missed,
                    backendCpu < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", backendCpu / rounds),
                    threadCpu / rounds, processCpu / rounds, walPlain / rounds, walGuarded / rounds));
        }
        System.out.println();
        table.forEach(System.out::println);
        if (failed) {
            System.out.println("FAILED: keys inserted under load were answered absent through the gate");
            System.exit(1);
        }
    }

    /**
     * CPU figures are percent of one core over the guarded run: the feed's server backend, its Java
     * thread, and this whole JVM (the gate: feed, maintenance, GC, JIT; nothing else runs in it then).
     */
    private record Result(double tps, long transactions, long checked, long missed, double backendCpu,
            double threadCpu, double processCpu, double walPerTransaction) {
    }

    /** Creates both tables afresh: {@code (k text PRIMARY KEY, run int, payload text)} with {@code rows} rows. */
    private static void setUp(PGSimpleDataSource pg, long rows, boolean statementTriggers)
            throws SQLException, IOException {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            for (String t : List.of(PLAIN, GUARDED)) {
                try (ResultSet rs = s.executeQuery("SELECT to_regproc('bloomgate.uninstall_guard') IS NOT NULL"
                        + " AND to_regclass('" + t + "') IS NOT NULL")) {
                    rs.next();
                    if (rs.getBoolean(1)) {
                        s.execute("SELECT bloomgate.uninstall_guard('" + t + "', 'k')");
                    }
                }
                s.execute("DROP TABLE IF EXISTS " + t);
                s.execute("CREATE TABLE " + t + " (k text PRIMARY KEY, run integer NOT NULL, payload text)");
                s.execute("INSERT INTO " + t + " SELECT 'seed-' || g, 0, 'payload ' || g FROM generate_series(1, "
                        + rows + ") g");
                s.execute("VACUUM ANALYZE " + t);
            }
            if (statementTriggers) {
                // As a DBA would for a table written by multi-row statements: the gate's build keeps them.
                s.execute(PostgresBench.installScript());
                s.execute("SELECT bloomgate.install_guard('" + GUARDED + "', 'k', false)");
            }
        }
    }

    private static Path script(Path dir, String table, int rowsPerStatement) throws IOException {
        StringBuilder sb = new StringBuilder();
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < rowsPerStatement; i++) {
            sb.append("\\set r").append(i).append(" random(1, 999999999999999)\n");
            values.append(i == 0 ? "" : ", ").append("('u-' || :r").append(i).append(", :run, 'x')");
        }
        sb.append("INSERT INTO ").append(table).append(" (k, run, payload) VALUES ").append(values)
                .append(" ON CONFLICT DO NOTHING;\n");
        Path p = dir.resolve(table + ".sql");
        Files.writeString(p, sb.toString(), StandardCharsets.UTF_8);
        return p;
    }

    private static Result guardedRun(PGSimpleDataSource pg, Path script, int clients, int seconds, int run)
            throws Exception {
        HikariConfig config = new HikariConfig();
        config.setDataSource(pg);
        config.setMaximumPoolSize(8);
        try (HikariDataSource pool = new HikariDataSource(config);
                BloomGate gate = BloomGate.builder(pool).guard(GUARDED, "k").build()) {
            int backend = feedBackend(pg);
            long backendBefore = backendTicks(backend);
            long threadBefore = feedThreadNanos();
            long processBefore = processCpuNanos();
            long start = System.nanoTime();
            Result bench = pgbench(pg, script, clients, seconds, run);
            double elapsed = (System.nanoTime() - start) / 1e9;
            double processCpu = 100.0 * (processCpuNanos() - processBefore) / 1e9 / elapsed;
            long backendAfter = backendTicks(backend);
            double backendCpu = backendBefore < 0 || backendAfter < 0 ? -1
                    : 100.0 * (backendAfter - backendBefore) / 100.0 / elapsed; // USER_HZ = 100
            double threadCpu = 100.0 * (feedThreadNanos() - threadBefore) / 1e9 / elapsed;
            long[] check = check(gate, pg, run);
            return new Result(bench.tps, bench.transactions, check[0], check[1], backendCpu, threadCpu, processCpu,
                    bench.walPerTransaction);
        }
    }

    /** Looks every key of run {@code run} up through the gate: {checked, answered absent}. */
    private static long[] check(BloomGate gate, PGSimpleDataSource pg, int run) throws Exception {
        List<String> keys = new ArrayList<>();
        try (Connection c = pg.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT k FROM " + GUARDED + " WHERE run = " + run)) {
            while (rs.next()) {
                keys.add(rs.getString(1));
            }
        }
        GuardStats before = gate.stats(GUARDED, "k");
        if (before.state() != GuardState.READY) {
            throw new IllegalStateException("the guard is " + before.state() + " after the run: the check would not"
                    + " consult its filter");
        }
        int threads = 4;
        AtomicLong missed = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                done.add(pool.submit(() -> {
                    try (Connection c = gate.dataSource().getConnection();
                            PreparedStatement ps = c.prepareStatement("SELECT k FROM " + GUARDED + " WHERE k = ?")) {
                        for (int i = first; i < keys.size(); i += threads) {
                            ps.setString(1, keys.get(i));
                            try (ResultSet rs = ps.executeQuery()) {
                                if (!rs.next()) {
                                    missed.incrementAndGet();
                                    System.out.println("FALSE NEGATIVE: " + keys.get(i));
                                }
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        GuardStats after = gate.stats(GUARDED, "k");
        long consulted = after.passedThrough() + after.avoided() - before.passedThrough() - before.avoided();
        if (consulted < keys.size() * 9L / 10) {
            // The filter must have been asked (not bypassed), or a missing key would not show.
            throw new IllegalStateException("only " + consulted + " of " + keys.size() + " lookups consulted the filter");
        }
        return new long[] {keys.size(), missed.get() + (after.avoided() - before.avoided())};
    }

    private static Result pgbench(PGSimpleDataSource pg, Path script, int clients, int seconds, int run)
            throws IOException, InterruptedException {
        String pgbench = System.getenv().getOrDefault("PGBENCH", "/usr/lib/postgresql/15/bin/pgbench");
        List<String> cmd = new ArrayList<>(List.of(pgbench, "-n", "-M", "prepared", "-c", String.valueOf(clients),
                "-j", String.valueOf(Math.min(clients, 4)), "-T", String.valueOf(seconds), "-D", "run=" + run,
                "-f", script.toString(), "-h", pg.getServerNames()[0], "-p", String.valueOf(port(pg)),
                "-U", pg.getUser(), pg.getDatabaseName()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PGPASSWORD", pg.getPassword() == null ? "" : pg.getPassword());
        pb.environment().put("PGOPTIONS", "-c synchronous_commit=on");
        String walBefore = walPosition(pg);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("pgbench failed:\n" + out);
        }
        Matcher tps = TPS.matcher(out);
        Matcher tx = TX.matcher(out);
        if (!tps.find() || !tx.find()) {
            throw new IllegalStateException("unexpected pgbench output:\n" + out);
        }
        long transactions = Long.parseLong(tx.group(1));
        return new Result(Double.parseDouble(tps.group(1)), transactions, 0, 0, 0, 0, 0,
                (double) walBytesSince(pg, walBefore) / Math.max(1, transactions));
    }

    private static String walPosition(DataSource ds) {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_current_wal_lsn()::text")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            return null; // a standby, or not allowed: not reported
        }
    }

    /** WAL written by the whole cluster since {@code from} (other databases' writes included). */
    private static long walBytesSince(DataSource ds, String from) {
        if (from == null) {
            return 0;
        }
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '" + from + "')::bigint")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            return 0;
        }
    }

    private static int port(PGSimpleDataSource pg) {
        int[] ports = pg.getPortNumbers();
        return ports == null || ports.length == 0 || ports[0] == 0 ? 5432 : ports[0];
    }

    /** The change feed's polling with nothing to read: its server backend's and its thread's CPU. */
    private static void idleCost(PGSimpleDataSource pg) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setDataSource(pg);
        config.setMaximumPoolSize(4);
        try (HikariDataSource pool = new HikariDataSource(config);
                BloomGate gate = BloomGate.builder(pool).guard(GUARDED, "k").build()) {
            Thread.sleep(1_000);
            int backend = feedBackend(pg);
            long backendBefore = backendTicks(backend);
            long threadBefore = feedThreadNanos();
            long start = System.nanoTime();
            Thread.sleep(10_000);
            double elapsed = (System.nanoTime() - start) / 1e9;
            long backendAfter = backendTicks(backend);
            System.out.printf(Locale.ROOT, "idle polling (one guard, default pollInterval): feed backend %s CPU,"
                    + " feed thread %.1f%% CPU%n", backendBefore < 0 || backendAfter < 0 ? "n/a"
                    : String.format(Locale.ROOT, "%.1f%%", (backendAfter - backendBefore) / elapsed),
                    100.0 * (feedThreadNanos() - threadBefore) / 1e9 / elapsed);
        }
    }

    private static String setting(DataSource ds, String name) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_setting('" + name + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static int feedBackend(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                        + " AND application_name = 'bloomgate change feed' ORDER BY backend_start DESC LIMIT 1")) {
            return rs.next() ? rs.getInt(1) : -1;
        }
    }

    /** utime + stime of a server backend in clock ticks, or -1 when /proc does not show it. */
    private static long backendTicks(int pid) {
        if (pid <= 0) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of proc(5)
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** CPU time of this JVM, all threads (pgbench runs in its own process). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long feedThreadNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (ThreadInfo info : mx.dumpAllThreads(false, false)) {
            if (info.getThreadName().equals("bloomgate-change-feed")) {
                total += Math.max(0, mx.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }
}
