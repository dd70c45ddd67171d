package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What code the gate does not see can do to a PostgreSQL session's transaction and isolation level.
 * Less than on MySQL: a procedure may COMMIT only when CALL runs outside a transaction block, and its
 * transactions end with the CALL; a function runs inside a query, after the transaction's snapshot
 * exists, so {@code set_config('transaction_isolation', ...)} raises 25001 there. What remains is the
 * session's default for later transactions ({@code default_transaction_isolation}), which the gate
 * reads again after any text that may run code.
 */
class PostgresProcedureSessionTest {

    private final String suffix = "p" + Long.toHexString(System.nanoTime());
    private DataSource db;
    private BloomGate gate;

    private String t() {
        return "proc_t_" + suffix;
    }

    @BeforeEach
    void setUp() throws SQLException {
        db = PostgresServer.dataSource();
        H2Databases.run(db, "CREATE TABLE " + t() + " (k BIGINT PRIMARY KEY, v INT)",
                "INSERT INTO " + t() + " VALUES (1, 1), (2, 2)",
                "CREATE FUNCTION rr_default_" + suffix + "() RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                        + " PERFORM set_config('default_transaction_isolation', 'repeatable read', false); RETURN 1; END $$",
                "CREATE FUNCTION level_now_" + suffix + "() RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                        + " PERFORM set_config('transaction_isolation', 'repeatable read', false); RETURN 1; END $$",
                "CREATE PROCEDURE commit_inside_" + suffix + "() LANGUAGE plpgsql AS $$ BEGIN"
                        + " INSERT INTO " + t() + " VALUES (50, 50); COMMIT; END $$");
        gate = BloomGate.builder(db).guard(t(), "k", 10_000, 0.01).build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        H2Databases.run(db, "DROP TABLE IF EXISTS " + t(), "DROP FUNCTION IF EXISTS rr_default_" + suffix + "()",
                "DROP FUNCTION IF EXISTS level_now_" + suffix + "()",
                "DROP PROCEDURE IF EXISTS commit_inside_" + suffix + "()");
    }

    private static List<Long> keys(Statement s, String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    private long avoided() {
        return gate.stats(t(), "k").avoided();
    }

    private void warm(Statement s) throws SQLException {
        keys(s, "SELECT k FROM " + t() + " WHERE k = 1");
        keys(s, "SELECT k FROM " + t() + " WHERE k = 3");
        long before = avoided();
        keys(s, "SELECT k FROM " + t() + " WHERE k = 4");
        assertThat(avoided()).as("warmed: absent keys answered").isEqualTo(before + 1);
    }

    /**
     * A function sets the session's default level to REPEATABLE READ (nothing in the calling text
     * says so): the next transaction is REPEATABLE READ, and its first lookup must take the snapshot
     * (were it answered as READ COMMITTED, the snapshot would be taken by a later read, after a commit).
     */
    @Test
    void functionSetsTheDefaultLevel() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            keys(s, "SELECT rr_default_" + suffix + "()");
            c.setAutoCommit(false);
            try {
                long before = avoided();
                assertThat(keys(s, "SELECT k FROM " + t() + " WHERE k = 99")).isEmpty();
                boolean answered = avoided() > before;
                try (Connection w = db.getConnection(); Statement ws = w.createStatement()) {
                    ws.executeUpdate("INSERT INTO " + t() + " VALUES (99, 99)");
                }
                assertThat(keys(s, "SELECT k FROM " + t() + " WHERE k = 99"))
                        .as("REPEATABLE READ: the snapshot predates the commit (first lookup answered: %s)", answered)
                        .isEmpty();
            } finally {
                c.rollback();
            }
        }
    }

    /**
     * A procedure that COMMITs, called in a transaction whose only statement so far the gate answered:
     * the database refuses it (2D000), as it would have after the lookup it did not run.
     */
    @Test
    void procedureCommittingInsideATransaction() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            c.setAutoCommit(false);
            try {
                long before = avoided();
                assertThat(keys(s, "SELECT k FROM " + t() + " WHERE k = 6")).isEmpty();
                assertThat(avoided()).isEqualTo(before + 1);
                assertThatThrownBy(() -> s.execute("CALL commit_inside_" + suffix + "()"))
                        .isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("2D000"));
            } finally {
                c.rollback();
            }
        }
    }

    /**
     * A function setting the open transaction's level after an answered first lookup: the database
     * raises 25001 (the lookup took the snapshot), and so must the gate's session.
     */
    @Test
    void functionSettingTheOpenTransactionsLevel() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            c.setAutoCommit(false);
            try {
                long before = avoided();
                assertThat(keys(s, "SELECT k FROM " + t() + " WHERE k = 6")).isEmpty();
                assertThat(avoided()).isEqualTo(before + 1);
                assertThatThrownBy(() -> keys(s, "SELECT level_now_" + suffix + "()"))
                        .isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25001"));
            } finally {
                c.rollback();
            }
        }
    }

    /** In auto-commit the procedure's COMMIT is allowed and its transactions end with the CALL. */
    @Test
    void procedureCommittingInAutoCommit() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            s.execute("CALL commit_inside_" + suffix + "()");
            assertThat(keys(s, "SELECT k FROM " + t() + " WHERE k = 50")).containsExactly(50L);
        }
    }
}
