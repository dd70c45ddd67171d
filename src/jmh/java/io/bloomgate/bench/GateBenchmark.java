package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
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
 * Point lookups on a 1,000,000-row H2 table, through the gate and directly, side by side:
 * absent keys (answered from the filter), present keys (passed through, the gate's overhead), an
 * existence check ({@code COUNT(*)} of an absent key: answered with the row the database gives on
 * empty input), and string-built SQL (the key inlined as a literal: a new text per call, recognised
 * by its shape). Keys are {@code 2i} for the rows; odd numbers are absent, so every absent
 * lookup descends the primary-key index to a leaf next to real keys.
 *
 * <p>Run: {@code bench/jmh GateBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch", "-Dorg.jooq.no-logo=true",
    "-Dorg.jooq.no-tips=true"})
public class GateBenchmark {

    private static final int ROWS = 1_000_000;

    @Param({"gate", "direct"})
    public String path;

    @Param({"memory", "file"})
    public String storage;

    private Path directory;
    private JdbcDataSource h2;
    private BloomGate gate;
    private Connection connection;
    private PreparedStatement lookup;
    private PreparedStatement count;
    private long counter;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        h2 = new JdbcDataSource();
        if (storage.equals("file")) {
            directory = Files.createTempDirectory("bloomgate-bench");
            h2.setURL("jdbc:h2:" + directory.resolve("bench").toAbsolutePath());
        } else {
            h2.setURL("jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1");
        }
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, payload VARCHAR(40))");
            s.execute("INSERT INTO t SELECT X * 2, 'payload ' || X FROM SYSTEM_RANGE(0, " + (ROWS - 1) + ")");
        }
        DataSource ds = h2;
        if (path.equals("gate")) {
            gate = BloomGate.builder(h2).guard("t", "id", ROWS, 0.01).build();
            ds = gate.dataSource();
        }
        connection = ds.getConnection();
        lookup = connection.prepareStatement("SELECT payload FROM t WHERE id = ?");
        count = connection.prepareStatement("SELECT COUNT(*) FROM t WHERE id = ?");
        // Each SQL text runs once for real before the gate answers it (it copies the metadata).
        absentKeyLookup();
        presentKeyLookup();
        existenceCheck();
        plain = connection.createStatement();
        stringBuiltLookup();
    }

    private Statement plain;

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        plain.close();
        connection.close();
        if (gate != null) {
            gate.close();
        }
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
        if (directory != null) {
            try (var files = Files.walk(directory)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A random row index (splitmix64 of a counter, reduced to [0, ROWS)). */
    private long nextIndex() {
        long z = (counter++) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return Math.floorMod(z, ROWS);
    }

    @Benchmark
    public boolean absentKeyLookup() throws SQLException {
        lookup.setLong(1, nextIndex() * 2 + 1);
        try (ResultSet rs = lookup.executeQuery()) {
            return rs.next();
        }
    }

    @Benchmark
    public boolean presentKeyLookup() throws SQLException {
        lookup.setLong(1, nextIndex() * 2);
        try (ResultSet rs = lookup.executeQuery()) {
            return rs.next();
        }
    }

    @Benchmark
    public long existenceCheck() throws SQLException {
        count.setLong(1, nextIndex() * 2 + 1);
        try (ResultSet rs = count.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** An absent key inlined in the text: nearly every call is a text neither side has seen. */
    @Benchmark
    public boolean stringBuiltLookup() throws SQLException {
        try (ResultSet rs = plain.executeQuery("SELECT payload FROM t WHERE id = " + (nextIndex() * 2 + 1))) {
            return rs.next();
        }
    }
}
