package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
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
 * Point lookups on a 1,000,000-row PostgreSQL table over loopback, through the gate and directly,
 * side by side: absent keys (odd ids: answered from the filter) and present keys (even ids: passed
 * through, the gate's overhead on top of a round trip).
 *
 * <p>Run: {@code BLOOMGATE_PG_URL=... bench/jmh PostgresGateBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class PostgresGateBenchmark {

    private static final int ROWS = 1_000_000;
    private static final String TABLE = "bench_lookup";

    @Param({"gate", "direct"})
    public String path;

    /**
     * The filter's false-positive rate. It bounds the speed-up: a false positive costs one real
     * lookup, so absent lookups average at least p × direct, i.e. at most 1/p times faster.
     */
    @Param({"0.01", "0.001"})
    public double fpp;

    private BloomGate gate;
    private Connection connection;
    private PreparedStatement lookup;
    private long counter;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        PGSimpleDataSource pg = PostgresBench.dataSource(false);
        PostgresBench.evenKeys(pg, TABLE, ROWS);
        DataSource ds = pg;
        if (path.equals("gate")) {
            gate = BloomGate.builder(pg).guard(TABLE, "id", ROWS, fpp).build();
            ds = gate.dataSource();
        }
        connection = ds.getConnection();
        lookup = connection.prepareStatement("SELECT payload FROM " + TABLE + " WHERE id = ?");
        absentKeyLookup(); // each SQL text runs once for real before the gate answers it
        presentKeyLookup();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        connection.close();
        if (gate != null) {
            gate.close();
        }
    }

    @Benchmark
    public boolean absentKeyLookup() throws SQLException {
        lookup.setLong(1, PostgresBench.index(counter++, ROWS) * 2 + 1);
        try (ResultSet rs = lookup.executeQuery()) {
            return rs.next();
        }
    }

    @Benchmark
    public boolean presentKeyLookup() throws SQLException {
        lookup.setLong(1, PostgresBench.index(counter++, ROWS) * 2);
        try (ResultSet rs = lookup.executeQuery()) {
            return rs.next();
        }
    }
}
