package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.StatementShape;
import java.sql.Connection;
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
 * String-built SQL (issue 24): the key inlined as a literal, a new text per call, as crawler code,
 * MyBatis {@code ${}} or string concatenation build it. The demo's table shape on H2 in memory
 * ({@code visited(url VARCHAR PRIMARY KEY, depth INT)}, 100,000 rows) and absent URLs, so every
 * call is a text neither side has seen and the gate answers it from the filter.
 *
 * <ul>
 *   <li>{@code lookup}, {@code path=gate|direct}: the whole call, {@code executeQuery} of the new
 *       text, {@code next()}, {@code close()}, through the gate and straight to H2;
 *   <li>{@code buildText}: the harness's own share (building the text), included in both;
 *   <li>{@code lexShape}: the slow path's lexer pass alone ({@link StatementShape#of}), which the
 *       gate takes for the first texts of a shape and for texts its templates do not match.
 * </ul>
 *
 * <p>Run: {@code bench/jmh StringBuiltBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.jooq.no-logo=true", "-Dorg.jooq.no-tips=true",
    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class StringBuiltBenchmark {

    private static final int ROWS = 100_000;

    @Param({"gate", "direct"})
    public String path;

    private JdbcDataSource h2;
    private BloomGate gate;
    private Connection connection;
    private Statement plain;
    private long counter;

    @Setup(Level.Trial)
    public void setUp() throws SQLException {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:stringbuilt;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE visited (url VARCHAR(200) PRIMARY KEY, depth INT)");
            s.execute("INSERT INTO visited SELECT 'https://example.com/page/' || X, 1 FROM SYSTEM_RANGE(0, "
                    + (ROWS - 1) + ")");
        }
        DataSource ds = h2;
        if (path.equals("gate")) {
            gate = BloomGate.builder(h2).guard("visited", "url", 2L * ROWS, 0.01).build();
            ds = gate.dataSource();
        }
        connection = ds.getConnection();
        plain = connection.createStatement();
        lookup(); // the shape's first text runs for real (the gate copies its metadata)
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
        plain.close();
        connection.close();
        if (gate != null) {
            gate.close();
        }
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    /** A new absent URL per call (a counter: no table holds a "/missing/" page). */
    @Benchmark
    public String buildText() {
        return "SELECT depth FROM visited WHERE url = 'https://example.com/missing/" + (counter++) + "'";
    }

    @Benchmark
    public boolean lookup() throws SQLException {
        try (ResultSet rs = plain.executeQuery(buildText())) {
            return rs.next();
        }
    }

    @Benchmark
    public StatementShape lexShape() {
        return StatementShape.of(buildText(), Dialect.H2);
    }
}
