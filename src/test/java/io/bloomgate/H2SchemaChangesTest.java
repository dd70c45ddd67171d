package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.GuardProbe.Answer;
import io.bloomgate.GuardProbe.Path;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Table shapes and session settings that could make the H2 sync read the wrong column or answer
 * for a reader it cannot serve: invisible columns, columns renamed into the key's place, dirty
 * readers, SQL rebuilds from a session with a snapshot or uncommitted work, pools without
 * auto-commit.
 */
class H2SchemaChangesTest {

    private JdbcDataSource h2;
    private BloomGate gate;

    @BeforeEach
    void setUp() {
        h2 = H2Databases.memory();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        H2Databases.run(h2, "SHUTDOWN");
    }

    @Test
    void anInvisibleColumnBeforeTheKeyDoesNotShiftTheTriggersReading() throws SQLException {
        // JDBC metadata leaves INVISIBLE columns out, but the rows H2 hands to a trigger include them.
        H2Databases.run(h2, "CREATE TABLE users (seq BIGINT INVISIBLE GENERATED ALWAYS AS IDENTITY,"
                + " email VARCHAR(100) PRIMARY KEY)", "INSERT INTO users (email) VALUES ('first@example.com')");
        gate = BloomGate.builder(h2).guard("users", "email", 10_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "users", "email");
        probe.lookup("warm-up"); // the first run of the SQL text is real
        assertThat(probe.lookup("nobody@example.com")).isEqualTo(new Answer(false, Path.AVOIDED));
        H2Databases.run(h2, "INSERT INTO users (email) VALUES ('raw@example.com')");
        probe.assertFoundByFilter("raw@example.com");
    }

    @Test
    void aColumnRenamedIntoTheKeysPlaceStopsTheGuard() throws Exception {
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY, other BIGINT)",
                "INSERT INTO items SELECT X, X + 1000000 FROM SYSTEM_RANGE(1, 100)");
        gate = BloomGate.builder(h2).guard("items", "id", 10_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        assertThat(probe.lookup(1_000_050L)).isEqualTo(new Answer(false, Path.AVOIDED));
        // Renames happen in place (no copy, no new trigger): "id" now holds values never added.
        H2Databases.run(h2, "ALTER TABLE items ALTER COLUMN id RENAME TO old_id",
                "ALTER TABLE items ALTER COLUMN other RENAME TO id");
        assertThat(probe.find(1_000_050L)).as("a value of the renamed column").isTrue();
        assertThat(probe.stats().state()).isNotEqualTo(GuardState.READY);
    }

    @Test
    void readUncommittedReadersAreNeverAnsweredFromTheFilter() throws SQLException {
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY)", "INSERT INTO items VALUES (1)");
        gate = BloomGate.builder(h2).guard("items", "id", 10_000, 0.01).build();
        new GuardProbe(gate, "items", "id").warmUp();
        try (Connection c = gate.dataSource().getConnection()) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            long before = gate.stats("items", "id").bypassed(BypassReason.ISOLATION);
            assertThat(GuardProbe.find(c, "SELECT id FROM items WHERE id = ?", 424242L)).isFalse();
            assertThat(gate.stats("items", "id").bypassed(BypassReason.ISOLATION)).isEqualTo(before + 1);
        }
    }

    @Test
    void sqlRebuildsRefuseSessionsWithASnapshotOrUncommittedWork() throws Exception {
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY)", "INSERT INTO items VALUES (1), (2)");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            try (var reader = new java.io.FileReader("sql/h2/install.sql")) {
                org.h2.tools.RunScript.execute(c, reader);
            }
            s.execute("CALL BLOOM_GUARD('ITEMS', 'ID')");
            c.setAutoCommit(false);
            s.executeUpdate("DELETE FROM items WHERE id = 2"); // uncommitted, and rolled back below
            assertThatThrownBy(() -> s.execute("CALL BLOOM_REBUILD('ITEMS', 'ID')"))
                    .hasMessageContaining("without uncommitted changes");
            c.rollback();
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThatThrownBy(() -> s.execute("CALL BLOOM_REBUILD('ITEMS', 'ID')"))
                    .hasMessageContaining("READ COMMITTED");
            c.rollback();
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(true);
            s.execute("CALL BLOOM_REBUILD('ITEMS', 'ID')");
            try (ResultSet rs = s.executeQuery("SELECT BLOOM_MAY_CONTAIN('ITEMS', 'ID', 2)")) {
                rs.next();
                assertThat(rs.getBoolean(1)).as("key 2 is still in the table").isTrue();
            }
            s.execute("CALL BLOOM_UNGUARD('ITEMS', 'ID')");
        }
    }

    @Test
    void rebuildsWorkThroughAPoolWithoutAutoCommit() throws Exception {
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY)",
                "INSERT INTO items SELECT X FROM SYSTEM_RANGE(1, 1000)");
        HikariConfig config = new HikariConfig();
        config.setDataSource(h2);
        config.setAutoCommit(false);
        config.setMaximumPoolSize(4);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            gate = BloomGate.builder(pool).guard("items", "id", 10_000, 0.01).build();
            H2Databases.run(h2, "DELETE FROM items WHERE id > 500");
            long started = System.nanoTime();
            gate.rebuild(); // must not wait for its own connection's transaction
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
            assertThat(gate.stats("items", "id").rebuilds()).isEqualTo(1);
            try (Connection c = gate.dataSource().getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT id FROM items WHERE id = ?")) {
                ps.setLong(1, 400);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
                c.commit();
            }
            gate.close();
            gate = null;
        }
    }
}
