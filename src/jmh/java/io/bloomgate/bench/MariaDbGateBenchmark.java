package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.mariadb.jdbc.MariaDbDataSource;
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
 * Absent-key point lookups on a 1,000,000-row MariaDB table over loopback, through the gate and
 * directly, side by side, at the defaults (MariaDB Connector/J's defaults: client-side prepared
 * statements; the server's REPEATABLE READ in auto-commit mode; the guard sized by {@code guard(table,
 * column)}: 1.5 × the row count at p = 1%). A prepared {@code SELECT payload FROM t WHERE key = ?}
 * is reused; keys are odd ids (or their text form), which the table does not hold, so every direct
 * lookup descends the primary key's B-tree. Integer keys ({@code BIGINT}) and text keys ({@code
 * VARCHAR(64) COLLATE utf8mb4_bin}).
 *
 * <p>The teardown checks that the gate's figure is the filter's: its lookups must have been asked
 * of the filter (none bypassed), else the fork fails.
 *
 * <p>Run: {@code BLOOMGATE_MYSQL_URL=... bench/jmh MariaDbGateBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class MariaDbGateBenchmark {

    private static final int ROWS = 1_000_000;

    @Param({"gate", "direct"})
    public String path;

    @Param({"bigint", "text"})
    public String key;

    private BloomGate gate;
    private String table;
    private String column;
    private Connection connection;
    private PreparedStatement lookup;
    private long counter;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        MariaDbDataSource db = MariaDbBench.dataSource();
        boolean text = key.equals("text");
        table = text ? "bench_lookup_text" : "bench_lookup";
        column = text ? "k" : "id";
        MariaDbBench.evenKeys(db, table, ROWS, text);
        DataSource ds = db;
        if (path.equals("gate")) {
            gate = BloomGate.builder(db).guard(table, column).build();
            ds = gate.dataSource();
        }
        connection = ds.getConnection();
        lookup = connection.prepareStatement("SELECT payload FROM " + table + " WHERE " + column + " = ?");
        absentKeyLookup(); // each SQL text runs once for real before the gate answers it
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        connection.close();
        if (gate != null) {
            GuardStats stats = gate.stats(table, column);
            gate.close();
            // The false-positive rate bounds the speed-up (each false positive is one real lookup).
            System.out.printf(java.util.Locale.ROOT, "%n%s: %,d lookups, %,d answered by the filter, %,d false positives (%.3f%%)%n",
                    key, stats.lookups(), stats.avoided(), stats.falsePositives(), 100.0 * stats.observedFalsePositiveRate());
            if (stats.bypassed() > 1 || stats.avoided() < stats.lookups() * 0.9) {
                throw new IllegalStateException("the gate's lookups were not answered by its filter: " + stats);
            }
        }
    }

    @Benchmark
    public boolean absentKeyLookup() throws SQLException {
        long id = PostgresBench.index(counter++, ROWS) * 2 + 1;
        if (column.equals("k")) {
            lookup.setString(1, MariaDbBench.textKey(id));
        } else {
            lookup.setLong(1, id);
        }
        try (ResultSet rs = lookup.executeQuery()) {
            return rs.next();
        }
    }
}
