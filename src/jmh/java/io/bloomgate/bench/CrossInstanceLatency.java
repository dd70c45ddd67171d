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
 * at a time. The instance learns keys only through its change feed (commit, NOTIFY, read of the log);
 * the probe is a lookup through the instance, which the filter answers "absent" without the
 * database until the key arrives. Prints p50, p90, p99 and max.
 *
 * <p>Run: {@code BLOOMGATE_PG_URL=... bench/jmh --class io.bloomgate.bench.CrossInstanceLatency [inserts]}.
 */
public final class CrossInstanceLatency {

    private CrossInstanceLatency() {
    }

    public static void main(String[] args) throws Exception {
        int inserts = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        PGSimpleDataSource pg = PostgresBench.dataSource(false);
        String table = "bench_latency";
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id bigint PRIMARY KEY)");
        }
        long[] nanos = new long[inserts];
        try (BloomGate instance = BloomGate.builder(pg).guard(table, "id", 2L * inserts, 0.001).build();
                Connection writer = pg.getConnection();
                PreparedStatement insert = writer.prepareStatement("INSERT INTO " + table + " VALUES (?)");
                Connection reader = instance.dataSource().getConnection();
                PreparedStatement probe = reader.prepareStatement("SELECT id FROM " + table + " WHERE id = ?")) {
            probe.setLong(1, -1);
            probe.executeQuery().close(); // the first execution of a text always runs
            for (int i = 0; i < inserts; i++) {
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
                }
                nanos[i] = System.nanoTime() - committed;
            }
        } finally {
            try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT bloomgate.uninstall_guard('" + table + "', 'id')");
                s.execute("DROP TABLE " + table);
            }
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "commit -> in another instance's filter, %d inserts: p50 %.2f ms, p90 %.2f ms,"
                + " p99 %.2f ms, max %.2f ms%n", inserts, ms(nanos, 0.50), ms(nanos, 0.90), ms(nanos, 0.99),
                nanos[inserts - 1] / 1e6);
    }

    private static double ms(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }
}
