package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What keeping filters in sync costs on H2, side by side in one run.
 *
 * <ul>
 *   <li>{@code insertMillionRows}: 1,000,000 rows inserted in JDBC batches of 1,000 into an
 *       in-memory table, without a guard ({@code none}), with a row trigger that does nothing
 *       ({@code noop-trigger}: H2's own cost of calling a Java trigger), on a raw connection with
 *       bloomgate's trigger adding each key ({@code trigger}), and through the gate's own data
 *       source ({@code gate}: the trigger, plus the gate's statement handling).
 *   <li>{@code build}: {@code BloomGate.build()} on a table of 1M and 10M rows: the trigger is
 *       installed and the key column scanned (rows/s = rows / time).
 * </ul>
 *
 * <p>Run: {@code bench/jmh H2SyncBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch", "-Dorg.jooq.no-logo=true",
    "-Dorg.jooq.no-tips=true", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class H2SyncBenchmark {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    /** A fresh in-memory database per iteration, so each one inserts into an empty table. */
    @State(Scope.Thread)
    public static class Inserts {
        static final int ROWS = 1_000_000;
        static final int BATCH = 1_000;

        @Param({"none", "noop-trigger", "trigger", "gate"})
        public String sync;

        JdbcDataSource h2;
        BloomGate gate;
        Connection connection;
        PreparedStatement insert;

        @Setup(Level.Iteration)
        public void setUp() throws SQLException {
            h2 = new JdbcDataSource();
            h2.setURL("jdbc:h2:mem:sync" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
            h2.setUser("sa");
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, payload VARCHAR(40))");
            }
            DataSource ds = h2;
            if (sync.equals("noop-trigger")) {
                try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                    s.execute("CREATE TRIGGER noop AFTER INSERT, UPDATE, DELETE ON t FOR EACH ROW CALL '"
                            + NoopTrigger.class.getName() + "'");
                }
            } else if (!sync.equals("none")) {
                gate = BloomGate.builder(h2).guard("t", "id", 2L * ROWS, 0.01).build();
                if (sync.equals("gate")) {
                    ds = gate.dataSource();
                }
            }
            connection = ds.getConnection();
            connection.setAutoCommit(false);
            insert = connection.prepareStatement("INSERT INTO t (id, payload) VALUES (?, ?)");
        }

        @TearDown(Level.Iteration)
        public void tearDown() throws SQLException {
            insert.close();
            connection.close();
            if (gate != null) {
                gate.close();
                gate = null;
            }
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }

    @Benchmark
    @Warmup(iterations = 2)
    @Measurement(iterations = 5)
    public int insertMillionRows(Inserts state) throws SQLException {
        int rows = 0;
        for (int i = 0; i < Inserts.ROWS; i++) {
            state.insert.setLong(1, i * 7L);
            state.insert.setString(2, "payload");
            state.insert.addBatch();
            if (++rows % Inserts.BATCH == 0) {
                state.insert.executeBatch();
                state.connection.commit();
            }
        }
        return rows;
    }

    /**
     * Per-row write costs (issue 24), side by side in one run: {@code sync} as for {@link Inserts};
     * {@code storage} an in-memory or a file database (default settings); {@code write} how the
     * rows go in: JDBC batches of 1,000 committed per batch ({@code batch}), single-row {@code
     * executeUpdate} committed every 1,000 rows ({@code single-tx}), or single-row in autocommit
     * ({@code single-autocommit}). A fresh database per iteration; the score is ns per row
     * ({@code @OperationsPerInvocation}). The guard is sized for 2M keys (a 2.4 MB filter, the
     * demo's size class) whatever the rows, so its adds miss the caches as they do there.
     */
    @State(Scope.Thread)
    public static class PerRow {
        static final int ROWS = 100_000;
        static final int EVERY = 1_000;

        @Param({"none", "noop-trigger", "trigger", "gate"})
        public String sync;

        @Param({"memory", "file"})
        public String storage;

        @Param({"batch", "single-tx", "single-autocommit"})
        public String write;

        JdbcDataSource h2;
        java.nio.file.Path directory;
        BloomGate gate;
        Connection connection;
        PreparedStatement insert;

        @Setup(Level.Iteration)
        public void setUp() throws Exception {
            h2 = new JdbcDataSource();
            if (storage.equals("file")) {
                directory = java.nio.file.Files.createTempDirectory("bloomgate-perrow");
                h2.setURL("jdbc:h2:" + directory.resolve("db").toAbsolutePath());
            } else {
                h2.setURL("jdbc:h2:mem:perrow" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
            }
            h2.setUser("sa");
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, payload VARCHAR(40))");
            }
            DataSource ds = h2;
            if (sync.equals("noop-trigger")) {
                try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                    s.execute("CREATE TRIGGER noop AFTER INSERT, UPDATE, DELETE ON t FOR EACH ROW CALL '"
                            + NoopTrigger.class.getName() + "'");
                }
            } else if (!sync.equals("none")) {
                gate = BloomGate.builder(h2).guard("t", "id", 2_000_000L, 0.01).build();
                if (sync.equals("gate")) {
                    ds = gate.dataSource();
                }
            }
            connection = ds.getConnection();
            connection.setAutoCommit(write.equals("single-autocommit"));
            insert = connection.prepareStatement("INSERT INTO t (id, payload) VALUES (?, ?)");
        }

        @TearDown(Level.Iteration)
        public void tearDown() throws Exception {
            insert.close();
            connection.close();
            if (gate != null) {
                gate.close();
                gate = null;
            }
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
            if (directory != null) {
                try (var files = java.nio.file.Files.walk(directory)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
                directory = null;
            }
        }
    }

    @Benchmark
    @Warmup(iterations = 3)
    @Measurement(iterations = 8)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @org.openjdk.jmh.annotations.OperationsPerInvocation(PerRow.ROWS)
    @Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.jooq.no-logo=true", "-Dorg.jooq.no-tips=true",
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
    public int insertPerRow(PerRow state) throws SQLException {
        PreparedStatement insert = state.insert;
        boolean batch = state.write.equals("batch");
        boolean commits = !state.write.equals("single-autocommit");
        for (int i = 1; i <= PerRow.ROWS; i++) {
            insert.setLong(1, i * 7L);
            insert.setString(2, "payload");
            if (batch) {
                insert.addBatch();
            } else {
                insert.executeUpdate();
            }
            if (i % PerRow.EVERY == 0) {
                if (batch) {
                    insert.executeBatch();
                }
                if (commits) {
                    state.connection.commit();
                }
            }
        }
        return PerRow.ROWS;
    }

    /** A table of {@code rows} rows, built once; each invocation builds a gate on it and closes it. */
    @State(Scope.Benchmark)
    public static class Table {
        @Param({"1000000", "10000000"})
        public int rows;

        JdbcDataSource h2;

        @Setup(Level.Trial)
        public void setUp() throws SQLException {
            h2 = new JdbcDataSource();
            h2.setURL("jdbc:h2:mem:build" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
            h2.setUser("sa");
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, payload VARCHAR(40))");
                s.execute("INSERT INTO t SELECT X * 3, 'p' FROM SYSTEM_RANGE(1, " + rows + ")");
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws SQLException {
            try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public long build(Table table) throws SQLException {
        try (BloomGate gate = BloomGate.builder(table.h2).guard("t", "id", 2L * table.rows, 0.01).build()) {
            return gate.stats("t", "id").keysAdded();
        }
    }
}
