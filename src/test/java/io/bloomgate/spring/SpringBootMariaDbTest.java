package io.bloomgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import io.bloomgate.MySqlServer;
import io.bloomgate.spring.app.AppUserRepository;
import io.bloomgate.spring.app.Coupon;
import io.bloomgate.spring.app.CouponRepository;
import io.bloomgate.spring.app.GateTestApplication;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.mariadb.jdbc.MariaDbDataSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthContributorRegistry;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The Spring Boot application of {@link SpringBootGateTest} on MariaDB (BLOOMGATE_MYSQL_URL, a
 * database of its own): only {@code spring.datasource.url=jdbc:mariadb://...} and the {@code
 * bloomgate.guards} properties, as an application would set them. The database's default collation
 * is {@code utf8mb4_bin}, so the tables schema.sql and Hibernate create have text keys the gate can
 * guard; the pool runs at READ COMMITTED, without which every repository call (each in a transaction,
 * at InnoDB's REPEATABLE READ) passes through. Checked: the gated DataSource, absent keys answered
 * through JdbcTemplate and Spring Data, writes from another process through the change feed, the
 * health contributor with the feed's lag, the meters, the endpoint, and the instance leaving the
 * change log's registry when the context closes.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpringBootMariaDbTest {

    private static final String DATABASE = "bloomgate_sb" + Long.toHexString(System.nanoTime());

    private static MariaDbDataSource db;
    private static ConfigurableApplicationContext context;
    private static BloomGate gate;

    @BeforeAll
    static void start() throws Exception {
        run(MySqlServer.dataSource(),
                "CREATE DATABASE " + DATABASE + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        db = MySqlServer.forDatabase(DATABASE);
        List<String> properties = new ArrayList<>(List.of(SpringTestProperties.common()));
        properties.addAll(List.of(
                "spring.datasource.url=" + MySqlServer.url(DATABASE),
                "spring.datasource.hikari.transaction-isolation=TRANSACTION_READ_COMMITTED",
                "spring.sql.init.mode=always", // not an embedded database
                "spring.jpa.hibernate.ddl-auto=update",
                "bloomgate.guards[0].table=app_user",
                "bloomgate.guards[0].column=email",
                "bloomgate.guards[1].table=coupon", // created by Hibernate
                "bloomgate.guards[1].column=code",
                "bloomgate.stale-after=5s"));
        context = new SpringApplicationBuilder(GateTestApplication.class).web(WebApplicationType.NONE)
                .properties(properties.toArray(String[]::new)).run();
        gate = context.getBean(BloomGate.class);
    }

    @AfterAll
    static void stop() throws Exception {
        if (context != null && context.isActive()) {
            context.close();
        }
        if (db != null) {
            run(db, "DROP DATABASE " + DATABASE);
        }
    }

    @Test
    @Order(1)
    void theDataSourceIsGatedAndTheGuardsAreReady() {
        assertThat(context.getBean(DataSource.class)).isInstanceOf(GatedDataSource.class);
        assertThat(gate.stats()).extracting(g -> g.table() + "." + g.column())
                .containsExactly(DATABASE + ".app_user.email", DATABASE + ".coupon.code");
        assertThat(gate.stats()).allMatch(g -> g.state() == GuardState.READY);
    }

    @Test
    @Order(2)
    void absentKeysAreAvoidedThroughJdbcTemplateAndTheRepositories() throws Exception {
        JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
        AppUserRepository users = context.getBean(AppUserRepository.class);
        CouponRepository coupons = context.getBean(CouponRepository.class);
        String sql = "SELECT id FROM app_user WHERE email = ?";
        assertThat(jdbc.queryForList(sql, Long.class, "user1@example.org")).containsExactly(1L);
        assertThat(users.findByEmail("user2@example.org")).isPresent();
        assertThat(users.findByEmail("USER2@example.org")).as("a binary collation: case matters").isEmpty();
        coupons.save(new Coupon(1L, "WELCOME10"));
        assertThat(coupons.findByCode("WELCOME10")).isPresent();
        long avoided = gate.stats("app_user", "email").avoided();
        long couponsAvoided = gate.stats("coupon", "code").avoided();
        for (int i = 0; i < 100; i++) {
            assertThat(jdbc.queryForList(sql, Long.class, "nobody" + i + "@example.org")).isEmpty();
            assertThat(users.findByEmail("absent" + i + "@example.org")).isEmpty();
            assertThat(users.existsByEmail("absent" + i + "@example.org")).isFalse();
            assertThat(coupons.findByCode("NOPE" + i)).isEmpty();
        }
        // 300 absent e-mail lookups and 100 absent codes at p = 1%
        assertThat(gate.stats("app_user", "email").avoided() - avoided).isGreaterThan(280);
        assertThat(gate.stats("coupon", "code").avoided() - couponsAvoided).isGreaterThan(90);

        // A row written by another process (a plain connection, not the application's pool)
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(
                "INSERT INTO app_user (id, email, name) VALUES (200, 'outside@example.org', 'Outside')")) {
            ps.executeUpdate();
        }
        assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
        assertThat(jdbc.queryForList(sql, Long.class, "outside@example.org")).containsExactly(200L);
        assertThat(users.findByEmail("outside@example.org")).isPresent();
    }

    @Test
    @Order(3)
    void healthShowsTheChangeFeedLagAndMetersAndTheEndpointAreThere() {
        HealthIndicator health = (HealthIndicator) context.getBean(HealthContributorRegistry.class)
                .getContributor("bloomgate");
        Health h = health.health();
        assertThat(h.getStatus()).isEqualTo(Status.UP);
        @SuppressWarnings("unchecked")
        Map<String, Object> email = (Map<String, Object>) h.getDetails().get(DATABASE + ".app_user.email");
        assertThat(email).containsEntry("state", "READY").containsEntry("changeFeedStale", false);
        assertThat((Long) email.get("changeFeedLagMillis")).isBetween(0L, 5_000L);

        MeterRegistry registry = context.getBean(MeterRegistry.class);
        long expected = gate.stats("app_user", "email").avoided();
        assertThat(expected).isPositive();
        // The meters read gate.stats() snapshots up to a second old (BloomGateMetrics): wait for a fresh one.
        assertThat(SpringTestProperties.eventually(() -> registry.find("bloomgate.lookups.avoided")
                .tags("table", DATABASE + ".app_user").functionCounter().count() == expected)).isTrue();
        assertThat(registry.find("hikaricp.connections").gauge()).isNotNull();

        Map<String, Object> report = context.getBean(BloomGateEndpoint.class).report();
        assertThat(report).containsKey("changeFeedLagMillis");
        @SuppressWarnings("unchecked")
        List<GuardStats> guards = (List<GuardStats>) report.get("guards");
        assertThat(guards).hasSize(2);
        assertThat((String) report.get("text")).contains(DATABASE + ".app_user");
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void closingTheContextClosesTheGuardsAndUnregistersTheInstance() throws Exception {
        String registered = "SELECT count(*) FROM bloomgate.instances WHERE description LIKE ?";
        assertThat(count(registered)).as("this application's instance, while it runs").isEqualTo(1);
        context.close();
        assertThat(gate.stats()).allMatch(g -> g.state() == GuardState.CLOSED);
        assertThat(count(registered)).as("unregistered on close: it no longer holds the change log back").isZero();
    }

    private static void run(DataSource ds, String sql) throws Exception {
        try (Connection c = ds.getConnection(); java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static int count(String sql) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "%(database " + DATABASE + ")");
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
