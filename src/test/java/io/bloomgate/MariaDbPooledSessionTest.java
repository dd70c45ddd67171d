package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
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
 * What a pooled MariaDB session is, when JDBC calls moved it: {@code setCatalog} runs {@code USE}
 * (unqualified names then read another database's table), and a pool under the gate (HikariCP)
 * sets the isolation level back to its default when the connection returns, behind the gate, so
 * what one user's session was read to be must not be what the next user's is taken to be.
 */
class MariaDbPooledSessionTest {

    private static final String DB = "bloomgate_review_pool";
    private BloomGate gate;
    private HikariDataSource pool;

    @BeforeEach
    void setUp() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + DB, "CREATE DATABASE " + DB);
        DataSource direct = MySqlServer.forDatabase(DB);
        H2Databases.run(direct, "CREATE TABLE t (k BIGINT PRIMARY KEY, v INT) ENGINE=InnoDB",
                "INSERT INTO t VALUES (1, 1), (2, 2)");
        HikariConfig config = new HikariConfig();
        config.setDataSource(direct);
        config.setMaximumPoolSize(5);
        config.setConnectionTimeout(2_000);
        pool = new HikariDataSource(config);
        gate = BloomGate.builder(pool).guard("t", "k", 10_000, 0.01).build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (pool != null) {
            pool.close();
        }
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + DB);
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
        return gate.stats("t", "k").avoided();
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
