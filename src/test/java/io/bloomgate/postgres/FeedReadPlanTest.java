package io.bloomgate.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The change feed's read must stay an index range (or lookup) on {@code (guard_id, xid)} whatever
 * the log's statistics: the feed forces generic plans, and a generic plan made while the log looked
 * empty (after pruning and ANALYZE) once used {@code guard_id} alone and filtered on {@code xid},
 * reading the guard's whole log on every poll. The read's own SQL is planned here against a copy of
 * the log's definition (the shared log's statistics cannot be set by a test), empty and full.
 *
 * <p>Nor may a poll compile its plan to machine code: the generic plan's estimate grows with the
 * log, and past {@code jit_above_cost} every poll paid ~11 ms of JIT compilation to read a few rows.
 */
class FeedReadPlanTest {

    @Test
    void everyScanOfTheLogIsBoundedByGuardAndTransactionWhetherTheLogLooksEmptyOrFull() throws SQLException {
        try (Connection c = PostgresServer.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TEMP TABLE log_copy (LIKE bloomgate.change_log INCLUDING ALL)");
            for (String setting : FeedConnection.SESSION_SETTINGS) {
                s.execute("SET " + setting); // as ChangeFeed sets its connection
            }
            prepare(s);

            s.execute("ANALYZE pg_temp.log_copy");
            assertBounded(plan(s), "empty log");

            s.execute("INSERT INTO pg_temp.log_copy (guard_id, op, keys) SELECT 1 + g % 3, 'I', ARRAY[g::text]"
                    + " FROM generate_series(1, 50000) g");
            s.execute("ANALYZE pg_temp.log_copy");
            s.execute("DEALLOCATE feed_read");
            prepare(s);
            assertBounded(plan(s), "50,000-row log");
        }
    }

    @Test
    void aPollIsNeverCompiledToMachineCodeHoweverDearItsPlanLooks() throws SQLException {
        try (Connection c = PostgresServer.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TEMP TABLE log_copy (LIKE bloomgate.change_log INCLUDING ALL)");
            prepare(s);
            // A plan of any cost passes this threshold: as the read's generic plan does once the
            // log holds a few hundred thousand rows.
            s.execute("SET jit_above_cost = 0");
            boolean jitAvailable;
            try (ResultSet rs = s.executeQuery("SELECT pg_jit_available()")) {
                rs.next();
                jitAvailable = rs.getBoolean(1);
            }
            if (jitAvailable) { // the control: without the feed's settings this plan is compiled
                s.execute("SET jit = on");
                assertThat(String.join("\n", plan(s))).contains("JIT:");
            }
            for (String setting : FeedConnection.SESSION_SETTINGS) {
                s.execute("SET " + setting);
            }
            assertThat(String.join("\n", plan(s))).doesNotContain("JIT:");
        }
    }

    /** Prepares the read against {@code pg_temp.log_copy} as {@code feed_read}, its parameters numbered. */
    private static void prepare(Statement s) throws SQLException {
        String read = FeedGuard.readSql("integer").replace("bloomgate.change_log", "pg_temp.log_copy");
        StringBuilder numbered = new StringBuilder();
        int n = 0;
        for (char ch : read.toCharArray()) {
            numbered.append(ch == '?' ? "$" + ++n : String.valueOf(ch));
        }
        assertThat(n).isEqualTo(6);
        s.execute("PREPARE feed_read(int, int, int, text, text, int) AS " + numbered);
    }

    private static List<String> plan(Statement s) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("EXPLAIN EXECUTE feed_read(1, 1, 1, pg_current_snapshot()::text,"
                + " pg_current_snapshot()::text, 1)")) {
            while (rs.next()) {
                lines.add(rs.getString(1).trim());
            }
        }
        return lines;
    }

    /** Every scan of the log copy is followed by an index condition on both columns, and no filter on xid. */
    private static void assertBounded(List<String> plan, String when) {
        String text = String.join("\n", plan);
        int scans = 0;
        for (int i = 0; i < plan.size(); i++) {
            if (plan.get(i).matches("->  (Seq Scan|Bitmap Heap Scan|Index Scan using \\S+|Index Only Scan using \\S+)"
                    + " on log_copy .*")) {
                scans++;
                String next = plan.get(i + 1); // "Index Cond: ..." or a bitmap scan's "Recheck Cond: ..."
                assertThat(next).as("%s: the condition of %s in\n%s", when, plan.get(i), text)
                        .containsPattern("Cond: \\(\\(guard_id = \\$\\d\\) AND \\(xid (>=|=) ");
            }
        }
        assertThat(scans).as("%s: both branches scan the log\n%s", when, text).isEqualTo(2);
        assertThat(text).as(when).doesNotContainPattern("Filter: .*xid");
    }
}
