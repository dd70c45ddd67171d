package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Statements the gate does not see run inside a procedure ({@code CALL}), and statements that reach
 * the session by other paths than a plain execute (a batch, a prepared statement, a multi-statement
 * text): what they do to the session's transaction, auto-commit and isolation level must be what the
 * gate then assumes, or its answers differ from the database's.
 *
 * <p>Measured on MariaDB 10.11: a procedure may run {@code SET autocommit}, {@code START
 * TRANSACTION}, {@code XA START}, {@code SET [SESSION] TRANSACTION ISOLATION LEVEL}; {@code LOCK
 * TABLES} is refused when the procedure is created (1314). A level set for the next transaction only
 * (no SESSION) is not shown by {@code @@tx_isolation}, survives the CALL and statements without a
 * table, and is used by the next statement that opens an InnoDB table.
 */
class MariaDbProcedureSessionTest extends MariaDbSessionTables {

    MariaDbProcedureSessionTest() {
        super("bloomgate_session_proc");
    }

    /** The driver and prepare mode (MySQL Connector/J: {@code MySqlConnectorJProcedureSessionTest}). */
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MARIADB_CLIENT_PREPARE;
    }

    @Override
    DataSource dataSource(String name) throws SQLException {
        return flavour().forDatabase(name, "allowMultiQueries=true");
    }

    @Override
    String[] moreSetUp() {
        return new String[] {"CREATE PROCEDURE open_tx() START TRANSACTION",
            "CREATE PROCEDURE open_xa() XA START 'proc'", "CREATE PROCEDURE no_autocommit() SET autocommit = 0",
            "CREATE PROCEDURE rr_next() SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
            "CREATE PROCEDURE to_rc() SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"};
    }




    /** Whether a lookup through another connection is answered soon (a CALL is an unknown write: the guard settles after the settler's scan). */
    private boolean answeredSoonElsewhere() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            for (int i = 0; i < 100; i++) {
                long before = avoided();
                assertThat(keys(s, "SELECT k FROM t WHERE k = " + (1000 + i))).isEmpty();
                if (avoided() > before) {
                    return true;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return false;
    }

    /** Runs {@code call} on {@code s}, then waits until the guard it unsettled has settled. */
    private void call(Statement s, String call) throws SQLException {
        s.execute(call);
        assertThat(answeredSoonElsewhere()).as("the guard has settled after %s", call).isTrue();
    }

    /**
     * Runs {@code call} on {@code s}, then gives the guard it unsettled a few seconds to settle: a
     * CALL is an unknown write, which settles at once in auto-commit and only at the end of a
     * transaction; a gate that took the session for auto-commit would settle it (and could then
     * answer), a right one does not.
     */
    private void callMaybeInTransaction(Statement s, String call) throws SQLException {
        s.execute(call);
        answeredSoonElsewhere();
    }

    /**
     * Reads k = 99 in {@code r}'s open REPEATABLE READ transaction, lets another session commit a row
     * with that key, and reads it again: the database's first read created the read view, so the
     * second finds nothing; had the gate answered the first, the read view would be created by the
     * second, after the commit, and find the row.
     */
    private void assertReadViewPredatesCommit(Statement r) throws SQLException {
        long before = avoided();
        assertThat(keys(r, "SELECT k FROM t WHERE k = 99")).isEmpty();
        boolean answered = avoided() > before;
        try (Connection writer = gate.dataSource().getConnection(); Statement w = writer.createStatement()) {
            w.executeUpdate("INSERT INTO t VALUES (99, 99)");
        }
        assertThat(keys(r, "SELECT k FROM t WHERE k = 99"))
                .as("REPEATABLE READ: the read view predates the commit (first lookup answered: %s)", answered).isEmpty();
    }

    /** A procedure's START TRANSACTION: auto-commit stays on, a REPEATABLE READ transaction is open. */
    @Test
    void procedureStartsTransaction() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            call(s, "CALL open_tx()");
            assertThat(c.getAutoCommit()).isTrue();
            try {
                assertReadViewPredatesCommit(s);
            } finally {
                s.execute("ROLLBACK");
            }
            assertThat(answeredSoonOn(s)).as("after the transaction, answered again").isTrue();
        }
    }

    /** A procedure's XA START (allowed in procedures, unlike LOCK TABLES): an XA transaction, REPEATABLE READ. */
    @Test
    void procedureStartsXaTransaction() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            call(s, "CALL open_xa()");
            try {
                assertReadViewPredatesCommit(s);
            } finally {
                s.execute("XA END 'proc'");
                s.execute("XA ROLLBACK 'proc'");
            }
        }
    }

    /** A procedure's SET autocommit = 0: the next lookup begins a REPEATABLE READ transaction. */
    @Test
    void procedureSwitchesAutoCommitOff() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            callMaybeInTransaction(s, "CALL no_autocommit()");
            try {
                assertReadViewPredatesCommit(s);
            } finally {
                s.execute("ROLLBACK");
                s.execute("SET autocommit = 1");
            }
        }
    }

    /**
     * A procedure sets REPEATABLE READ for the next transaction of a READ COMMITTED session (which
     * {@code @@tx_isolation} does not show): the application's next transaction runs REPEATABLE READ.
     */
    @Test
    void procedureSetsTheNextTransactionsLevel() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            warm(s);
            call(s, "CALL rr_next()");
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(false);
            try {
                assertReadViewPredatesCommit(s);
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
            assertThat(answeredSoonOn(s)).as("the level used up: READ COMMITTED auto-commit lookups answered").isTrue();
        }
    }

    /**
     * A procedure moves the session to READ COMMITTED inside a REPEATABLE READ transaction begun by a
     * write (no read view yet): the transaction keeps REPEATABLE READ, the session reads READ COMMITTED.
     */
    @Test
    void procedureMovesTheSessionLevelInsideATransaction() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO other VALUES (7)");
            callMaybeInTransaction(s, "CALL to_rc()");
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
            try {
                assertReadViewPredatesCommit(s);
            } finally {
                c.rollback();
                c.setAutoCommit(true);
                c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            }
        }
    }

    /** LOCK TABLES cannot be in a procedure (1314, at CREATE): a CALL never locks tables. */
    @Test
    void lockTablesIsRefusedInProcedures() {
        assertThatThrownBy(() -> H2Databases.run(direct, "CREATE PROCEDURE lock_other() LOCK TABLES other READ"))
                .isInstanceOf(SQLException.class).hasMessageContaining("not allowed in stored procedures");
    }

    private boolean answeredSoonOn(Statement s) throws SQLException {
        for (int i = 0; i < 100; i++) {
            long before = avoided();
            assertThat(keys(s, "SELECT k FROM t WHERE k = " + (2000 + i))).isEmpty();
            if (avoided() > before) {
                return true;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        return false;
    }

    /**
     * A READ COMMITTED transaction that only an answered lookup began: the database began it with
     * that lookup, so SET TRANSACTION then raises 1568 ("Transaction characteristics can't be changed
     * while a transaction is in progress"), whatever path the SET takes to the session.
     */
    private void afterAnAnsweredFirstLookup(Connection c, Statement s, SqlRun set) throws SQLException {
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        warm(s);
        c.setAutoCommit(false);
        try {
            long before = avoided();
            assertThat(keys(s, "SELECT k FROM t WHERE k = 5")).isEmpty();
            assertThat(avoided()).as("the transaction's first lookup answered").isEqualTo(before + 1);
            assertThatThrownBy(set::run).isInstanceOf(SQLException.class)
                    .hasMessageContaining("while a transaction is in progress");
        } finally {
            c.rollback();
            c.setAutoCommit(true);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        }
    }

    interface SqlRun {
        void run() throws SQLException;
    }

    /** executeBatch did not begin the transaction on the server first, as every other path does. */
    @Test
    void batchedSetTransactionAfterAnAnswer() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            afterAnAnsweredFirstLookup(c, s, () -> {
                try (Statement b = c.createStatement()) {
                    b.addBatch("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
                    b.executeBatch();
                }
            });
        }
    }

    @Test
    void preparedSetTransactionAfterAnAnswer() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            afterAnAnsweredFirstLookup(c, s, () -> {
                try (PreparedStatement p = c.prepareStatement("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")) {
                    p.execute();
                }
            });
        }
    }

    /** allowMultiQueries=true: the SET is the text's second statement. */
    @Test
    void multiStatementSetTransactionAfterAnAnswer() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            afterAnAnsweredFirstLookup(c, s, () -> {
                try (Statement m = c.createStatement()) {
                    m.execute("DO 1; SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
                    while (m.getMoreResults() || m.getUpdateCount() != -1) {
                        // read every result: the driver raises the second statement's error on the way
                    }
                }
            });
        }
    }
}
