package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
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
 * Starting a gate instance on a 10,000,000-row PostgreSQL table: building the filter by a full
 * scan versus loading the snapshot a previous instance saved and replaying the change log from
 * its position (here: the 1,000 rows inserted since).
 *
 * <p>Run: {@code BLOOMGATE_PG_URL=... bench/jmh SnapshotBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 6)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class SnapshotBenchmark {

    private static final String TABLE = "bench_start";

    @Param({"10000000"})
    public long rows;

    @Param({"scan", "snapshot"})
    public String start;

    private PGSimpleDataSource pg;
    private BloomGate gate;
    private long next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        pg = PostgresBench.dataSource(true);
        PostgresBench.evenKeys(pg, TABLE, rows);
        next = 2 * rows + 1;
        // One instance saves a snapshot (on close) for the "snapshot" starts.
        BloomGate.builder(pg).guard(TABLE, "id", 2 * rows, 0.01).snapshotEvery(Duration.ZERO).build().close();
    }

    @Setup(Level.Invocation)
    public void prepare() throws Exception {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            s.execute("INSERT INTO " + TABLE + " SELECT g, 'since the snapshot' FROM generate_series(" + next + ", "
                    + (next + 1_998) + ", 2) g");
            next += 2_000;
            if (start.equals("scan")) {
                s.execute("DELETE FROM bloomgate.snapshots WHERE guard_id = (SELECT id FROM bloomgate.guards"
                        + " WHERE table_name = '" + TABLE + "' AND column_name = 'id')");
            }
        }
    }

    @Benchmark
    public BloomGate startInstance() throws Exception {
        gate = BloomGate.builder(pg).guard(TABLE, "id", 2 * rows, 0.01).snapshotEvery(Duration.ZERO).build();
        return gate;
    }

    @TearDown(Level.Invocation)
    public void stop() {
        gate.close(); // saves the snapshot the next "snapshot" start loads
    }
}
