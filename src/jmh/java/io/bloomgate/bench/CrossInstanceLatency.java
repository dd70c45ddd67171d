package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * How stale another instance's filter is: the time from a commit on a plain connection (as another
 * process would make it) to the key being in a gate instance's filter, over 10,000 inserts made one
 * at a time. The instance learns keys only through its change feed (commit, then a poll of the
 * log); the probe is a lookup through the instance, which the filter answers "absent" without the
 * database until the key arrives. Prints p50, p90, p99 and max.
 *
 * <p>{@code --gap-ms G} pauses a random 0 to 2G ms after each key arrived, so that commits find the
 * feed in its idle cadence (back to back, the next commit comes right after a read that found
 * rows). {@code --writers N} runs pgbench with N clients inserting single rows into the same table
 * meanwhile (one INSERT ... ON CONFLICT DO NOTHING per transaction), so that the feed reads their
 * keys too: staleness under write load.
 *
 * <p>Run: {@code BLOOMGATE_PG_URL=... bench/jmh --class io.bloomgate.bench.CrossInstanceLatency [inserts]
 * [--gap-ms G] [--writers N]}.
 */
public final class CrossInstanceLatency {

    private CrossInstanceLatency() {
    }

    public static void main(String[] args) throws Exception {
        int inserts = 10_000;
        int gapMillis = 0;
        int writers = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--gap-ms" -> gapMillis = Integer.parseInt(args[++i]);
                case "--writers" -> writers = Integer.parseInt(args[++i]);
                default -> inserts = Integer.parseInt(args[i]);
            }
        }
        PGSimpleDataSource pg = PostgresBench.dataSource(false);
        java.util.Random random = new java.util.Random(42);
        Process load = null;
        String table = "bench_latency";
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id bigint PRIMARY KEY)");
        }
        long[] nanos = new long[inserts];
        try (BloomGate instance = BloomGate.builder(pg)
                        // Under load the writers' keys fill it too: sized so that it neither outgrows
                        // (a rebuild by scan would find the probe's key at once) nor fills up.
                        .guard(table, "id", writers > 0 ? 20_000_000L : 2L * inserts, 0.001).build();
                Connection writer = pg.getConnection();
                PreparedStatement insert = writer.prepareStatement("INSERT INTO " + table + " VALUES (?)");
                Connection reader = instance.dataSource().getConnection();
                PreparedStatement probe = reader.prepareStatement("SELECT id FROM " + table + " WHERE id = ?")) {
            probe.setLong(1, -1);
            probe.executeQuery().close(); // the first execution of a text always runs
            if (writers > 0) {
                load = writers(pg, table, writers);
                Thread.sleep(2_000); // connected and writing
            }
            for (int i = 0; i < inserts; i++) {
                if (gapMillis > 0) {
                    Thread.sleep(random.nextInt(2 * gapMillis + 1));
                }
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
                    java.util.concurrent.locks.LockSupport.parkNanos(50_000);
                }
                nanos[i] = System.nanoTime() - committed;
            }
            if (load != null && !load.isAlive()) {
                throw new IllegalStateException("pgbench ended before the probes: "
                        + new String(load.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
        } finally {
            if (load != null) {
                load.destroy();
                load.waitFor();
            }
            try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT bloomgate.uninstall_guard('" + table + "', 'id')");
                s.execute("DROP TABLE " + table);
            }
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "commit -> in another instance's filter, %d inserts (gap %d ms, %d writers):"
                + " p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n", inserts, gapMillis, writers, ms(nanos, 0.50),
                ms(nanos, 0.90), ms(nanos, 0.99), nanos[inserts - 1] / 1e6);
    }

    /** pgbench with {@code clients} clients inserting random single rows into {@code table} for up to an hour. */
    private static Process writers(PGSimpleDataSource pg, String table, int clients) throws java.io.IOException {
        java.nio.file.Path script = java.nio.file.Files.createTempFile("bloomgate-writers", ".sql");
        script.toFile().deleteOnExit();
        java.nio.file.Files.writeString(script, "\\set r random(1000000000, 999999999999999)\n"
                + "INSERT INTO " + table + " VALUES (:r) ON CONFLICT DO NOTHING;\n");
        String pgbench = System.getenv().getOrDefault("PGBENCH", "/usr/lib/postgresql/15/bin/pgbench");
        int[] ports = pg.getPortNumbers();
        ProcessBuilder pb = new ProcessBuilder(pgbench, "-n", "-M", "prepared", "-c", String.valueOf(clients), "-j",
                String.valueOf(Math.min(clients, 4)), "-T", "3600", "-f", script.toString(), "-h",
                pg.getServerNames()[0], "-p", String.valueOf(ports == null || ports.length == 0 || ports[0] == 0
                        ? 5432 : ports[0]), "-U", pg.getUser(), pg.getDatabaseName()).redirectErrorStream(true);
        pb.environment().put("PGPASSWORD", pg.getPassword() == null ? "" : pg.getPassword());
        pb.environment().put("PGOPTIONS", "-c synchronous_commit=on");
        return pb.start();
    }

    static double ms(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }
}
