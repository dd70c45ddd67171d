package io.bloomgate.report;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;

/**
 * A gate guarding {@code <table>.email} and {@code <table>.id} of a fresh in-memory H2 database
 * (its own name) holding users 1 to 1,000 ({@code user<n>@example.org}). Uses no Micrometer, so
 * the test without it runs it too.
 */
final class GuardedUsers implements AutoCloseable {

    static final int ROWS = 1_000;

    final String table;
    final JdbcDataSource h2;
    final BloomGate gate;
    private boolean gateClosed;

    GuardedUsers(String table) throws SQLException {
        this.table = table;
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:metrics-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL UNIQUE)");
            s.execute("INSERT INTO " + table + " SELECT X, 'user' || X || '@example.org' FROM SYSTEM_RANGE(1, " + ROWS
                    + ")");
        }
        gate = BloomGate.builder(h2).guard(table, "email").guard(table, "id").build();
    }

    /** Looks {@code email} up through the gate; true if a row came back. */
    boolean exists(String email) throws SQLException {
        try (Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id FROM " + table + " WHERE email = ?")) {
            ps.setString(1, email);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * The first lookup of its SQL text (a {@code FIRST_EXECUTION} bypass), then {@code absent}
     * lookups of absent emails and {@code present} of present ones.
     */
    GuardedUsers lookUp(int absent, int present) throws SQLException {
        exists("first@example.org");
        for (int i = 0; i < absent; i++) {
            exists("absent" + i + "@example.org");
        }
        for (int i = 1; i <= present; i++) {
            exists("user" + i + "@example.org");
        }
        return this;
    }

    /** A statement the gate cannot answer (an aggregate without GROUP BY). */
    /** An aggregate whose row on empty input may differ between executions (NOW()): always passed through. */
    long count() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*), NOW() FROM " + table + " WHERE email = 'x'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    void closeGate() {
        if (!gateClosed) {
            gateClosed = true;
            gate.close();
        }
    }

    @Override
    public void close() throws SQLException {
        closeGate();
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }
}
