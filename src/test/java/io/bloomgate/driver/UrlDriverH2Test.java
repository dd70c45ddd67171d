package io.bloomgate.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardState;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collections;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code jdbc:bloomgate:} driver on H2: found by DriverManager through ServiceLoader, guards
 * from the URL or a properties file, H2's own {@code ;} settings untouched, one gate per database
 * shared by every connection (and by a pool over the URL), clear errors, and {@code await-tables}
 * for a migration that creates the tables through the same URL.
 */
class UrlDriverH2Test {

    private final String h2 = "jdbc:h2:mem:driver_" + UUID.randomUUID().toString().replace("-", "")
            + ";DB_CLOSE_DELAY=-1;MODE=Regular";

    @AfterEach
    void closeGates() throws SQLException {
        BloomGateDriver.closeGates();
        try (Connection c = DriverManager.getConnection(h2, "sa", ""); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    private void createOrders(int rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(h2, "sa", ""); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, code VARCHAR(40) NOT NULL UNIQUE)");
            s.execute("INSERT INTO orders SELECT X, 'code-' || X FROM SYSTEM_RANGE(1, " + rows + ")");
        }
    }

    /** How many of {@code keys} the database (or the gate) says exist. */
    private static int found(Connection c, String sql, Object... keys) throws SQLException {
        int found = 0;
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (Object key : keys) {
                ps.setObject(1, key);
                try (ResultSet rs = ps.executeQuery()) {
                    found += rs.next() ? 1 : 0;
                }
            }
        }
        return found;
    }

    private static String[] absentCodes(int n) {
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            keys[i] = "absent-" + i;
        }
        return keys;
    }

    @Test
    void guardsInTheUrlAndOneGateForEveryConnectionToTheDatabase() throws SQLException {
        createOrders(1_000);
        String url = "jdbc:bloomgate:guards=orders.code,PUBLIC.orders.id;fpp=0.001:" + h2;
        Driver driver = DriverManager.getDriver(url);
        assertThat(driver).as("registered through ServiceLoader").isInstanceOf(BloomGateDriver.class);
        assertThat(Collections.list(DriverManager.getDrivers())).anyMatch(d -> d instanceof BloomGateDriver);

        String byCode = "SELECT id FROM orders WHERE code = ?";
        try (Connection a = DriverManager.getConnection(url, "sa", "");
                Connection b = DriverManager.getConnection(url, "sa", "")) {
            BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
            assertThat(BloomGateDriver.gate(h2)).as("by the driver's own URL too").containsSame(gate);
            assertThat(gate.stats()).extracting(g -> g.column()).containsExactly("CODE", "ID");
            assertThat(gate.stats("orders", "code").filter().targetFpp()).isEqualTo(0.001);
            assertThat(found(a, byCode, "code-7")).isEqualTo(1); // the first run of a text goes to the database

            assertThat(found(a, byCode, (Object[]) absentCodes(500))).isZero();
            assertThat(found(b, byCode, (Object[]) absentCodes(500))).isZero();
            // 1,000 absent keys at p = 0.1% (expected ~1 false positive): nearly all answered by the filter
            assertThat(gate.stats("orders", "code").avoided()).isGreaterThan(990);
            assertThat(found(b, byCode, "code-1", "code-500", "code-1000")).isEqualTo(3);

            try (Statement s = a.createStatement()) {
                s.executeUpdate("INSERT INTO orders VALUES (5001, 'written-through-a')");
            }
            assertThat(found(b, byCode, "written-through-a")).as("one filter for both connections").isEqualTo(1);
        }
    }

    @Test
    void guardsFromAPropertiesFileOnTheClassPath() throws SQLException {
        createOrders(100);
        String url = "jdbc:bloomgate:config=io/bloomgate/driver/orders-gate.properties:" + h2;
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
            assertThat(gate.stats("orders", "code").filter().expectedKeys()).isEqualTo(5_000);
            assertThat(gate.stats("orders", "code").filter().targetFpp()).isEqualTo(0.001);
            assertThat(gate.stats("orders", "id").filter().targetFpp()).isEqualTo(BloomGate.DEFAULT_FPP);
            String byId = "SELECT code FROM orders WHERE id = ?";
            assertThat(found(c, byId, 1L, 2L, 100L)).isEqualTo(3);
            assertThat(found(c, byId, -1L, -2L, 101L, 102L)).isZero();
            assertThat(gate.stats("orders", "id").avoided()).isPositive();
        }
    }

    @Test
    void guardsFromTheDefaultBloomgatePropertiesFile(@TempDir Path dir) throws Exception {
        createOrders(10);
        Files.writeString(dir.resolve("bloomgate.properties"),
                "bloomgate.guards[0].table=orders\nbloomgate.guards[0].column=code\nbloomgate.stale-after=7s\n");
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, previous)) {
            thread.setContextClassLoader(loader); // as an application's class path would hold it
            try (Connection c = DriverManager.getConnection("jdbc:bloomgate:" + h2, "sa", "")) {
                assertThat(BloomGateDriver.gate(h2).orElseThrow().stats()).singleElement()
                        .satisfies(g -> assertThat(g.column()).isEqualTo("CODE"));
                assertThat(c.isValid(1)).isTrue();
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    @Test
    void aPoolOverTheUrlSharesTheGate() throws SQLException {
        createOrders(200);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:bloomgate:guards=orders.code:" + h2);
        config.setUsername("sa");
        config.setMaximumPoolSize(3);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection()) {
                assertThat(found(c, "SELECT id FROM orders WHERE code = ?", "code-1")).isEqualTo(1);
                assertThat(found(c, "SELECT id FROM orders WHERE code = ?", (Object[]) absentCodes(100))).isZero();
            }
            assertThat(BloomGateDriver.gate(h2).orElseThrow().stats("orders", "code").avoided()).isGreaterThan(90);
        }
    }

    @Test
    void malformedUrlsAreRefusedSayingWhy() {
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=orders.code", "sa", ""))
                .isInstanceOf(SQLException.class).hasMessageContaining("no driver URL");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:gaurds=orders.code:" + h2, "sa", ""))
                .hasMessageContaining("unknown option 'gaurds'").hasMessageContaining("guards");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=orders:" + h2, "sa", ""))
                .hasMessageContaining("guard 'orders' is not table.column");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=orders.code;stale-after=soon:"
                + h2, "sa", "")).hasMessageContaining("stale-after=soon is not a duration");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=orders.code;fpp=2:" + h2, "sa", ""))
                .hasMessageContaining("above 0 and below 0.5");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:config=missing.properties:" + h2))
                .hasMessageContaining("config=missing.properties: no such file on the class path");
        assertThatThrownBy(() -> DriverManager.getConnection(
                "jdbc:bloomgate:guards=t.c:jdbc:nosuchdb://h/db?password=secret"))
                .hasMessageContaining("no JDBC driver accepts").hasMessageContaining("password=***")
                .hasMessageNotContaining("secret");
    }

    @Test
    void anUnknownTableOrColumnFailsTheConnectionNamingIt() throws SQLException {
        createOrders(10);
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=order.code:" + h2, "sa", ""))
                .isInstanceOf(SQLException.class).hasMessageContaining("there is no table PUBLIC.ORDER")
                .hasMessageContaining("ORDERS") // the tables that do exist
                .hasMessageContaining("for exact case. If a migration (Flyway, Liquibase) creates it")
                .hasMessageNotContaining("case.. If")
                .hasMessageContaining("await-tables=true");
        // the failed gate is forgotten: another URL to the database may name other guards
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=orders.kode:" + h2, "sa", ""))
                .hasMessageContaining("has no column KODE").hasMessageContaining("CODE");
    }

    @Test
    void urlsToOneDatabaseMustAgreeOnTheGate() throws SQLException {
        createOrders(10);
        try (Connection c = DriverManager.getConnection("jdbc:bloomgate:guards=orders.code:" + h2, "sa", "")) {
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:bloomgate:guards=orders.id:" + h2, "sa", ""))
                    .hasMessageContaining("already exists in this JVM with other settings");
            assertThat(c.isValid(1)).isTrue();
        }
    }

    @Test
    void awaitTablesPassesThroughUntilAMigrationCreatedThemThenBuildsTheGate() throws Exception {
        String url = "jdbc:bloomgate:guards=orders.code;await-tables=true:" + h2;
        try (Connection migration = DriverManager.getConnection(url, "sa", "")) { // no table yet: passes through
            assertThat(BloomGateDriver.gate(url)).isEmpty();
            try (Statement s = migration.createStatement()) {
                s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, code VARCHAR(40) NOT NULL UNIQUE)");
                s.execute("INSERT INTO orders SELECT X, 'code-' || X FROM SYSTEM_RANGE(1, 300)");
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (BloomGateDriver.gate(url).isEmpty() && System.nanoTime() < deadline) {
            DriverManager.getConnection(url, "sa", "").close(); // each connect checks (at most once a second)
            Thread.sleep(100);
        }
        BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
        assertThat(gate.stats("orders", "code").state()).isEqualTo(GuardState.READY);
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            String sql = "SELECT id FROM orders WHERE code = ?";
            assertThat(found(c, sql, "code-1", "code-300")).isEqualTo(2);
            assertThat(found(c, sql, (Object[]) absentCodes(100))).isZero();
        }
        assertThat(gate.stats("orders", "code").avoided()).isGreaterThan(90);
    }
}
