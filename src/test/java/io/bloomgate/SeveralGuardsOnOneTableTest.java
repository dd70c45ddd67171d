package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A table guarded on two key columns has two filters: a lookup on either column is answered from
 * its own filter, and one write through the gate adds its keys to both before it executes.
 */
class SeveralGuardsOnOneTableTest {

    private JdbcDataSource h2;
    private BloomGate gate;
    private DataSource ds;

    @BeforeEach
    void setUp() throws SQLException {
        h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE accounts (id BIGINT PRIMARY KEY, email VARCHAR(100) UNIQUE, name VARCHAR(40))",
                "INSERT INTO accounts SELECT X, 'u' || X || '@example.com', 'n' || X FROM SYSTEM_RANGE(1, 200)");
        gate = BloomGate.builder(h2).guard("accounts", "id").guard("accounts", "email").build();
        ds = gate.dataSource();
        assertThat(findById(-1)).isFalse(); // first runs are real: they capture the empty answer's metadata
        assertThat(findByEmail("nobody")).isFalse();
    }

    @AfterEach
    void tearDown() throws SQLException {
        gate.close();
        H2Databases.run(h2, "SHUTDOWN");
    }

    private boolean findById(long id) throws SQLException {
        return find("SELECT name FROM accounts WHERE id = ?", id);
    }

    private boolean findByEmail(String email) throws SQLException {
        return find("SELECT name FROM accounts WHERE email = ?", email);
    }

    private boolean find(String sql, Object key) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Test
    void eachColumnHasItsOwnFilterAndStats() throws SQLException {
        assertThat(findById(42)).isTrue();
        assertThat(findByEmail("u42@example.com")).isTrue();
        long idAvoided = gate.stats("accounts", "id").avoided();
        long emailAvoided = gate.stats("accounts", "email").avoided();
        assertThat(findById(1_000_000)).isFalse();
        assertThat(findByEmail("u1000000@example.com")).isFalse();
        // Each absent key is answered by its own guard (a false positive at p = 1% would pass through
        // and still return nothing: the counts then differ by one, so check the sum of both outcomes).
        assertThat(gate.stats("accounts", "id").avoided() + gate.stats("accounts", "id").falsePositives())
                .isGreaterThan(idAvoided);
        assertThat(gate.stats("accounts", "email").avoided() + gate.stats("accounts", "email").falsePositives())
                .isGreaterThan(emailAvoided);
        assertThat(gate.stats()).extracting(GuardStats::column).containsExactly("ID", "EMAIL");
    }

    @Test
    void oneInsertAddsItsKeysToBothGuards() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO accounts (email, id, name) VALUES (?, ?, 'new')")) {
            ps.setString(1, "fresh@example.com");
            ps.setLong(2, 5_000);
            ps.executeUpdate();
        }
        assertThat(findById(5_000)).isTrue();
        assertThat(findByEmail("fresh@example.com")).isTrue();
    }

    @Test
    void aBatchAddsEveryRowsKeysToBothGuards() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO accounts VALUES (?, ?, ?)")) {
            for (int i = 0; i < 500; i++) {
                ps.setInt(1, 10_000 + i);
                ps.setString(2, "batch" + i + "@example.com");
                ps.setString(3, "b");
                ps.addBatch();
            }
            ps.executeBatch();
        }
        for (int i = 0; i < 500; i++) {
            assertThat(findById(10_000 + i)).as("id %d", 10_000 + i).isTrue();
            assertThat(findByEmail("batch" + i + "@example.com")).as("email %d", i).isTrue();
        }
    }

    @Test
    void anUpdateOfOneKeyColumnAddsToThatGuard() throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE accounts SET email = 'renamed@example.com' WHERE id = 7");
            s.executeUpdate("UPDATE accounts SET id = 7007, email = 'both@example.com' WHERE id = 8");
        }
        assertThat(findByEmail("renamed@example.com")).isTrue();
        assertThat(findById(7007)).isTrue();
        assertThat(findByEmail("both@example.com")).isTrue();
    }
}
