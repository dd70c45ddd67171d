package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * What tests of several gate instances on one PostgreSQL database share: each instance gets its
 * own HikariCP pool (as separate processes would); a table {@code (id bigint PRIMARY KEY, name
 * text)} holds {@value #ROWS} rows with the even ids 2 ... 2 × ROWS; lookups go through an instance.
 */
abstract class PostgresInstances {

    static final int ROWS = 3_000;
    static final long FEED_MILLIS = 10_000;

    final PGSimpleDataSource pg = PostgresServer.dataSource();
    final String table;
    private final List<AutoCloseable> closing = new ArrayList<>();

    PostgresInstances(String table) {
        this.table = table;
    }

    void createTable(String t) throws SQLException {
        raw("CREATE TABLE " + t + " (id bigint PRIMARY KEY, name text)",
                "INSERT INTO " + t + " SELECT g * 2, 'n' || g FROM generate_series(1, " + ROWS + ") g");
    }

    /** Closes the instances and pools (newest first), before the subclass drops its tables. */
    @AfterEach
    void closeInstances() {
        for (int i = closing.size() - 1; i >= 0; i--) {
            try {
                closing.get(i).close();
            } catch (Exception e) {
                // keep closing the others
            }
        }
        closing.clear();
    }

    HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setDataSource(pg);
        config.setMaximumPoolSize(4);
        HikariDataSource pool = new HikariDataSource(config);
        closing.add(pool);
        return pool;
    }

    BloomGate instance(BloomGate.Builder builder) throws SQLException {
        BloomGate gate = builder.build();
        closing.add(gate);
        return gate;
    }

    /** A gate instance on {@code table.id}, with its own pool. */
    BloomGate instance() throws SQLException {
        return instance(BloomGate.builder(pool()).guard(table, "id"));
    }

    void raw(String... sql) throws SQLException {
        H2Databases.run(pg, sql);
    }

    /** Whether a lookup through the gate finds the row (the filter must never hide a committed one). */
    boolean found(BloomGate gate, long id) throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            return found(c, table, id);
        }
    }

    static boolean found(Connection c, String t, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM " + t + " WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Waits for the feed to read everything committed before this call. */
    static void caughtUp(BloomGate gate) throws InterruptedException {
        assertThat(gate.awaitChangeFeed(FEED_MILLIS)).as("the change feed completed a read").isTrue();
    }

    long count(String sql) throws SQLException {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
