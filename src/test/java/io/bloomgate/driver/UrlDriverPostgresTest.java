package io.bloomgate.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.BloomGate;
import io.bloomgate.PostgresServer;
import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The {@code jdbc:bloomgate:} driver on PostgreSQL: pgjdbc's {@code ?} parameters pass through
 * untouched, the change feed brings other processes' writes, and closing the driver's gates saves
 * their snapshots.
 */
class UrlDriverPostgresTest {

    private PGSimpleDataSource pg;
    private String schema;

    @BeforeEach
    void createTable() throws SQLException {
        pg = PostgresServer.dataSource();
        String name = "drv_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        raw("CREATE SCHEMA " + name);
        schema = name;
        raw(
                "CREATE TABLE " + schema + ".tokens (id bigint PRIMARY KEY, token text NOT NULL UNIQUE)",
                "INSERT INTO " + schema + ".tokens SELECT g, 't-' || g FROM generate_series(1, 2000) g");
    }

    @AfterEach
    void drop() throws SQLException {
        BloomGateDriver.closeGates();
        if (schema == null) {
            return; // skipped: no server
        }
        raw("DROP SCHEMA " + schema + " CASCADE", "DELETE FROM bloomgate.guards WHERE schema_name = '" + schema + "'");
    }

    private void raw(String... statements) throws SQLException {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private Connection connect(String url) throws SQLException {
        Properties info = new Properties();
        if (pg.getUser() != null) { // a Testcontainers server: credentials beside the URL
            info.setProperty("user", pg.getUser());
            info.setProperty("password", pg.getPassword());
        }
        return DriverManager.getConnection(url, info);
    }

    @Test
    void lookupsThroughTheUrlWithTheChangeFeedAndSnapshotsOnClose() throws Exception {
        String url = "jdbc:bloomgate:guards=" + schema + ".tokens.token;snapshot-every=0:" + pg.getURL();
        String sql = "SELECT id FROM " + schema + ".tokens WHERE token = ?";
        try (Connection c = connect(url); PreparedStatement ps = c.prepareStatement(sql)) {
            BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
            assertThat(gate.stats("tokens", "token").state()).isEqualTo(GuardState.READY);
            ps.setString(1, "t-5");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
            for (int i = 0; i < 300; i++) {
                ps.setString(1, "missing-" + i);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isFalse();
                }
            }
            // 300 absent keys at p = 1% (expected ~3 false positives)
            assertThat(gate.stats("tokens", "token").avoided()).isGreaterThan(285);

            raw("INSERT INTO " + schema + ".tokens VALUES (9001, 'from-elsewhere')"); // not through the gate
            assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
            ps.setString(1, "from-elsewhere");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("another process's write, through the change log").isTrue();
                assertThat(rs.getLong(1)).isEqualTo(9001);
            }
        }
        BloomGateDriver.closeGates();
        try (Connection c = pg.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM bloomgate.snapshots sn JOIN bloomgate.guards g"
                        + " ON g.id = sn.guard_id WHERE g.schema_name = '" + schema + "'")) {
            rs.next();
            assertThat(rs.getInt(1)).as("snapshot-every=0: saved by close only").isEqualTo(1);
        }
        assertThat(BloomGateDriver.gate(url)).isEmpty();
    }

    @Test
    void anUnknownTableIsAClearErrorAndThePasswordIsMasked() {
        String url = "jdbc:bloomgate:guards=" + schema + ".tokenz.token:" + pg.getURL();
        assertThatThrownBy(() -> connect(url)).isInstanceOf(SQLException.class)
                .hasMessageContaining("there is no table " + schema + ".tokenz")
                .hasMessageContaining("tokens")
                .satisfies(e -> {
                    if (pg.getURL().contains("password=")) {
                        assertThat(e.getMessage()).contains("password=***");
                    }
                });
    }
}
