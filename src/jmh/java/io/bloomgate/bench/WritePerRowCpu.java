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
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        String[] storages = (args.length > 2 ? args[2] : "memory,file").split(",");
        String[] writes = (args.length > 3 ? args[3] : "batch,single-tx,single-autocommit").split(",");
        int warm = Math.max(1, rounds / 3);
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
