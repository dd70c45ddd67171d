package io.bloomgate.jdbc;

import io.bloomgate.BloomGate;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.KeyFunnel;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Where the CPU time of a string-built lookup through the gate goes (issue 24), measured by
 * cumulative loops over the gate's internals rather than sampled: on two shared cores JFR's samples
 * of a 200 ns call were too few and too skewed towards safepoints to split it. Each loop adds one
 * step of the call to the loop before it, on a new absent URL per call ({@code StringBuiltCpu}'s
 * text and table), so the differences of their medians (thread CPU) are the steps' costs: building
 * the text, reading it with its template, canonicalising the key from the text, hashing it, probing
 * the filter, the whole decision (the session's checks and H2's hook watch besides), and the whole
 * JDBC call ({@code executeQuery}, the answer, {@code close}) with and without {@code next()}.
 *
 * <p>In this package because the steps are package-private. Run: {@code bench/jmh --class
 * io.bloomgate.jdbc.StringBuiltSplit [calls per round] [rounds]}.
 */
public final class StringBuiltSplit {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static long counter;
    private static long sink;

    private StringBuiltSplit() {
    }

    private static String text() {
        return "SELECT depth FROM visited WHERE url = 'https://example.com/missing/" + (counter++) + "'";
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 24;
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:stringbuiltsplit;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE visited (url VARCHAR(200) PRIMARY KEY, depth INT)");
            s.execute("INSERT INTO visited SELECT 'https://example.com/page/' || X, 1 FROM SYSTEM_RANGE(0, 99999)");
        }
        try (BloomGate gate = BloomGate.builder(h2).guard("visited", "url", 200_000, 0.01).build();
                Connection connection = gate.dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            GateContext context = ((GateDataSource) gate.dataSource()).context();
            SessionState session = ((GateConnection) connection).session;
            try (ResultSet rs = statement.executeQuery(text())) {
                rs.next(); // the shape's first text runs on H2: its metadata is copied, its template kept
            }
            int[] spans = new int[context.templateSpans()];
            KeyBuffer key = new KeyBuffer();
            String[] steps = {"building the text", "+ reading it with the template", "+ the key's canonical bytes",
                "+ hashing them", "+ probing the filter", "+ the rest of the decision",
                "whole call without next()", "whole call"};
            long[][] ns = new long[steps.length][rounds];
            for (int r = 0; r < rounds; r++) {
                long t = CPU.getCurrentThreadCpuTime();
                for (int i = 0; i < calls; i++) {
                    sink += text().length();
                }
                t = lap(ns[0], r, t);
                for (int i = 0; i < calls; i++) {
                    sink += context.template(text(), spans).text.literals();
                }
                t = lap(ns[1], r, t);
                for (int i = 0; i < calls; i++) {
                    String sql = text();
                    TemplatedLookup template = context.template(sql, spans);
                    template.canonicalKey(sql, spans, 1, template.plan.guard, key);
                    sink += key.length();
                }
                t = lap(ns[2], r, t);
                for (int i = 0; i < calls; i++) {
                    String sql = text();
                    TemplatedLookup template = context.template(sql, spans);
                    template.canonicalKey(sql, spans, 1, template.plan.guard, key);
                    sink += KeyFunnel.hash(template.plan.guard, key);
                }
                t = lap(ns[3], r, t);
                for (int i = 0; i < calls; i++) {
                    String sql = text();
                    TemplatedLookup template = context.template(sql, spans);
                    template.canonicalKey(sql, spans, 1, template.plan.guard, key);
                    sink += KeyFunnel.mightContain(template.plan.guard, key) ? 1 : 0;
                }
                t = lap(ns[4], r, t);
                for (int i = 0; i < calls; i++) {
                    String sql = text();
                    TemplatedLookup template = context.template(sql, spans);
                    session.statementNoted(template.plan);
                    sink += LookupDecision.decide(template, sql, spans, true, session, key).ordinal();
                }
                t = lap(ns[5], r, t);
                for (int i = 0; i < calls; i++) {
                    try (ResultSet rs = statement.executeQuery(text())) {
                        sink++;
                    }
                }
                t = lap(ns[6], r, t);
                for (int i = 0; i < calls; i++) {
                    try (ResultSet rs = statement.executeQuery(text())) {
                        sink += rs.next() ? 1 : 0;
                    }
                }
                lap(ns[7], r, t);
            }
            int warm = rounds / 3;
            System.out.printf("%,d calls per round, %d rounds, median (min) of the last %d, thread CPU ns per call,"
                    + " each loop adding a step to the one before%n", calls, rounds, rounds - warm);
            for (int i = 0; i < steps.length; i++) {
                long[] measured = Arrays.copyOfRange(ns[i], warm, rounds);
                Arrays.sort(measured);
                System.out.printf("  %-32s %5d ns (%d)%n", steps[i], measured[measured.length / 2] / calls,
                        measured[0] / calls);
            }
            System.out.printf("  answered %,d of %,d (%d)%n", gate.stats("visited", "url").avoided(),
                    gate.stats("visited", "url").lookups(), sink & 1);
        }
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    private static long lap(long[] into, int round, long start) {
        long now = CPU.getCurrentThreadCpuTime();
        into[round] = now - start;
        return now;
    }
}
