package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * What a pooled MariaDB session is, when JDBC calls moved it: {@code setCatalog} runs {@code USE}
 * (unqualified names then read another database's table), and a pool under the gate (HikariCP)
 * sets the isolation level back to its default when the connection returns, behind the gate, so
 * what one user's session was read to be must not be what the next user's is taken to be. And what
 * SQL left in the server's session, which no pool resets: locked-tables mode, an open transaction,
 * an isolation level pending for the next transaction, the session's isolation level and sql_mode.
 */
class MariaDbPooledSessionTest extends MariaDbSessionTables {

    private static final String DB = "bloomgate_review_pool";
    private HikariDataSource pool;

    MariaDbPooledSessionTest() {
        super(DB);
    }

    @Override
    DataSource gated(DataSource direct) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(direct);
        config.setMaximumPoolSize(5);
        config.setConnectionTimeout(2_000);
        pool = new HikariDataSource(config);
        return pool;
    }

    @Override
    void closeGated() {
        if (pool != null) {
            pool.close();
        }
    }





    private static Object physical(Connection c) throws SQLException {
        return c.unwrap(org.mariadb.jdbc.Connection.class);
    }

    /**
     * User 1 runs {@code sql} on a pooled session and returns it, after another session of the pool
     * saw the guard settled again (a statement the gate does not parse unsettles it); returns the
     * session, which the pool hands to this thread's next checkout (HikariCP: the last returned first).
     */
    private Object leaveOnPooledSession(String... sql) throws SQLException {
        try (Connection c1 = gate.dataSource().getConnection(); Statement s1 = c1.createStatement()) {
            warm(s1);
            for (String statement : sql) {
                s1.execute(statement);
            }
            try (Connection c2 = gate.dataSource().getConnection(); Statement s2 = c2.createStatement()) {
                assertThat(physical(c2)).isNotSameAs(physical(c1));
                assertThat(answeredSoon(s2)).as("the guard has settled").isTrue();
            }
            return physical(c1);
        }
    }

    /**
     * User 1 leaves LOCK TABLES on the pooled session (HikariCP resets nothing of it); user 2's lookup
     * of t must raise 1100 as the server does, not be answered (the gate tracked the mode per gate
     * connection, and user 2's is new).
     */
    @Test
    void lockTablesLeftOnThePooledSession() throws SQLException {
        Object raw = leaveOnPooledSession("LOCK TABLES other READ");
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            assertThat(physical(c)).as("the same pooled session").isSameAs(raw);
            try {
                assertThatThrownBy(() -> keys(s, "SELECT k FROM t WHERE k = 98")).isInstanceOf(SQLException.class)
                        .hasMessageContaining("not locked");
            } finally {
                s.execute("UNLOCK TABLES");
            }
            assertThat(answeredSoon(s)).as("after UNLOCK TABLES, answered again").isTrue();
        }
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            assertThat(physical(c)).isSameAs(raw);
            assertThat(answeredSoon(s)).as("the next user of the unlocked session is answered").isTrue();
        }
    }

    /**
     * The gate's connections pooled (HikariCP over the gate's data source): the same gate connection
     * serves user 2, and what it knew of LOCK TABLES stays with it across the pool's return.
     */
    @Test
    void lockTablesLeftOnAPooledGateConnection() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setDataSource(gate.dataSource());
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(2_000);
        try (HikariDataSource outer = new HikariDataSource(config)) {
            Object raw;
            try (Connection c1 = outer.getConnection(); Statement s1 = c1.createStatement()) {
                warm(s1);
                s1.execute("LOCK TABLES other READ");
                raw = physical(c1);
                try (Connection c2 = gate.dataSource().getConnection(); Statement s2 = c2.createStatement()) {
                    assertThat(answeredSoon(s2)).as("the guard has settled").isTrue();
                }
            }
            try (Connection c = outer.getConnection(); Statement s = c.createStatement()) {
                assertThat(physical(c)).as("the same pooled session").isSameAs(raw);
                try {
                    assertThatThrownBy(() -> keys(s, "SELECT k FROM t WHERE k = 98")).isInstanceOf(SQLException.class)
                            .hasMessageContaining("not locked");
                } finally {
                    s.execute("UNLOCK TABLES");
                }
                assertThat(answeredSoon(s)).as("after UNLOCK TABLES, answered again").isTrue();
            }
        }
    }

    /**
     * Reads k = 99 in {@code reader}'s open transaction (REPEATABLE READ), lets another session commit
     * a row with that key, and reads it again: the database's first read created the read view, so
     * the second finds nothing; had the gate answered the first, the read view would be created by
     * the second, after the commit, and find the row.
     */
    private void assertReadViewPredatesCommit(Statement r) throws SQLException {
        long before = avoided();
        assertThat(keys(r, "SELECT k FROM t WHERE k = 99")).isEmpty();
        boolean answered = avoided() > before;
        try (Connection writer = gate.dataSource().getConnection(); Statement w = writer.createStatement()) {
            w.executeUpdate("INSERT INTO t VALUES (99, 99)");
        }
        List<Long> later = keys(r, "SELECT k FROM t WHERE k = 99");
        assertThat(later).as("REPEATABLE READ: the read view predates the commit (first lookup answered: %s)", answered)
                .isEmpty();
    }

    /**
     * User 1 leaves START TRANSACTION (SQL: the pool saw auto-commit on and rolls nothing back); user 2
     * runs in that REPEATABLE READ transaction, which the gate took for auto-commit statements.
     */
    @Test
    void transactionLeftOpenOnThePooledSession() throws SQLException {
        Object raw = leaveOnPooledSession("START TRANSACTION");
        try (Connection reader = gate.dataSource().getConnection(); Statement r = reader.createStatement()) {
            assertThat(physical(reader)).as("the same pooled session").isSameAs(raw);
            assertThat(reader.getAutoCommit()).isTrue();
            try {
                assertReadViewPredatesCommit(r);
            } finally {
                r.execute("ROLLBACK");
            }
        }
    }

    /**
     * User 1 switches auto-commit off by SQL, begins a REPEATABLE READ transaction with a write (no read
     * view yet) and moves the session to READ COMMITTED: the open transaction keeps REPEATABLE READ.
     * User 2 reads the session's READ COMMITTED and auto-commit off.
     */
    @Test
    void transactionOfAnotherLevelLeftOpen() throws SQLException {
        Object raw = leaveOnPooledSession("SET autocommit = 0", "INSERT INTO other VALUES (5)",
                "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
        try (Connection reader = gate.dataSource().getConnection(); Statement r = reader.createStatement()) {
            assertThat(physical(reader)).as("the same pooled session").isSameAs(raw);
            assertThat(reader.getAutoCommit()).isFalse();
            assertThat(reader.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
            try {
                assertReadViewPredatesCommit(r);
            } finally {
                r.execute("ROLLBACK");
                r.execute("SET autocommit = 1");
                r.execute("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            }
        }
    }

    /**
     * User 1 leaves an isolation level for the next transaction only (no SESSION): READ UNCOMMITTED,
     * which {@code @@tx_isolation} does not show. User 2's next statement, auto-commit, reads
     * uncommitted rows: a row another session inserted and has not committed is the database's answer.
     */
    @Test
    void levelForTheNextTransactionLeftPending() throws Exception {
        Object raw = leaveOnPooledSession("SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED");
        try (Connection writer = direct().getConnection(); Statement w = writer.createStatement()) {
            writer.setAutoCommit(false);
            w.executeUpdate("INSERT INTO t VALUES (97, 97)"); // behind the gate: the filter cannot have it yet
            try (Connection reader = gate.dataSource().getConnection(); Statement r = reader.createStatement()) {
                assertThat(physical(reader)).as("the same pooled session").isSameAs(raw);
                assertThat(reader.getTransactionIsolation()).as("the session's level").isNotEqualTo(
                        Connection.TRANSACTION_READ_UNCOMMITTED);
                assertThat(keys(r, "SELECT k FROM t WHERE k = 97")).as("READ UNCOMMITTED, pending: the uncommitted row")
                        .containsExactly(97L);
                assertThat(keys(r, "SELECT k FROM t WHERE k = 96")).as("the level was for one transaction").isEmpty();
            } finally {
                writer.rollback();
            }
        }
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            assertThat(physical(c)).isSameAs(raw);
            assertThat(answeredSoon(s)).as("once used up, answered again").isTrue();
        }
    }

    /**
     * User 1 sets the session to SERIALIZABLE by SQL: the facts the gate read of the session before are
     * dropped, and user 2 (auto-commit, where REPEATABLE READ is answered) reads SERIALIZABLE and is
     * not answered. Fails if the session's facts cached before user 1's statement were reused.
     */
    @Test
    void sessionIsolationSetBySqlReadAgainByTheNextUser() throws SQLException {
        Object raw = leaveOnPooledSession("SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE");
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            assertThat(physical(c)).isSameAs(raw);
            try {
                long before = avoided();
                for (int i = 0; i < 5; i++) {
                    assertThat(keys(s, "SELECT k FROM t WHERE k = " + (500 + i))).isEmpty();
                }
                assertThat(avoided()).as("SERIALIZABLE: nothing answered").isEqualTo(before);
            } finally {
                s.execute("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            }
        }
    }

    /**
     * User 1 sets sql_mode by SQL (one that changes how a text reads); user 2's session is read again
     * and, its mode not the reference one, nothing is answered. Fails if user 1's facts were reused.
     */
    @Test
    void sqlModeSetBySqlReadAgainByTheNextUser() throws SQLException {
        String mode;
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@SESSION.sql_mode")) {
            rs.next();
            mode = rs.getString(1);
        }
        Object raw = leaveOnPooledSession("SET SESSION sql_mode = 'HIGH_NOT_PRECEDENCE'");
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            assertThat(physical(c)).isSameAs(raw);
            try {
                long before = avoided();
                for (int i = 0; i < 5; i++) {
                    assertThat(keys(s, "SELECT k FROM t WHERE k = " + (600 + i))).isEmpty();
                }
                assertThat(avoided()).as("another sql_mode: nothing answered").isEqualTo(before);
            } finally {
                s.execute("SET SESSION sql_mode = '" + mode + "'");
            }
        }
    }

    /**
     * What the gate inherits of a pooled session (locked-tables mode, a pending level, an open
     * transaction) it reads locally: a checkout whose lookup is answered sends nothing to the server.
     */
    @Test
    void aPooledCheckoutCostsNoStatement() throws SQLException {
        CountingDataSource counting = new CountingDataSource(direct());
        HikariConfig config = new HikariConfig();
        config.setDataSource(counting);
        config.setMaximumPoolSize(2);
        config.setConnectionTimeout(2_000);
        try (HikariDataSource counted = new HikariDataSource(config);
                BloomGate pooled = BloomGate.builder(counted).guard("t", "k", 10_000, 0.01).build()) {
            try (Connection c = pooled.dataSource().getConnection(); Statement s = c.createStatement()) {
                keys(s, "SELECT k FROM t WHERE k = 1");
                keys(s, "SELECT k FROM t WHERE k = 3");
            }
            long before = counting.executions();
            long answered = pooled.stats("t", "k").avoided();
            for (int i = 0; i < 5; i++) {
                try (Connection c = pooled.dataSource().getConnection(); Statement s = c.createStatement()) {
                    assertThat(keys(s, "SELECT k FROM t WHERE k = " + (700 + i))).isEmpty();
                }
            }
            assertThat(pooled.stats("t", "k").avoided()).as("answered").isEqualTo(answered + 5);
            assertThat(counting.executions()).as("statements sent for 5 checkouts of answered lookups").isEqualTo(before);
        }
    }

    private DataSource direct() throws SQLException {
        return MySqlServer.forDatabase(DB);
    }

    /** setCatalog moves unqualified names on MySQL (USE): a lookup then reads the other database's table. */
    @Test
    void setCatalogMovesNames() throws SQLException {
        String other = DB + "_other";
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + other, "CREATE DATABASE " + other);
        try {
            H2Databases.run(MySqlServer.forDatabase(other), "CREATE TABLE t (k BIGINT PRIMARY KEY, v INT) ENGINE=InnoDB",
                    "INSERT INTO t VALUES (77, 77)");
            try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
                keys(s, "SELECT k FROM t WHERE k = 1");
                keys(s, "SELECT k FROM t WHERE k = 3");
                c.setCatalog(other);
                try {
                    assertThat(keys(s, "SELECT k FROM t WHERE k = 77")).as("%s.t holds 77", other).containsExactly(77L);
                } finally {
                    c.setCatalog(DB);
                }
            }
        } finally {
            H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + other);
        }
    }

    @Test
    void isolationResetByThePoolOnReturn() throws SQLException {
        Object raw;
        try (Connection c1 = gate.dataSource().getConnection(); Statement s = c1.createStatement()) {
            c1.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            keys(s, "SELECT k FROM t WHERE k = 1");
            keys(s, "SELECT k FROM t WHERE k = 3");
            long before = avoided();
            keys(s, "SELECT k FROM t WHERE k = 4");
            assertThat(avoided()).isEqualTo(before + 1);
            raw = c1.unwrap(org.mariadb.jdbc.Connection.class);
        } // the pool sets the isolation level back to its default (InnoDB's REPEATABLE READ)
        try (Connection reader = gate.dataSource().getConnection(); Statement r = reader.createStatement()) {
            assertThat(reader.unwrap(org.mariadb.jdbc.Connection.class)).as("the same pooled session").isSameAs(raw);
            assertThat(reader.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_REPEATABLE_READ);
            reader.setAutoCommit(false);
            r.executeUpdate("INSERT INTO t VALUES (50, 50)"); // begins the transaction: no read view yet
            long before = avoided();
            assertThat(keys(r, "SELECT k FROM t WHERE k = 99")).isEmpty();
            boolean answered = avoided() > before;
            try (Connection writer = gate.dataSource().getConnection(); Statement w = writer.createStatement()) {
                w.executeUpdate("INSERT INTO t VALUES (99, 99)");
            }
            List<Long> later = keys(r, "SELECT k FROM t WHERE k = 99");
            reader.rollback();
            reader.setAutoCommit(true);
            assertThat(later).as("REPEATABLE READ: the read view predates the commit (first lookup answered: %s)",
                    answered).isEmpty();
        }
    }
}
