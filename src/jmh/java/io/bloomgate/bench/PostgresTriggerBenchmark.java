package io.bloomgate.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
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
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The change log's cost on writers: 100,000 rows inserted by a JDBC batch (1,000 rows per
 * executeBatch, one commit per batch) into a table with a bigint primary key, without triggers, with
 * bloomgate's row-level triggers ({@code install_guard(..., row_level => true)}; the default since
 * schema version 9) and with its statement-level triggers (transition tables; {@code row_level =>
 * false}). pgjdbc sends a batch either as single-row
 * INSERTs ({@code rewrite=false}, its default) or rewrites it into multi-row INSERTs
 * ({@code reWriteBatchedInserts=true}); a statement-level trigger fires once per statement, so the
 * two differ.
 *
 * <p>Run: {@code BLOOMGATE_PG_URL=... bench/jmh PostgresTriggerBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class PostgresTriggerBenchmark {

    private static final int ROWS = 100_000;
    private static final int BATCH = 1_000;
    private static final String TABLE = "bench_triggers";

    @Param({"none", "row", "statement"})
    public String triggers;

    @Param({"false", "true"})
    public boolean rewrite;

    private Connection connection;
    private long next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        PGSimpleDataSource pg = PostgresBench.dataSource(rewrite);
        connection = pg.getConnection();
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id bigint PRIMARY KEY, payload text)");
            if (!triggers.equals("none")) {
                s.execute(PostgresBench.installScript());
                s.execute("SELECT bloomgate.install_guard('" + TABLE + "', 'id', " + triggers.equals("row") + ")");
            }
        }
        connection.setAutoCommit(false);
    }

    @Setup(Level.Iteration)
    public void empty() throws Exception {
        connection.setAutoCommit(true);
        try (Statement s = connection.createStatement()) {
            s.execute("TRUNCATE " + TABLE);
            s.execute("DELETE FROM bloomgate.change_log");
            s.execute("VACUUM " + TABLE);
        }
        connection.setAutoCommit(false);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        connection.setAutoCommit(true);
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE " + TABLE);
        }
        connection.close();
    }

    @Benchmark
    public long insertBatches() throws Exception {
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + TABLE + " VALUES (?, ?)")) {
            for (int i = 0; i < ROWS; i++) {
                ps.setLong(1, next++);
                ps.setString(2, "payload");
                ps.addBatch();
                if ((i + 1) % BATCH == 0) {
                    ps.executeBatch();
                    connection.commit();
                }
            }
        }
        return next;
    }
}
