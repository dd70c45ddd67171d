package io.bloomgate.examples.sqlonly;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Runs {@code examples/sql-only-h2/example.sql} with H2's {@code RUNSCRIPT}, as you would from the H2
 * console, and prints what the script left behind: its verdicts and the filter's counters. All the
 * bloomgate use is in the script; this class only runs it and reads the results.
 */
public final class SqlOnlyExample {

    /** The script, relative to the repository root (where Maven runs). */
    public static final String SCRIPT = "examples/sql-only-h2/example.sql";

    /** One incoming domain: what {@code BLOOM_MAY_CONTAIN} said, and the final verdict. */
    public record Verdict(String domain, boolean mayBeBlocked, boolean blocked) {
    }

    /** The script's verdicts, and the guard's counters as {@code BLOOM_STATS()} reported them. */
    public record Result(List<Verdict> verdicts, String state, long lookups, long avoided, long passedThrough) {
    }

    public static void main(String[] args) throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:sqlonly;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        Result result = run(h2);
        List<String> blocked = result.verdicts().stream().filter(Verdict::blocked).map(Verdict::domain).toList();
        System.out.printf("blocked: %d domains (%s, ...)%n", blocked.size(),
                String.join(", ", blocked.subList(0, Math.min(3, blocked.size()))));
        System.out.printf("%d domains checked, guard %s: BLOOM_MAY_CONTAIN called %d times, FALSE %d times"
                + " (no lookup), TRUE %d times (looked up)%n", result.verdicts().size(), result.state(),
                result.lookups(), result.avoided(), result.passedThrough());
    }

    /** Runs the script on {@code h2} (an embedded database) and reads the tables it wrote. */
    public static Result run(DataSource h2) throws SQLException {
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("RUNSCRIPT FROM '" + SCRIPT + "'");
            List<Verdict> verdicts = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(
                    "SELECT domain, may_be_blocked, blocked FROM ex_verdicts ORDER BY domain")) {
                while (rs.next()) {
                    verdicts.add(new Verdict(rs.getString(1), rs.getBoolean(2), rs.getBoolean(3)));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT state, lookups, avoided, passed_through FROM ex_stats")) {
                if (!rs.next()) {
                    throw new IllegalStateException("no row in ex_stats: BLOOM_STATS() showed no guard");
                }
                return new Result(verdicts, rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
            }
        }
    }

    private SqlOnlyExample() {
    }
}
