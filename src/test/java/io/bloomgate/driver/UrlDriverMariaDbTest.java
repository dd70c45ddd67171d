package io.bloomgate.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.BloomGate;
import io.bloomgate.MySqlServer;
import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The {@code jdbc:bloomgate:} driver on MariaDB (BLOOMGATE_MYSQL_URL, a database of its own per
 * test), in front of MariaDB Connector/J ({@code jdbc:mariadb://}) and MySQL Connector/J ({@code
 * jdbc:mysql://}): the driver's {@code ?} parameters pass through untouched, absent keys are
 * answered, other processes' writes arrive through the change feed, and what the gate cannot guard
 * on MySQL is an error naming it.
 */
class UrlDriverMariaDbTest {

    private final String database = "bloomgate_u" + Long.toHexString(System.nanoTime());
    private MariaDbDataSource db;

    @BeforeEach
    void createTable() throws SQLException {
        raw(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        db = MySqlServer.forDatabase(database);
        raw(db, "CREATE TABLE tokens (id BIGINT PRIMARY KEY, token VARCHAR(64) COLLATE utf8mb4_bin NOT NULL UNIQUE,"
                        + " label VARCHAR(64) NOT NULL)",
                // a recursive CTE: MySQL has no seq_ tables (MariaDB stops recursion at 1,000 by default)
                "SET SESSION max_recursive_iterations = 10000",
                "INSERT INTO tokens WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < 2000)"
                        + " SELECT i, CONCAT('t-', i), CONCAT('Label ', i) FROM g");
    }

    @AfterEach
    void drop() throws SQLException {
        BloomGateDriver.closeGates();
        if (db != null) {
            raw(db, "DROP DATABASE " + database);
        }
    }

    private static void raw(javax.sql.DataSource ds, String... statements) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** The server's URL for this test's database, through MySQL Connector/J's scheme. */
    private String mysqlUrl() {
        return MySqlServer.url(database).replaceFirst("^jdbc:mariadb:", "jdbc:mysql:");
    }

    @Test
    void mariadbConnectorJ() throws Exception {
        lookupsAndTheChangeFeedThrough("jdbc:bloomgate:guards=tokens.token,tokens.id;fpp=0.001:"
                + MySqlServer.url(database), "MariaDB Connector/J");
    }

    @Test
    void mysqlConnectorJ() throws Exception {
        lookupsAndTheChangeFeedThrough("jdbc:bloomgate:guards=tokens.token,tokens.id;fpp=0.001:" + mysqlUrl(),
                "MySQL Connector/J");
    }

    private void lookupsAndTheChangeFeedThrough(String url, String driverName) throws Exception {
        String sql = "SELECT id, label FROM tokens WHERE token = ?";
        try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(sql)) {
            assertThat(c.getMetaData().getDriverName()).as("the driver in use").isEqualTo(driverName);
            BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
            assertThat(gate.stats()).allMatch(g -> g.state() == GuardState.READY);
            assertThat(gate.stats()).extracting(g -> g.table() + "." + g.column())
                    .containsExactly(database + ".tokens.token", database + ".tokens.id");
            ps.setString(1, "t-5");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(5);
                assertThat(rs.getString(2)).isEqualTo("Label 5");
            }
            for (int i = 0; i < 300; i++) {
                ps.setString(1, "missing-" + i);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isFalse();
                    assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("label");
                }
            }
            // 300 absent keys at p = 0.1%
            assertThat(gate.stats("tokens", "token").avoided()).isGreaterThan(295);
            try (PreparedStatement count = c.prepareStatement("SELECT COUNT(*) FROM tokens WHERE id = ?")) {
                for (long id = 5_000; id < 5_100; id++) {
                    count.setLong(1, id);
                    try (ResultSet rs = count.executeQuery()) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getLong(1)).isZero();
                    }
                }
            }
            assertThat(gate.stats("tokens", "id").avoided()).as("existence checks by id").isGreaterThan(95);

            raw(db, "INSERT INTO tokens VALUES (9001, 'from-elsewhere', 'x')"); // not through the gate
            assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
            ps.setString(1, "from-elsewhere");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("another process's write, through the change log").isTrue();
                assertThat(rs.getLong(1)).isEqualTo(9001);
            }
        }
    }

    @Test
    void whatCannotBeGuardedIsAnErrorNamingIt() throws SQLException {
        String server = MySqlServer.url(database);
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=tokenz.token:" + server))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("tokenz")
                .hasMessageContaining("tokens") // the tables that do exist
                .satisfies(e -> {
                    if (server.contains("password=")) {
                        assertThat(e.getMessage()).contains("password=***").doesNotContain("password=bloomgate");
                    }
                });
        // nickname is VARCHAR in a language-tailored collation ('ch' is one letter in Czech): no
        // per-character weight table reproduces its equality, so it cannot be guarded.
        raw(db, "CREATE TABLE nicknames (id BIGINT PRIMARY KEY, nickname VARCHAR(64) COLLATE utf8mb4_czech_ci)");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=nicknames.nickname:" + server))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("nickname")
                .hasMessageContaining("utf8mb4_czech_ci")
                .hasMessageContaining("collation");
        // The failed gates are not kept: a corrected URL to the same database builds one.
        try (Connection c = DriverManager.getConnection("jdbc:bloomgate:guards=tokens.token:" + server)) {
            assertThat(c.isValid(1)).isTrue();
        }
    }

    @Test
    void theSchemeWithoutJdbcIsRefusedShowingTheForm() {
        String server = MySqlServer.url(database);
        String shorthand = "jdbc:bloomgate:" + server.substring("jdbc:".length()); // jdbc:bloomgate:mariadb://...
        assertThatThrownBy(() -> DriverManager.getConnection(shorthand))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("jdbc:bloomgate:<options>:jdbc:mariadb://")
                .hasMessageContaining("guards=")
                .hasMessageNotContaining("password=bloomgate");
    }

    @Test
    void awaitTablesPassesThroughUntilAMigrationCreatedThemThenBuildsTheGate() throws Exception {
        String url = "jdbc:bloomgate:guards=orders.code;await-tables=true:" + MySqlServer.url(database);
        try (Connection migration = DriverManager.getConnection(url); Statement s = migration.createStatement()) {
            assertThat(BloomGateDriver.gate(url)).as("no table yet: connections pass through").isEmpty();
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, code VARCHAR(40) COLLATE utf8mb4_bin NOT NULL UNIQUE)");
            s.execute("INSERT INTO orders SELECT id, CONCAT('code-', id) FROM tokens WHERE id <= 300");
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (BloomGateDriver.gate(url).isEmpty() && System.nanoTime() < deadline) {
            DriverManager.getConnection(url).close(); // each connect checks (at most once a second)
            Thread.sleep(100);
        }
        BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
        assertThat(gate.stats("orders", "code").state()).isEqualTo(GuardState.READY);
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps = c.prepareStatement("SELECT id FROM orders WHERE code = ?")) {
            int found = 0;
            for (int i = 0; i < 100; i++) {
                ps.setString(1, i % 2 == 0 ? "code-" + (i + 1) : "absent-" + i);
                try (ResultSet rs = ps.executeQuery()) {
                    found += rs.next() ? 1 : 0;
                }
            }
            assertThat(found).isEqualTo(50);
        }
        assertThat(gate.stats("orders", "code").avoided()).isGreaterThan(45);
    }
}
