package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.BypassReason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MySQL/MariaDB statement forms jOOQ's parser does not read, on the server: locking reads (answered
 * only with {@code SKIP LOCKED} at READ COMMITTED, where InnoDB neither locks the gap of an absent key
 * nor waits for an uncommitted insert of it), {@code INSERT IGNORE} and {@code REPLACE} (writes whose
 * keys are known, so the guard stays settled, unless IGNORE would store another value than written).
 */
class MariaDbMySqlFormsTest extends MariaDbGuardedTable {

    MariaDbMySqlFormsTest() {
        super("mf_", "(id INT PRIMARY KEY, v INT)",
                "(1, 10), (2, 20)");
    }

    private static List<Integer> rows(Connection c, String sql, long key) throws SQLException {
        List<Integer> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getInt(1));
                }
            }
        }
        return out;
    }

    private long avoided() {
        return gate.stats(t, "id").avoided();
    }

    private long bypassed(BypassReason reason) {
        return gate.stats(t, "id").bypassedByReason().getOrDefault(reason, 0L);
    }

    private static void readCommitted(Connection c) throws SQLException {
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    }

    // ---------------------------------------------------------------- locking reads

    @ParameterizedTest
    @ValueSource(strings = {"FOR UPDATE SKIP LOCKED", "LOCK IN SHARE MODE SKIP LOCKED"})
    void aSkipLockedReadOfAnAbsentKeyIsAnsweredAtReadCommitted(String lock) throws SQLException {
        String sql = "SELECT v FROM " + t + " WHERE id = ? " + lock;
        try (Connection c = gate.dataSource().getConnection()) {
            readCommitted(c);
            c.setAutoCommit(false);
            for (int i = 0; i < 3; i++) {
                assertThat(rows(c, sql, 99)).isEmpty();
                assertThat(rows(c, sql, 1)).containsExactly(10);
            }
            c.commit();
        }
        assertThat(avoided()).as("answered: %s", gate.stats(t, "id").bypassedByReason()).isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"FOR UPDATE SKIP LOCKED", "LOCK IN SHARE MODE SKIP LOCKED"})
    void aSkipLockedReadAtRepeatableReadPassesThroughAndLocksTheGap(String lock) throws Exception {
        String sql = "SELECT v FROM " + t + " WHERE id = ? " + lock;
        try (Connection c = gate.dataSource().getConnection(); Connection other = db.getConnection()) {
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            for (int i = 0; i < 3; i++) { // autocommit: still REPEATABLE READ, still passed through
                assertThat(rows(c, sql, 99)).isEmpty();
            }
            c.setAutoCommit(false);
            assertThat(rows(c, sql, 99)).isEmpty();
            // The database took a gap lock: another session's insert of the key waits for it.
            exec(other, "SET SESSION innodb_lock_wait_timeout = 1");
            assertThat(insertFails(other, "INSERT INTO " + t + " VALUES (99, 990)"))
                    .as("the insert waits on the locking read's gap lock").isTrue();
            c.rollback();
        }
        assertThat(avoided()).isZero();
        assertThat(bypassed(BypassReason.ISOLATION)).isPositive();
    }

    @Test
    void aSkipLockedReadSkipsAnUncommittedInsertLikeThePlainRead() throws SQLException {
        String sql = "SELECT v FROM " + t + " WHERE id = ? FOR UPDATE SKIP LOCKED";
        try (Connection writer = db.getConnection(); Connection c = gate.dataSource().getConnection()) {
            writer.setAutoCommit(false);
            exec(writer, "INSERT INTO " + t + " VALUES (77, 770)");
            readCommitted(c);
            try (Connection direct = db.getConnection()) {
                readCommitted(direct);
                assertThat(rows(direct, sql, 77)).as("the database skips the uncommitted row").isEmpty();
            }
            assertThat(rows(c, sql, 77)).isEmpty();
            writer.commit();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"FOR UPDATE", "LOCK IN SHARE MODE", "FOR UPDATE NOWAIT"})
    void otherLockingReadsWaitForAnUncommittedInsertAndPassThrough(String lock) throws Exception {
        String sql = "SELECT v FROM " + t + " WHERE id = ? " + lock;
        try (Connection writer = db.getConnection(); Connection c = gate.dataSource().getConnection()) {
            readCommitted(c);
            c.setAutoCommit(false);
            for (int i = 0; i < 2; i++) {
                assertThat(rows(c, sql, 77)).isEmpty();
            }
            writer.setAutoCommit(false);
            exec(writer, "INSERT INTO " + t + " VALUES (77, 770)");
            if (lock.endsWith("NOWAIT")) {
                assertThat(queryFails(c, sql, 77)).as("NOWAIT meets the uncommitted row's lock").isTrue();
                writer.rollback();
                return;
            }
            // At READ COMMITTED the database waits for the inserting transaction and returns its row,
            // which no filter can know of before the commit.
            CompletableFuture<List<Integer>> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return rows(c, sql, 77);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            assertThat(read).as("the locking read waits for the writer").isNotDone();
            writer.commit();
            assertThat(read.get(10, TimeUnit.SECONDS)).containsExactly(770);
            c.commit();
        }
        assertThat(avoided()).isZero();
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static boolean insertFails(Connection c, String sql) {
        try {
            exec(c, sql);
            return false;
        } catch (SQLException e) {
            return true;
        }
    }

    private static boolean queryFails(Connection c, String sql, long key) {
        try {
            rows(c, sql, key);
            return false;
        } catch (SQLException e) {
            return true;
        }
    }

    // ---------------------------------------------------------------- INSERT IGNORE, REPLACE

    @ParameterizedTest
    @ValueSource(strings = {"INSERT IGNORE INTO %s (id, v) VALUES (?, 1)", "INSERT IGNORE %s (id, v) VALUES (?, 1)",
        "REPLACE INTO %s (id, v) VALUES (?, 1)", "REPLACE %s (id, v) VALUES (?, 1)", "REPLACE INTO %s SET id = ?, v = 1",
        "INSERT IGNORE INTO %s (id, v) VALUES (1, 1), (?, 1)"})
    void insertIgnoreAndReplaceOfKnownKeysKeepTheGuardSettled(String pattern) throws SQLException {
        String select = "SELECT v FROM " + t + " WHERE id = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            readCommitted(c);
            rows(c, select, 98); // the text's first execution (its metadata)
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(String.format(pattern, t))) {
                ps.setLong(1, 50);
                ps.executeUpdate();
            }
            // A lookup of the table that goes to the server: the transaction has begun there (a
            // write without INTO is a write, not a function call: SessionEffectsTest).
            rows(c, select, 97);
            long before = avoided();
            assertThat(rows(c, select, 98)).isEmpty();
            assertThat(avoided()).as("answered in the writing transaction: %s",
                    gate.stats(t, "id").bypassedByReason()).isEqualTo(before + 1);
            assertThat(rows(c, select, 50)).containsExactly(1);
            c.commit();
        }
        assertThat(bypassed(BypassReason.UNSETTLED)).isZero();
    }

    @Test
    void insertIgnoreOfAnOutOfRangeKeyStoresAnotherKeyAndTheGuardWaitsForIt() throws SQLException {
        String select = "SELECT v FROM " + t + " WHERE id = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            readCommitted(c);
            c.setAutoCommit(false);
            rows(c, select, 98);
            try (PreparedStatement ps = c.prepareStatement("INSERT IGNORE INTO " + t + " (id, v) VALUES (?, 7)")) {
                ps.setLong(1, 5_000_000_000L); // an INT column: stored as 2147483647, with a warning
                ps.executeUpdate();
            }
            exec(c, "INSERT IGNORE INTO " + t + " (id, v) VALUES (-5000000000, 8)"); // -2147483648
            assertThat(rows(c, select, Integer.MAX_VALUE)).containsExactly(7);
            assertThat(rows(c, select, Integer.MIN_VALUE)).containsExactly(8);
            c.commit();
        }
    }

    /**
     * {@code ON DUPLICATE KEY UPDATE} may store a key no VALUES row carries (the clash's row gets the
     * updated key): the writing session must find it at once, before the feed has read the log.
     */
    @ParameterizedTest
    @ValueSource(strings = {"INSERT INTO %s (id, v) VALUES (1, 5) ON DUPLICATE KEY UPDATE id = 60",
        "INSERT INTO %s (id, v) VALUES (1, 5) ON DUPLICATE KEY UPDATE id = id + 59",
        "INSERT INTO %s (id, v) VALUES (1, 5) ON DUPLICATE KEY UPDATE id = VALUES(id) + 59, v = 10",
        "INSERT INTO %s (id, v) VALUES (1, 5) AS n ON DUPLICATE KEY UPDATE id = n.id + 59",
        "INSERT INTO %s SET id = 1, v = 5 ON DUPLICATE KEY UPDATE id = 60",
        "INSERT INTO %s (id, v) SELECT 1, 5 ON DUPLICATE KEY UPDATE id = 60"})
    void onDuplicateKeyUpdateOfTheKeyIsFoundByTheWriterAtOnce(String pattern) throws SQLException {
        String select = "SELECT v FROM " + t + " WHERE id = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            readCommitted(c);
            c.setAutoCommit(false);
            rows(c, select, 98); // the text's first execution (its metadata)
            try {
                exec(c, String.format(pattern, t));
            } catch (SQLException e) {
                // MariaDB 10.11 has no row alias (MySQL 8.0.19+): the form must fail the same way raw
                try (Connection raw = db.getConnection()) {
                    raw.setAutoCommit(false);
                    org.assertj.core.api.Assertions.assertThatThrownBy(() -> exec(raw, String.format(pattern, t)))
                            .isInstanceOf(SQLException.class);
                    raw.rollback();
                }
                return;
            }
            assertThat(rows(c, select, 60)).as(pattern).containsExactly(10);
            assertThat(rows(c, select, 1)).isEmpty();
            c.commit();
        }
        try (Connection c = gate.dataSource().getConnection()) {
            assertThat(rows(c, select, 60)).as("another session, after the commit").containsExactly(10);
        }
    }

    @Test
    void setStatementForAnInsertMakesTheGuardWaitForItsKey() throws SQLException {
        String select = "SELECT v FROM " + t + " WHERE id = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            readCommitted(c);
            c.setAutoCommit(false);
            rows(c, select, 98);
            // MariaDB runs the INSERT after FOR: a key the filter cannot know until the feed reads it
            exec(c, "SET STATEMENT max_statement_time = 10 FOR INSERT INTO " + t + " VALUES (77, 770)");
            assertThat(rows(c, select, 77)).containsExactly(770);
            c.commit();
        }
    }
}
