package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.cli.Main;
import io.bloomgate.report.PostgresIoCounters;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code bloomgate report} on PostgreSQL: instances persist their counters, the report sums them
 * over instances, and PostgreSQL's own index statistics measure the lookups that reached it.
 */
class PostgresReportTest extends PostgresInstances {

    private static final String TABLE = "pg_report_t";

    PostgresReportTest() {
        super(TABLE);
    }

    @BeforeEach
    void setUp() throws SQLException {
        dropTable();
        createTable(TABLE);
    }

    @AfterEach
    void dropTable() throws SQLException {
        closeInstances();
        raw("DO $$ BEGIN IF to_regprocedure('bloomgate.uninstall_guard(regclass,name)') IS NOT NULL"
                + " AND to_regclass('" + TABLE + "') IS NOT NULL THEN"
                + " PERFORM bloomgate.uninstall_guard('" + TABLE + "', 'id'); END IF; END $$",
                "DROP TABLE IF EXISTS " + TABLE);
    }

    @Test
    void theReportSumsTheCountersOfEveryInstanceAndListsThem() throws Exception {
        BloomGate a = instance();
        BloomGate b = instance();
        for (long id = 1; id <= 199; id += 2) { // 100 absent (odd) ids through A
            assertThat(found(a, id)).isFalse();
        }
        for (long id = 2; id <= 20; id += 2) { // 10 present through A
            assertThat(found(a, id)).isTrue();
        }
        for (long id = 201; id <= 299; id += 2) { // 50 absent through B
            assertThat(found(b, id)).isFalse();
        }
        long lookups = a.stats(TABLE, "id").lookups() + b.stats(TABLE, "id").lookups();
        long avoided = a.stats(TABLE, "id").avoided() + b.stats(TABLE, "id").avoided();
        // Each instance's first execution of the SQL text runs (for its result's metadata): 158 or 160.
        assertThat(lookups).isBetween(158L, 160L);
        awaitPersisted(() -> persisted("lookups") == lookups);

        String text = report(false);
        assertThat(text).containsPattern("counters summed over \\d+ instances \\(\\d+ live\\)");
        Matcher guard = Pattern.compile("public\\." + TABLE + "\\.id\\s+READY\\s+" + lookups + "\\s+([0-9,]+)").matcher(text);
        assertThat(guard.find()).as(text).isTrue();
        assertThat(Long.parseLong(guard.group(1).replace(",", ""))).isEqualTo(avoided);
        assertThat(Pattern.compile(TABLE + "\\.id\\s+live\\s").matcher(text).results().count()).as(text).isEqualTo(2);
        assertThat(text).contains("Key-index I/O since", "pg_statio_user_indexes", "saved(measured)");

        a.close();
        awaitPersisted(() -> persistedEnded() == 1);
        String afterClose = report(true);
        String ours = "\"table\":\"public." + TABLE + "\",\"column\":\"id\",";
        assertThat(afterClose).contains("\"database\":\"postgresql\"", ours + "\"status\":\"ended\"",
                ours + "\"status\":\"live\"", ours + "\"state\":\"READY\",\"lookups\":" + lookups);
        assertThat(afterClose).containsPattern(ours + "\"since\":\"[^\"]+\",\"instances\":2,\"live\":1,"
                + "\"statisticsReset\":false,\"keyIndexes\":1,\"keyIndexScans\":\\d+");
    }

    /**
     * Measured both ways: lookups sent straight to PostgreSQL each scan the key's index, lookups
     * through the gate for absent keys do not. The filter's target rate is 1%, so of 300 absent
     * keys about 3 pass through; fewer than 30 scans is a bound a working filter meets with
     * overwhelming probability (binomial, n = 300, p = 0.01: P(X >= 30) < 1e-20), and one that
     * lets no lookup through to the index would fail the first half.
     */
    @Test
    void postgresCountsTheIndexScansTheGateSaved() throws Exception {
        BloomGate gate = instance();
        PostgresIoCounters before = io();
        try (Connection c = pg.getConnection()) {
            for (long id = 1; id <= 599; id += 2) {
                assertThat(found(c, TABLE, id)).isFalse();
            }
            flushStatistics(c);
        }
        PostgresIoCounters direct = awaitScans(before, 300);
        assertThat(direct.minus(before).keyIndexBlocks()).isGreaterThanOrEqualTo(300);

        try (Connection c = gate.dataSource().getConnection()) {
            for (long id = 601; id <= 1199; id += 2) {
                assertThat(found(c, TABLE, id)).isFalse();
            }
        }
        try (Connection c = pg.getConnection()) {
            // A marker scan on a fresh connection: once it is counted, every earlier lookup is too.
            assertThat(found(c, TABLE, 2)).isTrue();
            flushStatistics(c);
        }
        PostgresIoCounters after = awaitScans(direct, 1);
        // Scans: the passed-through lookups, the first execution of the SQL text (it always runs) and the marker.
        long passed = gate.stats(TABLE, "id").passedThrough() + gate.stats(TABLE, "id").bypassed();
        assertThat(after.minus(direct).keyIndexScans()).isLessThan(30).isLessThanOrEqualTo(passed + 1);
    }

    private PostgresIoCounters io() throws SQLException {
        try (Connection c = pg.getConnection()) {
            return PostgresIoCounters.read(c, "public", TABLE, "id").orElseThrow();
        }
    }

    /** Backends report statistics when idle; this asks for it at the next chance. */
    private static void flushStatistics(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_stat_force_next_flush()");
        }
    }

    private PostgresIoCounters awaitScans(PostgresIoCounters from, long atLeast) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        PostgresIoCounters now = io();
        while (now.minus(from).keyIndexScans() < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(100);
            now = io();
        }
        assertThat(now.minus(from).keyIndexScans()).as("index scans PostgreSQL counted").isGreaterThanOrEqualTo(atLeast);
        return now;
    }

    private String report(boolean json) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] args = json
                ? new String[] {"report", "--url", pg.getURL(), "--user", pg.getUser(), "--password", pg.getPassword(),
                    "--json"}
                : new String[] {"report", "--url", pg.getURL(), "--user", pg.getUser(), "--password", pg.getPassword()};
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    private long persisted(String column) {
        try {
            return count("SELECT coalesce(sum(s." + column + "), 0) FROM bloomgate.instance_stats s"
                    + " JOIN bloomgate.guards g ON g.id = s.guard_id WHERE g.table_name = '" + TABLE + "'");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private long persistedEnded() {
        try {
            return count("SELECT count(*) FROM bloomgate.instance_stats s JOIN bloomgate.guards g ON g.id = s.guard_id"
                    + " WHERE g.table_name = '" + TABLE + "' AND s.ended_at IS NOT NULL");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitPersisted(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("instances wrote their counters within 10 s").isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
