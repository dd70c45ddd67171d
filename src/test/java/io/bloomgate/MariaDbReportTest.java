package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * {@code bloomgate report --url jdbc:mariadb://...}: instances persist their counters in the
 * server's {@code bloomgate.instance_stats}, the report sums them over instances for the URL's
 * database, and the server's own read counters (server-wide) measure the window. A database of its
 * own; the URL through MariaDB Connector/J and MySQL Connector/J.
 */
class MariaDbReportTest {

    private final String database = "bloomgate_r" + Long.toHexString(System.nanoTime());
    private MariaDbDataSource db;
    private final List<BloomGate> gates = new ArrayList<>();

    @BeforeEach
    void setUp() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        db = MySqlServer.forDatabase(database);
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(40))",
                "INSERT INTO t SELECT seq, CONCAT('n', seq) FROM seq_2_to_400_step_2");
    }

    @AfterEach
    void tearDown() throws SQLException {
        for (BloomGate gate : gates) {
            gate.close();
        }
        if (db != null) {
            H2Databases.run(db, "DROP DATABASE " + database);
        }
    }

    private BloomGate instance() throws SQLException {
        BloomGate gate = BloomGate.builder(db).guard("t", "id").build();
        gates.add(gate);
        return gate;
    }

    private static boolean found(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM t WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static boolean found(BloomGate gate, long id) throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            return found(c, id);
        }
    }

    @Test
    void theReportSumsTheCountersOfEveryInstanceAndMeasuresTheServersReads() throws Exception {
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
        try (Connection c = db.getConnection()) { // 300 index lookups straight to the server
            for (long id = 1001; id <= 1599; id += 2) {
                assertThat(found(c, id)).isFalse();
            }
        }
        long lookups = a.stats("t", "id").lookups() + b.stats("t", "id").lookups();
        long avoided = a.stats("t", "id").avoided() + b.stats("t", "id").avoided();
        // Each instance's first execution of the SQL text runs (for its result's metadata): 158 or 160.
        assertThat(lookups).isBetween(158L, 160L);
        awaitPersisted(() -> persisted("lookups") == lookups);

        String text = report(false, MySqlServer.url(database));
        assertThat(text).contains("counters summed over 2 instances (2 live)");
        Matcher guard = Pattern.compile(database + "\\.t\\.id\\s+READY\\s+" + lookups + "\\s+([0-9,]+)").matcher(text);
        assertThat(guard.find()).as(text).isTrue();
        assertThat(Long.parseLong(guard.group(1).replace(",", ""))).isEqualTo(avoided);
        assertThat(Pattern.compile("t\\.id\\s+live\\s").matcher(text).results().count()).as(text).isEqualTo(2);
        assertThat(text).contains("Server reads since", "Handler_read_key", "saved pages(measured)");
        // The server counted at least the 300 lookups sent straight to it (and whatever else ran on it).
        Matcher reads = Pattern.compile(database + "\\.t\\.id\\s+\\S+ \\S+\\s+([0-9,]+)\\s+([0-9,]+)").matcher(
                text.substring(text.indexOf("Server reads since")));
        assertThat(reads.find()).as(text).isTrue();
        assertThat(Long.parseLong(reads.group(1).replace(",", ""))).as(text).isGreaterThanOrEqualTo(300);
        assertThat(Long.parseLong(reads.group(2).replace(",", ""))).as(text).isGreaterThanOrEqualTo(300);

        a.close();
        awaitPersisted(() -> persistedEnded() == 1);
        // MySQL Connector/J's URL, JSON
        String json = report(true, MySqlServer.url(database).replaceFirst("^jdbc:mariadb:", "jdbc:mysql:"));
        String ours = "\"table\":\"" + database + ".t\",\"column\":\"id\",";
        assertThat(json).contains("\"database\":\"mysql\"", "\"schema\":\"" + database + "\"",
                ours + "\"status\":\"ended\"", ours + "\"status\":\"live\"",
                ours + "\"state\":\"READY\",\"lookups\":" + lookups);
        assertThat(json).containsPattern(ours + "\"since\":\"[^\"]+\",\"instances\":2,\"live\":1,"
                + "\"serverRestarted\":false,\"indexReads\":\\d+,\"pagesRead\":\\d+,\"diskReads\":\\d+,"
                + "\"savedPagesMeasured\":\\d+");
    }

    @Test
    void aDatabaseWithoutGatesSaysSo() {
        String text = report(false, MySqlServer.url(database));
        assertThat(text).isEqualTo("No gate instance has written stats for database " + database
                + " yet (instances write them within a second of their counters changing).\n");
    }

    private static String report(boolean json, String url) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] args = json ? new String[] {"report", "--url", url, "--json"} : new String[] {"report", "--url", url};
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    private long persisted(String column) {
        return count("SELECT COALESCE(SUM(s." + column + "), 0) FROM bloomgate.instance_stats s"
                + " JOIN bloomgate.guards g ON g.id = s.guard_id WHERE g.database_name = '" + database + "'");
    }

    private long persistedEnded() {
        return count("SELECT COUNT(*) FROM bloomgate.instance_stats s JOIN bloomgate.guards g ON g.id = s.guard_id"
                + " WHERE g.database_name = '" + database + "' AND s.ended_at IS NOT NULL");
    }

    private long count(String sql) {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
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
