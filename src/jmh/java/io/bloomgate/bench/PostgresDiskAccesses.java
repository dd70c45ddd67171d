package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The demo's question on PostgreSQL, measured by PostgreSQL itself: a crawler's visited-URL table
 * of {@code rows} URLs, and {@code checks} discovered URLs (10% seen before) looked up once
 * straight to the server and once through a gate. Prints, for each run, the key index's scans and
 * blocks accessed ({@code pg_stat_user_indexes.idx_scan}, {@code pg_statio_user_indexes
 * idx_blks_read + idx_blks_hit}) and the wall time. Both runs look up the same URLs in the same
 * order; the direct run goes second so it has the warmer cache.
 *
 * <p>Run: {@code BLOOMGATE_PG_URL=... bench/jmh --class io.bloomgate.bench.PostgresDiskAccesses [rows] [checks]}.
 */
public final class PostgresDiskAccesses {

    private static final String TABLE = "bench_visited";

    private PostgresDiskAccesses() {
    }

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int checks = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        PGSimpleDataSource pg = PostgresBench.dataSource(false);
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (url text PRIMARY KEY, depth int NOT NULL)");
            s.execute("INSERT INTO " + TABLE + " SELECT 'https://example.org/page/' || g, g % 7"
                    + " FROM generate_series(1, " + rows + ") g");
            s.execute("VACUUM ANALYZE " + TABLE);
        }
        String[] discovered = new String[checks];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < checks; i++) {
            long page = random.nextInt(10) == 0 ? 1 + random.nextInt(rows) : rows + 1L + random.nextInt(4 * rows);
            discovered[i] = "https://example.org/page/" + page;
        }
        try (BloomGate gate = BloomGate.builder(pg).guard(TABLE, "url", rows, 0.01).build()) {
            Run with = run("through the gate", gate.dataSource(), pg, discovered);
            Run without = run("direct", pg, pg, discovered);
            if (with.found != without.found) {
                throw new IllegalStateException("the runs disagree: " + with.found + " vs " + without.found);
            }
            GuardStats stats = gate.stats(TABLE, "url");
            System.out.printf(Locale.ROOT, "%,d rows, %,d checks (%,d seen before); gate: %,d avoided, %,d passed"
                    + " through, %,d false positives%n", rows, checks, with.found, stats.avoided(),
                    stats.passedThrough(), stats.falsePositives());
            without.print();
            with.print();
            System.out.printf(Locale.ROOT, "key-index blocks accessed: %,d -> %,d (%.1f%% fewer); index scans:"
                    + " %,d -> %,d; time %.2f s -> %.2f s (%.1fx)%n", without.io.keyIndexBlocks(),
                    with.io.keyIndexBlocks(), 100.0 * (without.io.keyIndexBlocks() - with.io.keyIndexBlocks())
                            / without.io.keyIndexBlocks(), without.io.keyIndexScans(), with.io.keyIndexScans(),
                    without.seconds, with.seconds, without.seconds / with.seconds);
        } finally {
            try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT bloomgate.uninstall_guard('" + TABLE + "', 'url')");
                s.execute("DROP TABLE " + TABLE);
            }
        }
    }

    private record Run(String name, long found, double seconds, PostgresIoCounters io) {
        void print() {
            System.out.printf(Locale.ROOT, "%-17s %,9d index scans %,10d blocks read %,10d blocks hit %7.2f s%n",
                    name, io.keyIndexScans(), io.keyIndexBlocksRead(), io.keyIndexBlocksHit(), seconds);
        }
    }

    private static Run run(String name, DataSource lookups, DataSource stats, String[] urls) throws Exception {
        PostgresIoCounters before = settled(stats);
        long found = 0;
        long start = System.nanoTime();
        try (Connection c = lookups.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT depth FROM " + TABLE + " WHERE url = ?")) {
            for (String url : urls) {
                ps.setString(1, url);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        found++;
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Run(name, found, seconds, settled(stats).minus(before));
    }

    /**
     * The counters once every backend has reported: PostgreSQL publishes a backend's counts when it
     * goes idle, at most about once a second, so wait until two readings 1.5 s apart agree.
     */
    private static PostgresIoCounters settled(DataSource ds) throws SQLException, InterruptedException {
        PostgresIoCounters last = read(ds);
        while (true) {
            Thread.sleep(1_500);
            PostgresIoCounters now = read(ds);
            if (now.equals(last)) {
                return now;
            }
            last = now;
        }
    }

    private static PostgresIoCounters read(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return PostgresIoCounters.read(c, "public", TABLE, "url").orElseThrow();
        }
    }
}
