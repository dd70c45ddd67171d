package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * What the server would say depends on more of the session than its isolation and search path:
 * the role's privileges, a read-only transaction, the element type of a bound array, the
 * statement's {@code maxFieldSize}. Each case was answered from the filter with "no rows" (or a
 * replayed row) where PostgreSQL raises an error or returns something else; each compares the gate
 * with the server.
 */
class PostgresSessionFidelityTest {

    private PGSimpleDataSource pg;
    private String schema;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "fidelity_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        H2Databases.run(pg, "CREATE TABLE t (id bigint PRIMARY KEY, k text UNIQUE, v int)",
                "INSERT INTO t SELECT g, 'k' || g, g % 10 FROM generate_series(1, 100) g",
                "INSERT INTO t VALUES (1000, 'abcd', 1), (2000, '" + "x".repeat(63) + "', 1)");
        gate = BloomGate.builder(pg).guard("t", "k").build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (pg != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private long avoided() {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** "no rows", "a row", or the SQLState the statement failed with. */
    private static String outcome(PreparedStatement ps) {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? "a row" : "no rows";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    private static String lookup(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key);
            return outcome(ps);
        }
    }

    private static String plain(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? "a row" : "no rows";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    /**
     * A role that may not read the table gets 42501 whatever the key: after {@code SET ROLE} (here a
     * role with USAGE on the schema but no SELECT on the table, so names still resolve as at build)
     * the gate answered "no rows" from the filter.
     */
    @Test
    void aRoleThatMayNotReadTheTableGetsTheServersError() throws SQLException {
        H2Databases.run(pg, "GRANT USAGE ON SCHEMA " + schema + " TO bloomgate_fuzz");
        String sql = "SELECT id FROM t WHERE k = ?";
        String text = "SELECT id FROM t WHERE k = 'nobody'";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = pg.getConnection()) {
            assertThat(lookup(c, sql, "warm")).isEqualTo("no rows");
            assertThat(plain(c, "SELECT id FROM t WHERE k = 'warm'")).isEqualTo("no rows");
            long before = avoided();
            assertThat(lookup(c, sql, "nobody")).isEqualTo("no rows");
            assertThat(plain(c, text)).isEqualTo("no rows");
            assertThat(avoided()).as("answered while the role may read").isEqualTo(before + 2);
            exec(direct, "SET ROLE bloomgate_fuzz");
            exec(c, "SET ROLE bloomgate_fuzz");
            assertThat(lookup(direct, sql, "nobody")).isEqualTo("42501");
            assertThat(lookup(c, sql, "nobody")).as("prepared").isEqualTo("42501");
            assertThat(plain(c, text)).as("a plain statement's text").isEqualTo("42501");
            exec(c, "RESET ROLE");
            before = avoided();
            assertThat(lookup(c, sql, "nobody")).isEqualTo("no rows");
            assertThat(avoided()).as("answered again once the role may read").isEqualTo(before + 1);
        }
    }

    /**
     * A locking read in a read-only transaction is refused (25006) before any row is read; the gate
     * answered it. Locking lookups now pass through on PostgreSQL.
     */
    @Test
    void aLockingReadInAReadOnlyTransactionGetsTheServersError() throws SQLException {
        String sql = "SELECT id FROM t WHERE k = ? FOR UPDATE";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = pg.getConnection()) {
            assertThat(lookup(c, sql, "warm")).isEqualTo("no rows");
            assertThat(lookup(c, sql, "warm")).isEqualTo("no rows");
            for (Connection each : new Connection[] {c, direct}) {
                exec(each, "SET default_transaction_read_only = on");
            }
            assertThat(lookup(direct, sql, "nobody")).isEqualTo("25006");
            assertThat(lookup(c, sql, "nobody")).as("autocommit, read-only by default").isEqualTo("25006");
            for (Connection each : new Connection[] {c, direct}) {
                exec(each, "SET default_transaction_read_only = off");
                each.setReadOnly(true);
                each.setAutoCommit(false);
            }
            assertThat(lookup(direct, sql, "nobody")).isEqualTo("25006");
            assertThat(lookup(c, sql, "nobody")).as("setReadOnly(true), in a transaction").isEqualTo("25006");
            c.rollback();
            direct.rollback();
        }
    }

    /**
     * {@code k = ANY(?)} compares in the array's element type: a {@code bpchar} element meets a text
     * key as text without its trailing spaces, a {@code name} element is cut to 63 bytes. The gate
     * read the Java strings as text keys and answered "no rows".
     */
    @Test
    void anArrayComparesInItsElementType() throws SQLException {
        String sql = "SELECT id FROM t WHERE k = ANY (?)";
        String[][] cases = {{"bpchar", "abcd  "}, {"name", "x".repeat(70)}};
        try (Connection c = gate.dataSource().getConnection(); Connection direct = pg.getConnection();
                PreparedStatement ps = c.prepareStatement(sql); PreparedStatement dps = direct.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("text", new String[] {"warm"}));
            assertThat(outcome(ps)).isEqualTo("no rows");
            long before = avoided();
            ps.setArray(1, c.createArrayOf("text", new String[] {"nobody"}));
            assertThat(outcome(ps)).isEqualTo("no rows");
            assertThat(avoided()).as("a text array is answered").isEqualTo(before + 1);
            for (String[] each : cases) {
                dps.setArray(1, direct.createArrayOf(each[0], new String[] {each[1]}));
                assertThat(outcome(dps)).as(each[0]).isEqualTo("a row");
                ps.setArray(1, c.createArrayOf(each[0], new String[] {each[1]}));
                assertThat(outcome(ps)).as(each[0]).isEqualTo("a row");
            }
        }
    }

    /**
     * pgjdbc cuts text and binary values to the statement's {@code maxFieldSize}; an aggregate's row
     * replayed from an execution without the limit was returned whole.
     */
    @Test
    void aReplayedRowIsCutToTheStatementsMaxFieldSize() throws SQLException {
        String sql = "SELECT COUNT(*) AS n, 'abcdef' AS s FROM t WHERE k = ?";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = pg.getConnection()) {
            assertThat(lookup(c, sql, "warm")).isEqualTo("a row");
            assertThat(lookup(c, sql, "warm")).isEqualTo("a row");
            for (Connection each : new Connection[] {direct, c}) {
                try (PreparedStatement ps = each.prepareStatement(sql)) {
                    ps.setMaxFieldSize(3);
                    ps.setString(1, "nobody");
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getString("s")).as(each == c ? "through the gate" : "directly").isEqualTo("abc");
                    }
                }
            }
            long before = avoided();
            assertThat(lookup(c, sql, "nobody")).isEqualTo("a row");
            assertThat(avoided()).as("without the limit, still answered").isEqualTo(before + 1);
        }
    }

    /**
     * PostgreSQL writes float, bytea and timestamptz values as the session's {@code
     * extra_float_digits}, {@code bytea_output} and {@code TimeZone} say: a row copied on one session
     * was replayed to another that reads them otherwise. Such rows are not copied.
     */
    @Test
    void aRowOfFloatOrByteaValuesIsTheSessionsOwn() throws SQLException {
        String sql = "SELECT COUNT(*) AS n, CAST(1 AS FLOAT8) / 3 AS f, CAST('A' AS BYTEA) AS b,"
                + " CAST('2020-01-01 00:00:00+00' AS TIMESTAMPTZ) AS ts FROM t WHERE k = ?";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = pg.getConnection()) {
            assertThat(lookup(c, sql, "warm")).isEqualTo("a row");
            assertThat(lookup(c, sql, "warm")).isEqualTo("a row");
            for (Connection each : new Connection[] {c, direct}) {
                exec(each, "SET extra_float_digits = 0");
                exec(each, "SET bytea_output = 'escape'");
                exec(each, "SET TIME ZONE 'Asia/Tokyo'");
            }
            String[] viaGate = row(c, sql);
            assertThat(viaGate).isEqualTo(row(direct, sql)).contains("A");
        }
    }

    private static String[] row(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "nobody");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return new String[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)};
            }
        }
    }

    /**
     * A BEFORE trigger may store another key than the statement bound (here: lower-cased). The gate
     * added the bound key and counted the write's keys as known, so a lookup of the stored key right
     * after the write, on the same connection, was answered "no rows" until the change feed read
     * the write. Such writes now leave the guard unsettled until the feed has read them.
     */
    @Test
    void aKeyRewrittenByABeforeTriggerIsFoundRightAfterTheWrite() throws Exception {
        gate.close();
        H2Databases.run(pg, "CREATE FUNCTION lower_k() RETURNS trigger LANGUAGE plpgsql AS"
                        + " $$ BEGIN NEW.k := lower(NEW.k); RETURN NEW; END $$",
                "CREATE TRIGGER lower_k BEFORE INSERT OR UPDATE ON t FOR EACH ROW EXECUTE FUNCTION lower_k()");
        // A slow idle poll, so that the feed cannot catch up between the write and the lookup.
        gate = BloomGate.builder(pg).guard("t", "k").pollInterval(java.time.Duration.ofSeconds(1)).build();
        String sql = "SELECT id FROM t WHERE k = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            assertThat(lookup(c, sql, "warm")).isEqualTo("no rows");
            assertThat(gate.awaitChangeFeed(java.time.Duration.ofSeconds(10))).isTrue();
            for (String[] write : new String[][] {{"INSERT INTO t (id, k, v) VALUES (?, ?, 1)", "5000", "NEW-KEY"},
                {"UPDATE t SET k = ? WHERE id = ?", "UPDATED-KEY", "5"}}) {
                try (PreparedStatement ps = c.prepareStatement(write[0])) {
                    ps.setObject(1, write[0].startsWith("INSERT") ? (Object) Long.valueOf(write[1]) : write[1]);
                    ps.setObject(2, write[0].startsWith("INSERT") ? (Object) write[2] : Long.valueOf(write[2]));
                    ps.executeUpdate();
                }
                String stored = (write[0].startsWith("INSERT") ? write[2] : write[1]).toLowerCase(java.util.Locale.ROOT);
                assertThat(lookup(c, sql, stored)).as(write[0]).isEqualTo("a row");
            }
        }
    }

    /**
     * pgjdbc keeps a statement open after its connection was closed or aborted, and executing it
     * fails (08003); the gate answered it from the filter.
     */
    @Test
    void aStatementOfAClosedConnectionGetsTheDriversError() throws SQLException {
        String sql = "SELECT id FROM t WHERE k = ?";
        for (boolean abort : new boolean[] {false, true}) {
            Connection c = gate.dataSource().getConnection();
            Connection direct = pg.getConnection();
            PreparedStatement ps = c.prepareStatement(sql);
            PreparedStatement dps = direct.prepareStatement(sql);
            ps.setString(1, "warm");
            assertThat(outcome(ps)).isEqualTo("no rows");
            ps.setString(1, "nobody");
            dps.setString(1, "nobody");
            if (abort) {
                c.abort(Runnable::run);
                direct.abort(Runnable::run);
            } else {
                c.close();
                direct.close();
            }
            String refused = outcome(dps);
            assertThat(refused).as(abort ? "aborted" : "closed").isEqualTo("08003");
            assertThat(outcome(ps)).as(abort ? "aborted" : "closed").isEqualTo(refused);
        }
    }
}
