package io.bloomgate.bench;

import io.bloomgate.BloomGate;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.StatementShape;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.h2.jdbcx.JdbcDataSource;

/**
 * {@link StringBuiltBenchmark}'s calls timed in <em>thread CPU time</em>, alternating the two sides
 * round by round: on a machine whose two cores are shared with other work, JMH's wall-clock scores
 * moved by ±300% while the CPU time a call costs hardly depends on the load. Prints the median CPU
 * time per call over the measured rounds for: the whole call through the gate, the whole call
 * straight to H2, and the parts (building the text; the lexer's shape of it, which the gate no
 * longer takes for a text its templates match); and, for comparison, the same lookup as a prepared
 * statement ({@code url = ?}, {@code setString}) through the gate and straight to H2.
 *
 * <p>Run: {@code bench/jmh --class io.bloomgate.bench.StringBuiltCpu [calls per round] [rounds]}.
 */
public final class StringBuiltCpu {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static long counter;

    private StringBuiltCpu() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:stringbuiltcpu;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE visited (url VARCHAR(200) PRIMARY KEY, depth INT)");
            s.execute("INSERT INTO visited SELECT 'https://example.com/page/' || X, 1 FROM SYSTEM_RANGE(0, 99999)");
        }
        try (BloomGate gate = BloomGate.builder(h2).guard("visited", "url", 200_000, 0.01).build();
                Connection viaGate = gate.dataSource().getConnection();
                Connection direct = h2.getConnection();
                Statement g = viaGate.createStatement();
                Statement d = direct.createStatement();
                PreparedStatement pg = viaGate.prepareStatement(PREPARED);
                PreparedStatement pd = direct.prepareStatement(PREPARED)) {
            String[] names = {"through the gate", "direct", "building the text", "lexing its shape",
                "prepared, gate", "prepared, direct"};
            long[][] ns = new long[names.length][rounds];
            for (int r = 0; r < rounds; r++) {
                // alternate which side goes first, so drifting load hits both alike
                if (r % 2 == 0) {
                    ns[0][r] = lookups(g, calls);
                    ns[1][r] = lookups(d, calls);
                } else {
                    ns[1][r] = lookups(d, calls);
                    ns[0][r] = lookups(g, calls);
                }
                ns[2][r] = texts(calls);
                ns[3][r] = shapes(calls);
                ns[4][r] = prepared(pg, calls);
                ns[5][r] = prepared(pd, calls);
            }
            int warm = rounds / 3; // the first third is warm-up (JIT)
            System.out.printf("%,d calls per round, %d rounds, median of the last %d, thread CPU ns per call%n",
                    calls, rounds, rounds - warm);
            double[] medians = new double[names.length];
            for (int i = 0; i < names.length; i++) {
                long[] measured = Arrays.copyOfRange(ns[i], warm, rounds);
                Arrays.sort(measured);
                medians[i] = (double) measured[measured.length / 2] / calls;
                System.out.printf("  %-18s %10.0f ns   (rounds: %s)%n", names[i], medians[i],
                        Arrays.toString(Arrays.stream(measured).map(x -> x / calls).toArray()));
            }
            System.out.printf("  prepared: gate vs direct %.1fx faster%n", medians[5] / medians[4]);
            System.out.printf("  gate vs direct: %.1fx faster; avoided %,d of %,d lookups (both kinds)%n", medians[1] / medians[0],
                    gate.stats("visited", "url").avoided(), gate.stats("visited", "url").lookups());
        }
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    private static String text() {
        return "SELECT depth FROM visited WHERE url = 'https://example.com/missing/" + (counter++) + "'";
    }

    private static long lookups(Statement s, int calls) throws SQLException {
        long start = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            try (ResultSet rs = s.executeQuery(text())) {
                if (rs.next()) {
                    throw new IllegalStateException("a missing page was found");
                }
            }
        }
        return CPU.getCurrentThreadCpuTime() - start;
    }

    /** The same lookup as a prepared statement, for comparison: the gate's other way to be given a key. */
    private static final String PREPARED = "SELECT depth FROM visited WHERE url = ?";

    private static long prepared(PreparedStatement s, int calls) throws SQLException {
        long start = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            s.setString(1, "https://example.com/missing/" + (counter++));
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    throw new IllegalStateException("a missing page was found");
                }
            }
        }
        return CPU.getCurrentThreadCpuTime() - start;
    }

    private static long texts(int calls) {
        long start = CPU.getCurrentThreadCpuTime();
        int sink = 0;
        for (int i = 0; i < calls; i++) {
            sink += text().length();
        }
        long t = CPU.getCurrentThreadCpuTime() - start;
        return sink == 0 ? -1 : t;
    }

    private static long shapes(int calls) {
        long start = CPU.getCurrentThreadCpuTime();
        int sink = 0;
        for (int i = 0; i < calls; i++) {
            sink += StatementShape.of(text(), Dialect.H2).literals().length;
        }
        long t = CPU.getCurrentThreadCpuTime() - start;
        return sink == 0 ? -1 : t;
    }
}
