package io.bloomgate.examples.twoinstances;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two application instances on one PostgreSQL database, each with its own HikariCP pool and gate
 * (in real life: two processes). A row written through instance A, or by anyone else, reaches B's
 * filter through the change feed (trigger, change log, a poll of it): B is stale for a few milliseconds
 * — it answers as if just before the commit — and once the feed has delivered, B's answers equal
 * the database's. If B's feed stops completing reads for {@code staleAfter}, B passes its lookups
 * through instead of answering from a stale filter.
 */
public final class TwoInstancesExample {

    private static final Duration STALE_AFTER = Duration.ofSeconds(5);

    /**
     * What the run showed: A found its own write at once; how long until B found A's write and the
     * raw writes, and how many "absent" answers B gave meanwhile; B's wrong answers over every key
     * afterwards (0); and B's counters.
     */
    public record Result(boolean aFoundItsWriteAtOnce, long bFoundAsWriteAfterMillis, int bStaleAnswers,
            long bFoundRawWritesAfterMillis, int keysCompared, int bWrongAnswers, GuardStats bStats) {
    }

    public static void main(String[] args) throws Exception {
        String url = System.getenv("BLOOMGATE_PG_URL");
        if (url == null || url.isBlank()) {
            throw new IllegalStateException(
                    "Set BLOOMGATE_PG_URL, e.g. jdbc:postgresql://127.0.0.1:5432/db?user=u&password=p");
        }
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(url);
        Result r = run(pg, "ex_orders");
        System.out.printf("A found its own write at once: %s%n", r.aFoundItsWriteAtOnce());
        System.out.printf("B found A's write after %d ms (%d stale 'absent' answers before), the raw writes after"
                + " %d ms; staleAfter %d s%n", r.bFoundAsWriteAfterMillis(), r.bStaleAnswers(),
                r.bFoundRawWritesAfterMillis(), STALE_AFTER.toSeconds());
        System.out.printf("then B's answers for %d keys: %d differ from the database's%n", r.keysCompared(),
                r.bWrongAnswers());
    }

    /** Creates {@code table} (even ids 2 ... 10,000), runs both instances on it, then drops it. */
    public static Result run(DataSource pg, String table) throws Exception {
        execute(pg, "CREATE TABLE " + table + " (id bigint PRIMARY KEY, item text NOT NULL)",
                "INSERT INTO " + table + " SELECT g * 2, 'item ' || g FROM generate_series(1, 5000) g");
        try (HikariDataSource poolA = pool(pg, "instance-A");
                HikariDataSource poolB = pool(pg, "instance-B");
                BloomGate a = BloomGate.builder(poolA).guard(table, "id").staleAfter(STALE_AFTER).build();
                BloomGate b = BloomGate.builder(poolB).guard(table, "id").staleAfter(STALE_AFTER).build()) {
            long key = 10_001;
            exists(b.dataSource(), table, key);        // B asks first: absent (a text's first run goes to SQL)

            execute(a.dataSource(), "INSERT INTO " + table + " VALUES (" + key + ", 'through A')");
            boolean aAtOnce = exists(a.dataSource(), table, key);   // A's filter had it before the insert ran
            Wait bSawA = untilFound(b.dataSource(), table, key);  // B: once its change feed delivers the key

            execute(pg, "INSERT INTO " + table + " SELECT g, 'raw' FROM generate_series(10003, 10099, 2) g");
            Wait bSawRaw = untilFound(b.dataSource(), table, 10_099);  // another process, a plain connection

            if (!b.awaitChangeFeed(STALE_AFTER)) {     // read-your-writes across instances: B now holds
                throw new IllegalStateException("B's change feed is not reading"); // every key committed so far
            }
            Set<Long> truth = ids(pg, table);          // now every answer of B must match the database
            int wrong = 0;
            int keys = 0;
            try (Connection c = b.dataSource().getConnection();
                    PreparedStatement find = c.prepareStatement("SELECT item FROM " + table + " WHERE id = ?")) {
                for (long id = 0; id <= 10_200; id++, keys++) {
                    find.setLong(1, id);
                    try (ResultSet rs = find.executeQuery()) {
                        if (rs.next() != truth.contains(id)) {
                            wrong++;
                        }
                    }
                }
            }
            System.out.print(b.report().toText());
            return new Result(aAtOnce, bSawA.millis(), bSawA.absentAnswers(), bSawRaw.millis(), keys, wrong,
                    b.stats(table, "id"));
        } finally {                                    // the gates are closed by now
            execute(pg, "SELECT bloomgate.uninstall_guard('" + table + "', 'id')", "DROP TABLE " + table);
        }
    }

    private record Wait(long millis, int absentAnswers) {
    }

    /** Looks {@code id} up every millisecond until found; after 2 × staleAfter something is broken. */
    private static Wait untilFound(DataSource ds, String table, long id) throws Exception {
        long start = System.nanoTime();
        int absent = 0;
        while (!exists(ds, table, id)) {
            if (System.nanoTime() - start > 2 * STALE_AFTER.toNanos()) {
                throw new IllegalStateException("id " + id + " not found after " + 2 * STALE_AFTER.toSeconds() + " s");
            }
            absent++;
            Thread.sleep(1);
        }
        return new Wait((System.nanoTime() - start) / 1_000_000, absent);
    }

    private static HikariDataSource pool(DataSource pg, String name) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(pg);                      // usually config.setJdbcUrl(...) in each process
        config.setPoolName(name);
        config.setMaximumPoolSize(4);
        return new HikariDataSource(config);
    }

    private static boolean exists(DataSource ds, String table, long id) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement find = c.prepareStatement("SELECT item FROM " + table + " WHERE id = ?")) {
            find.setLong(1, id);
            try (ResultSet rs = find.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static Set<Long> ids(DataSource ds, String table) throws SQLException {
        Set<Long> ids = new HashSet<>();
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM " + table)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    private static void execute(DataSource ds, String... sql) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String statement : sql) {
                s.execute(statement);
            }
        }
    }

    private TwoInstancesExample() {
    }
}
