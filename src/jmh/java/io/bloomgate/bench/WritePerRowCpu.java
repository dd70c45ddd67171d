package io.bloomgate.bench;

import com.sun.management.OperatingSystemMXBean;
import io.bloomgate.BloomGate;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * {@link H2SyncBenchmark#insertPerRow}'s matrix in <em>CPU time</em> per row, the variants
 * alternating round by round in one JVM: on a machine whose two cores are shared with other work,
 * wall-clock scores moved by ±100% while the CPU a row costs hardly depends on the load. For each
 * storage and write mode, each round inserts {@code rows} rows into a fresh table with no trigger,
 * with a Java row trigger that does nothing, with bloomgate's trigger (raw connection) and through
 * the gate, in a rotating order; it prints the median over the measured rounds of the inserting
 * thread's CPU per row and of the whole process's (H2's background store, GC and JIT included), and
 * each variant's ratio to "none".
 *
 * <p>Run: {@code bench/jmh --class io.bloomgate.bench.WritePerRowCpu [rows] [rounds] [storages] [writes]},
 * e.g. {@code 50000 7 memory,file batch,single-tx,single-autocommit}.
 *
 * <p>With {@code --forks F} first, each variant runs in JVMs of its own instead: for each storage and
 * write mode, {@code F} rounds in which every variant (in a rotating order) gets a fresh JVM that runs
 * {@code rounds} inserts of {@code rows} rows and reports its median over the measured ones; the
 * figures printed are the medians over the forks, with their range. Why: in one JVM the variants
 * share H2's compiled code, and H2's insert path compiled while a trigger was firing is not the code
 * a trigger-less run would get (the no-op trigger measured −8% to +38% against "none" in one JVM,
 * on a quiet machine too). Separate JVMs give each variant the JIT profile it would have in an
 * application; CPU time keeps the other processes' load out of the figure.
 */
public final class WritePerRowCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final String[] SYNCS = {"none", "noop-trigger", "trigger", "gate"};
    private static int databases;

    private WritePerRowCpu() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--one")) {
            one(args[1], args[2], args[3], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            return;
        }
        if (args.length > 1 && args[0].equals("--forks")) {
            forks(Integer.parseInt(args[1]), Arrays.copyOfRange(args, 2, args.length));
            return;
        }
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        String[] storages = (args.length > 2 ? args[2] : "memory,file").split(",");
        String[] writes = (args.length > 3 ? args[3] : "batch,single-tx,single-autocommit").split(",");
        int warm = Math.max(1, rounds / 2);
        System.out.printf("%,d rows per run, %d rounds (the first %d warm-up), median CPU ns per row "
                + "(inserting thread / whole process) and vs none%n", rows, rounds, warm);
        for (String storage : storages) {
            for (String write : writes) {
                long[][] thread = new long[SYNCS.length][rounds];
                long[][] process = new long[SYNCS.length][rounds];
                for (int r = 0; r < rounds; r++) {
                    for (int j = 0; j < SYNCS.length; j++) {
                        int v = (j + r) % SYNCS.length; // rotate which variant goes first
                        long[] cpu = run(SYNCS[v], storage, write, rows);
                        thread[v][r] = cpu[0];
                        process[v][r] = cpu[1];
                    }
                }
                double[] t = new double[SYNCS.length];
                double[] p = new double[SYNCS.length];
                for (int v = 0; v < SYNCS.length; v++) {
                    t[v] = median(thread[v], warm) / rows;
                    p[v] = median(process[v], warm) / rows;
                }
                List<String> cells = new ArrayList<>();
                for (int v = 0; v < SYNCS.length; v++) {
                    cells.add(String.format("%s %.0f / %.0f ns (%+.0f%% / %+.0f%%)", SYNCS[v], t[v], p[v],
                            100 * (t[v] / t[0] - 1), 100 * (p[v] / p[0] - 1)));
                }
                System.out.printf("%-6s %-17s | %s | gate vs trigger %+.0f%% / %+.0f%%%n", storage, write,
                        String.join(" | ", cells), 100 * (t[3] / t[2] - 1), 100 * (p[3] / p[2] - 1));
            }
        }
    }

    /** A child JVM: {@code rounds} runs of one variant; prints the medians of the measured ones. */
    private static void one(String sync, String storage, String write, int rows, int rounds) throws Exception {
        int warm = Math.max(1, rounds / 2);
        long[] thread = new long[rounds];
        long[] process = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long[] cpu = run(sync, storage, write, rows);
            thread[r] = cpu[0];
            process[r] = cpu[1];
        }
        StringBuilder each = new StringBuilder("ROUNDS");
        for (long t : thread) {
            each.append(' ').append(t / rows);
        }
        System.out.println(each);
        System.out.printf(java.util.Locale.ROOT, "RESULT %.1f %.1f%n", median(thread, warm) / rows,
                median(process, warm) / rows);
    }

    /** The matrix with a fresh JVM per variant and fork (see the class comment). */
    private static void forks(int forks, String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        String[] storages = (args.length > 2 ? args[2] : "memory,file").split(",");
        String[] writes = (args.length > 3 ? args[3] : "batch,single-tx,single-autocommit").split(",");
        System.out.printf("%,d rows per run, %d runs per JVM (the first %d warm-up), %d JVMs per variant; median"
                + " over the JVMs of their median CPU ns per row (inserting thread), [range], and vs none%n", rows,
                rounds, Math.max(1, rounds / 2), forks);
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String storage : storages) {
            for (String write : writes) {
                long[][] thread = new long[SYNCS.length][forks];
                for (int f = 0; f < forks; f++) {
                    for (int j = 0; j < SYNCS.length; j++) {
                        int v = (j + f) % SYNCS.length; // rotate which variant goes first
                        Process child = new ProcessBuilder(javaBin, "-Xms2g", "-Xmx2g", "-Dorg.jooq.no-logo=true",
                                "-Dorg.jooq.no-tips=true", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp",
                                System.getProperty("java.class.path"), WritePerRowCpu.class.getName(), "--one",
                                SYNCS[v], storage, write, String.valueOf(rows), String.valueOf(rounds))
                                .redirectErrorStream(true).start();
                        String result = null;
                        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(
                                child.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
                            for (String line; (line = out.readLine()) != null;) {
                                if (line.startsWith("RESULT ")) {
                                    result = line;
                                }
                            }
                        }
                        if (child.waitFor() != 0 || result == null) {
                            throw new IllegalStateException("the JVM for " + SYNCS[v] + " " + storage + " " + write
                                    + " failed (exit " + child.exitValue() + ")");
                        }
                        thread[v][f] = Math.round(Double.parseDouble(result.split(" ")[1]) * 10); // 0.1 ns
                    }
                }
                double[] t = new double[SYNCS.length];
                List<String> cells = new ArrayList<>();
                for (int v = 0; v < SYNCS.length; v++) {
                    t[v] = median(thread[v], 0) / 10;
                }
                for (int v = 0; v < SYNCS.length; v++) {
                    long[] sorted = thread[v].clone();
                    Arrays.sort(sorted);
                    cells.add(String.format(java.util.Locale.ROOT, "%s %.0f ns [%.0f-%.0f] (%+.0f%%)", SYNCS[v], t[v],
                            sorted[0] / 10.0, sorted[sorted.length - 1] / 10.0, 100 * (t[v] / t[0] - 1)));
                }
                System.out.printf(java.util.Locale.ROOT, "%-6s %-17s | %s | gate vs trigger %+.0f%%%n", storage,
                        write, String.join(" | ", cells), 100 * (t[3] / t[2] - 1));
            }
        }
    }

    private static double median(long[] values, int skip) {
        long[] measured = Arrays.copyOfRange(values, skip, values.length);
        Arrays.sort(measured);
        int n = measured.length;
        return n % 2 == 1 ? measured[n / 2] : (measured[n / 2 - 1] + measured[n / 2]) / 2.0;
    }

    /** Inserts {@code rows} rows into a fresh table; returns the thread's and the process's CPU ns. */
    private static long[] run(String sync, String storage, String write, int rows) throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        Path directory = null;
        if (storage.equals("file")) {
            directory = Files.createTempDirectory("bloomgate-perrow");
            h2.setURL("jdbc:h2:" + directory.resolve("db").toAbsolutePath());
        } else {
            h2.setURL("jdbc:h2:mem:perrowcpu" + (++databases) + ";DB_CLOSE_DELAY=-1");
        }
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, payload VARCHAR(40))");
            if (sync.equals("noop-trigger")) {
                s.execute("CREATE TRIGGER noop AFTER INSERT, UPDATE, DELETE ON t FOR EACH ROW CALL '"
                        + NoopTrigger.class.getName() + "'");
            }
        }
        BloomGate gate = null;
        DataSource ds = h2;
        if (sync.equals("trigger") || sync.equals("gate")) {
            gate = BloomGate.builder(h2).guard("t", "id", 2_000_000L, 0.01).build();
            if (sync.equals("gate")) {
                ds = gate.dataSource();
            }
        }
        long[] cpu;
        try (Connection connection = ds.getConnection();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO t (id, payload) VALUES (?, ?)")) {
            connection.setAutoCommit(write.equals("single-autocommit"));
            System.gc(); // the previous run's garbage is not this one's
            long thread0 = THREADS.getCurrentThreadCpuTime();
            long process0 = OS.getProcessCpuTime();
            insert(connection, insert, write, rows);
            cpu = new long[] {THREADS.getCurrentThreadCpuTime() - thread0, OS.getProcessCpuTime() - process0};
        } finally {
            if (gate != null) {
                gate.close();
            }
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
            if (directory != null) {
                try (var files = Files.walk(directory)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        }
        return cpu;
    }

    private static void insert(Connection connection, PreparedStatement insert, String write, int rows)
            throws SQLException {
        boolean batch = write.equals("batch");
        boolean commits = !write.equals("single-autocommit");
        for (int i = 1; i <= rows; i++) {
            insert.setLong(1, i * 7L);
            insert.setString(2, "payload");
            if (batch) {
                insert.addBatch();
            } else {
                insert.executeUpdate();
            }
            if (i % 1_000 == 0) {
                if (batch) {
                    insert.executeBatch();
                }
                if (commits) {
                    connection.commit();
                }
            }
        }
    }
}
