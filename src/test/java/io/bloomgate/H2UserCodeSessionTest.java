package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * H2 hands user code (a {@code CREATE ALIAS} function) a connection on the session that runs it,
 * and that code may move the session: its isolation level, its schema, its transaction. Code can
 * run from text that names no function — a view, a column default — so the gate cannot see it
 * coming. Each case runs the same steps on a raw connection and through the gate and compares what
 * each step returned.
 */
public class H2UserCodeSessionTest {

    private static final AtomicInteger KEYS = new AtomicInteger();

    /** An H2 alias: runs {@code sql} on the session that calls it. */
    public static int exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
        return 1;
    }

    private static final AtomicInteger CALLS = new AtomicInteger();

    /** An H2 alias standing in for the built-in ABS (BUILTIN_ALIAS_OVERRIDE): a new value each call. */
    public static int abs(int v) {
        return CALLS.incrementAndGet();
    }

    /** An H2 alias: inserts a row into T on the calling session (its trigger adds the key). */
    public static int insert(Connection c, long id, String k) throws SQLException {
        try (java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO PUBLIC.T VALUES (?, ?)")) {
            ps.setLong(1, id);
            ps.setString(2, k);
            ps.executeUpdate();
        }
        return 1;
    }

    private static String outcome(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? "a row" : "no rows";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    private static long avoided(BloomGate gate) {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    private static JdbcDataSource database(String... more) throws SQLException {
        JdbcDataSource db = H2Databases.memory();
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20) UNIQUE)",
                "INSERT INTO t VALUES (1, 'k1')", "CREATE SCHEMA s",
                "CREATE ALIAS EXEC FOR 'io.bloomgate.H2UserCodeSessionTest.exec'",
                "CREATE ALIAS INS FOR 'io.bloomgate.H2UserCodeSessionTest.insert'");
        H2Databases.run(db, more);
        return db;
    }

    /**
     * In a transaction the gate read as READ COMMITTED, a view's function switches the session to
     * REPEATABLE READ. H2 then takes the transaction's snapshot of T at its first read of T: the
     * lookup. The gate answered that lookup itself, so the snapshot was taken at the next read, after
     * another connection committed the key, and the transaction saw "no rows" and then the row.
     */
    @Test
    void anIsolationLevelSetByAFunctionBehindAViewIsSeen() throws SQLException {
        JdbcDataSource db = database("CREATE VIEW v AS SELECT EXEC('SET SESSION CHARACTERISTICS AS TRANSACTION"
                + " ISOLATION LEVEL REPEATABLE READ') x");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            for (String hidden : new String[] {"SELECT x FROM v",
                    "SELECT EXEC('SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ')"}) {
                List<String> direct = lateCommit(db, db, hidden);
                List<String> gated = lateCommit(gate.dataSource(), db, hidden);
                assertThat(gated).as(hidden).isEqualTo(direct).containsExactly("no rows", "a row", "no rows", "no rows");
            }
        }
    }

    /** Warm, switch auto-commit off, run {@code hidden}, look a key up, commit it elsewhere, look again. */
    private static List<String> lateCommit(DataSource through, JdbcDataSource raw, String hidden) throws SQLException {
        String key = "late" + KEYS.incrementAndGet();
        List<String> seen = new ArrayList<>();
        try (Connection c = through.getConnection(); Statement s = c.createStatement()) {
            seen.add(outcome(s, "SELECT id FROM t WHERE k = 'warm'"));
            c.setAutoCommit(false);
            seen.add(outcome(s, hidden));
            seen.add(outcome(s, "SELECT id FROM t WHERE k = '" + key + "'"));
            H2Databases.run(raw, "INSERT INTO t VALUES (" + (1000 + KEYS.get()) + ", '" + key + "')");
            seen.add(outcome(s, "SELECT id FROM t WHERE k = '" + key + "'"));
            c.rollback();
        }
        return seen;
    }

    /**
     * In a REPEATABLE READ transaction that has read T (its snapshot of T exists), a view's function
     * commits. The next statement runs in a new transaction, whose snapshot of T H2 takes at its
     * first read of T; the gate, still counting T as read, answered that read itself, and the
     * transaction saw "no rows" and then a row committed after the answer.
     */
    @Test
    void aCommitByAFunctionBehindAViewEndsTheSnapshot() throws SQLException {
        JdbcDataSource db = database("CREATE VIEW v AS SELECT EXEC('COMMIT') x");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            for (String hidden : new String[] {"SELECT x FROM v", "SELECT k, (SELECT x FROM v) FROM t WHERE id = 1"}) {
                List<String> direct = snapshotEnded(db, db, hidden);
                List<String> gated = snapshotEnded(gate.dataSource(), db, hidden);
                assertThat(gated).as(hidden).isEqualTo(direct).containsExactly("no rows", "no rows", "a row", "no rows",
                        "no rows");
            }
            try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
                c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                c.setAutoCommit(false);
                assertThat(outcome(s, "SELECT id FROM t WHERE k = 'k0'")).isEqualTo("no rows");
                long before = avoided(gate);
                assertThat(outcome(s, "SELECT id FROM t WHERE k = 'k00'")).isEqualTo("no rows");
                assertThat(avoided(gate)).as("answered once the transaction has read T").isEqualTo(before + 1);
                c.rollback();
            }
        }
    }

    private static List<String> snapshotEnded(DataSource through, JdbcDataSource raw, String hidden) throws SQLException {
        return snapshotEnded(through, raw, hidden, true);
    }

    private static List<String> snapshotEnded(DataSource through, JdbcDataSource raw, String hidden, boolean readFirst)
            throws SQLException {
        String key = "late" + KEYS.incrementAndGet();
        List<String> seen = new ArrayList<>();
        try (Connection c = through.getConnection(); Statement s = c.createStatement()) {
            seen.add(outcome(s, "SELECT id FROM t WHERE k = 'warm'"));
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setAutoCommit(false);
            if (readFirst) {
                seen.add(outcome(s, "SELECT id FROM t WHERE k = 'k0'")); // reads T: the snapshot of T exists
            }
            seen.add(outcome(s, hidden));
            seen.add(outcome(s, "SELECT id FROM t WHERE k = '" + key + "'"));
            H2Databases.run(raw, "INSERT INTO t VALUES (" + (1000 + KEYS.get()) + ", '" + key + "')");
            seen.add(outcome(s, "SELECT id FROM t WHERE k = '" + key + "'"));
            c.rollback();
        }
        return seen;
    }

    /**
     * The gate counts a REPEATABLE READ transaction's snapshot of T as taken once any statement naming
     * T ran on H2, whatever it read: statements that read no row of T (an impossible WHERE, LIMIT 0,
     * EXPLAIN, aggregates H2 answers from an index) were probed, and H2
     * took the snapshot at each (the key committed later stays invisible, as the gate's answer said).
     * Nothing to fix on 2.3.232; a specification.
     */
    @Test
    void everyStatementNamingTheTableTakesItsSnapshot() throws SQLException {
        JdbcDataSource db = database();
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            H2Databases.run(gate.dataSource(), "SELECT id FROM t WHERE k = 'warm'"); // its metadata is copied
            for (String first : new String[] {"SELECT * FROM t WHERE 1 = 0", "EXPLAIN SELECT * FROM t WHERE k = 'x'",
                    "SELECT * FROM t LIMIT 0", "SELECT * FROM t WHERE k = NULL", "SELECT * FROM t WHERE FALSE",
                    "SELECT COUNT(*) FROM t", "SELECT MIN(id) FROM t", "SELECT MAX(k) FROM t",
                    "SELECT * FROM t FETCH FIRST 0 ROWS ONLY", "SELECT 1 FROM t WHERE id = -5",
                    "SELECT * FROM t WHERE k IN (SELECT k FROM t WHERE 1 = 0)",
                    "SELECT EXISTS (SELECT 1 FROM t WHERE 1 = 0) e"}) {
                List<String> direct = snapshotEnded(db, db, first, false);
                long before = avoided(gate);
                List<String> gated = snapshotEnded(gate.dataSource(), db, first, false);
                assertThat(gated).as(first).isEqualTo(direct);
                assertThat(direct.get(3)).as(first).isEqualTo("no rows");
                assertThat(avoided(gate)).as(first + ": the lookup after it was answered").isEqualTo(before + 2);
            }
        }
    }

    /**
     * With {@code BUILTIN_ALIAS_OVERRIDE=TRUE} a user function may take a built-in's name ({@code
     * ABS}). An aggregate lookup's one row on empty input was copied once and replayed, though the
     * "built-in" in its select list returned another value at each call (H2: 1, 2, 3, 4; the gate: 5,
     * 5, 5, 5). On such a database (the URL's setting or {@code SET BUILTIN_ALIAS_OVERRIDE TRUE}) nothing
     * is answered.
     */
    @Test
    void aDatabaseWhereUserFunctionsMayOverrideBuiltInsIsNotAnswered() throws SQLException {
        JdbcDataSource db = new JdbcDataSource();
        db.setURL("jdbc:h2:mem:override" + System.nanoTime() + ";DB_CLOSE_DELAY=-1;BUILTIN_ALIAS_OVERRIDE=TRUE");
        db.setUser("sa");
        try {
            H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20) UNIQUE)",
                    "CREATE ALIAS ABS FOR 'io.bloomgate.H2UserCodeSessionTest.abs'");
            List<String> seen = new ArrayList<>();
            try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
                for (String key : new String[] {"a", "b", "c", "d"}) {
                    try (ResultSet rs = s.executeQuery("SELECT COUNT(*), ABS(1) u FROM t WHERE k = '" + key + "'")) {
                        rs.next();
                        seen.add(rs.getString(2));
                    }
                }
            }
            assertThat(seen).as("H2 calls the user's ABS at each execution").doesNotHaveDuplicates();
            try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                    Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
                List<String> gated = new ArrayList<>();
                for (String key : new String[] {"a", "b", "c", "d"}) {
                    try (ResultSet rs = s.executeQuery("SELECT COUNT(*), ABS(1) u FROM t WHERE k = '" + key + "'")) {
                        rs.next();
                        gated.add(rs.getString(2));
                    }
                }
                assertThat(gated).as("through the gate").doesNotHaveDuplicates();
            }
        } finally {
            H2Databases.run(db, "SHUTDOWN");
        }
    }

    /**
     * A column default of another table runs {@code SET SCHEMA s}: after an insert into that table
     * the session reads an unqualified {@code t} in schema S, where there is none, and H2 raises
     * 42S02. The gate still believed the session in PUBLIC and answered "no rows".
     */
    @Test
    void aSchemaSetByAColumnDefaultIsSeen() throws SQLException {
        JdbcDataSource db = database("CREATE TABLE other (a INT, b INT DEFAULT EXEC('SET SCHEMA s'))");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            List<String> direct = movedByDefault(db);
            long before = avoided(gate);
            List<String> gated = movedByDefault(gate.dataSource());
            assertThat(direct).containsExactly("no rows", "no rows", "42S02");
            assertThat(gated).isEqualTo(direct);
            assertThat(avoided(gate) - before).as("the lookups before the insert were answered").isEqualTo(1);
        }
    }

    private static List<String> movedByDefault(DataSource through) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (Connection c = through.getConnection(); Statement s = c.createStatement()) {
            seen.add(outcome(s, "SELECT id FROM t WHERE k = 'warm'"));
            seen.add(outcome(s, "SELECT id FROM t WHERE k = 'absent'"));
            s.execute("INSERT INTO PUBLIC.other (a) VALUES (1)");
            seen.add(outcome(s, "SELECT id FROM t WHERE k = 'absent'"));
            s.execute("SET SCHEMA PUBLIC");
        }
        return seen;
    }

    /**
     * A function that inserts into the guarded table through the connection H2 hands it, called
     * from a select list, a CALL, a lookup's WHERE, a view and a batch: the trigger adds each key
     * inside the write, so the writer's next lookup, on the same connection and transaction, finds
     * the row (nothing to fix: kept as a specification).
     */
    @Test
    void rowsInsertedByFunctionsAreFoundRightAfter() throws SQLException {
        JdbcDataSource db = database("CREATE VIEW w AS SELECT INS(500, 'view') x");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            assertThat(outcome(s, "SELECT id FROM t WHERE k = 'warm'")).isEqualTo("no rows");
            for (boolean autoCommit : new boolean[] {true, false}) {
                c.setAutoCommit(autoCommit);
                int base = autoCommit ? 100 : 200;
                s.execute("SELECT INS(" + base + ", 'sel" + base + "')");
                s.execute("CALL INS(" + (base + 1) + ", 'call" + base + "')");
                outcome(s, "SELECT id FROM t WHERE k = 'k1' AND INS(" + (base + 2) + ", 'where" + base + "') = 1");
                s.addBatch("CALL INS(" + (base + 3) + ", 'batch" + base + "')");
                s.executeBatch();
                for (String key : new String[] {"sel", "call", "where", "batch"}) {
                    assertThat(outcome(s, "SELECT id FROM t WHERE k = '" + key + base + "'"))
                            .as(key + ", auto-commit " + autoCommit).isEqualTo("a row");
                }
                if (!autoCommit) {
                    c.rollback();
                }
            }
            c.setAutoCommit(true);
            s.execute("SELECT x FROM w");
            assertThat(outcome(s, "SELECT id FROM t WHERE k = 'view'")).isEqualTo("a row");
        }
    }
}
