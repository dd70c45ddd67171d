package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A deadlock rolls the victim's whole transaction back (InnoDB), and its next statement begins a new
 * one: a lookup then must go to the server again, or {@code SET TRANSACTION} after it succeeds where
 * the database raises 1568 (and a level set in between would become the new transaction's).
 */
class MariaDbDeadlockTest {

    private static final String DB = "bloomgate_deadlock";
    private BloomGate gate;
    private DataSource direct;

    @BeforeEach
    void setUp() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + DB, "CREATE DATABASE " + DB);
        direct = MySqlServer.forDatabase(DB);
        H2Databases.run(direct, "CREATE TABLE t (k BIGINT PRIMARY KEY, v INT) ENGINE=InnoDB",
                "CREATE TABLE heavy (k BIGINT PRIMARY KEY) ENGINE=InnoDB",
                "INSERT INTO t VALUES (1, 1), (2, 2)");
        gate = BloomGate.builder(direct).guard("t", "k", 10_000, 0.01).build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + DB);
    }

    private long avoided() {
        return gate.stats("t", "k").avoided();
    }

    private static void query(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rs.getLong(1);
            }
        }
    }

    @Test
    void aDeadlockEndsTheTransaction() throws Exception {
        String db = scenario(direct);
        String viaGate = scenario(gate.dataSource());
        assertThat(db).isEqualTo("SET TRANSACTION failed 1568");
        assertThat(viaGate).isEqualTo(db);
    }

    private String scenario(DataSource source) throws Exception {
        try (Connection a = source.getConnection(); Statement as = a.createStatement();
                Connection b = direct.getConnection(); Statement bs = b.createStatement()) {
            query(as, "SELECT k FROM t WHERE k = 1");
            query(as, "SELECT k FROM t WHERE k = 3");
            a.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            b.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            query(as, "SELECT k FROM t WHERE k = 1 FOR UPDATE"); // touches t: the transaction has begun
            long before = avoided();
            query(as, "SELECT k FROM t WHERE k = 4");
            if (source != direct) {
                assertThat(avoided()).as("answered once begun").isEqualTo(before + 1);
            }
            StringBuilder many = new StringBuilder("INSERT INTO heavy VALUES (0)");
            for (int i = 1; i < 500; i++) {
                many.append(", (").append(i).append(')');
            }
            bs.executeUpdate(many.toString()); // B is heavier: A is the deadlock's victim
            bs.executeUpdate("UPDATE t SET v = v + 1 WHERE k = 2");
            CompletableFuture<Integer> blocked = CompletableFuture.supplyAsync(() -> {
                try {
                    return bs.executeUpdate("UPDATE t SET v = v + 1 WHERE k = 1");
                } catch (SQLException e) {
                    throw new RuntimeException(e);
                }
            });
            Thread.sleep(300);
            assertThatThrownBy(() -> query(as, "SELECT k FROM t WHERE k = 2 FOR UPDATE"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("eadlock");
            blocked.get(10, TimeUnit.SECONDS);
            b.rollback();
            // A's transaction was rolled back by the server. Its next statement (this lookup) begins a new one,
            // after which SET TRANSACTION raises 1568 on the database; through the gate, the answered lookup's
            // transaction is begun on the server before SET TRANSACTION reaches it.
            before = avoided();
            query(as, "SELECT k FROM t WHERE k = 5");
            boolean answered = avoided() > before;
            String outcome;
            try {
                as.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
                outcome = "SET TRANSACTION succeeded";
            } catch (SQLException e) {
                outcome = "SET TRANSACTION failed " + e.getErrorCode();
            } finally {
                a.rollback();
                H2Databases.run(direct, "DELETE FROM heavy");
            }
            if (source != direct) {
                assertThat(answered).as("the lookup after the deadlock, answered (READ COMMITTED)").isTrue();
            }
            return outcome;
        }
    }
}
