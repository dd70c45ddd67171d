package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * H2 rolls the whole transaction back on a deadlock (40001), not only the failed statement: the
 * snapshots of tables its statements had read end with it. A REPEATABLE READ lookup is answered
 * only once the transaction has read the table (architecture.md section 5); after the deadlock the
 * gate still counted the table as read, answered the next lookup before the new transaction's
 * snapshot existed, and a later read in that transaction showed a row committed after the answer.
 */
class H2DeadlockTest {

    private JdbcDataSource db;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        db = H2Databases.memory();
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20) UNIQUE, v INT)",
                "INSERT INTO t SELECT X, 'k' || X, MOD(X, 10) FROM SYSTEM_RANGE(1, 100)");
        gate = BloomGate.builder(db).guard("t", "k").build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (db != null) {
            H2Databases.run(db, "SHUTDOWN");
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static boolean found(Connection c, String sql, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static SQLException update(Connection c, long id) {
        try {
            exec(c, "UPDATE t SET v = v WHERE id = " + id);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    @Test
    void aDeadlockEndsTheTransactionAndItsSnapshots() throws Exception {
        String lookup = "SELECT id FROM t WHERE k = ?";
        try (Connection a = gate.dataSource().getConnection(); Connection b = db.getConnection()) {
            assertThat(found(a, lookup, "warm")).isFalse();
            a.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            // H2 picks the deadlock's victim itself (the younger transaction, it seems): try until it is a.
            SQLException deadlock = null;
            for (int attempt = 0; attempt < 20 && deadlock == null; attempt++) {
                a.rollback();
                b.rollback();
                exec(b, "UPDATE t SET v = v WHERE id = 2"); // b's transaction first: H2 fails the younger one
                assertThat(found(a, "SELECT COUNT(*) FROM t WHERE v = ?", 3)).isTrue(); // a's snapshot of t
                exec(a, "UPDATE t SET v = v WHERE id = 1");
                CompletableFuture<SQLException> waitingA = CompletableFuture.supplyAsync(() -> update(a, 2));
                Thread.sleep(200);
                CompletableFuture<SQLException> waitingB = CompletableFuture.supplyAsync(() -> update(b, 1));
                SQLException onA = waitingA.get(10, TimeUnit.SECONDS);
                SQLException onB = waitingB.get(10, TimeUnit.SECONDS);
                if (onA != null) {
                    assertThat(onA.getErrorCode()).isEqualTo(40001);
                    assertThat((Object) onB).isNull();
                    b.commit();
                    deadlock = onA;
                }
            }
            assertThat((Object) deadlock).as("a was the deadlock's victim once in 20 attempts").isNotNull();
            // a's transaction was rolled back; its next statement begins a new one
            assertThat(found(a, lookup, "late")).isFalse(); // must take the new snapshot of t
            H2Databases.run(db, "INSERT INTO t VALUES (5000, 'late', 1)");
            assertThat(found(a, "SELECT id FROM t WHERE k = ? OR v = -1", "late"))
                    .as("a row committed after the lookup is not in the snapshot").isFalse();
            a.rollback();
        }
    }
}
