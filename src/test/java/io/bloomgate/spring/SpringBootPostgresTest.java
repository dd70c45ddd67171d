package io.bloomgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import io.bloomgate.PostgresServer;
import io.bloomgate.spring.app.AppUserRepository;
import io.bloomgate.spring.app.GateTestApplication;
import io.bloomgate.stats.GuardState;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthContributorRegistry;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The Spring Boot application of {@link SpringBootGateTest} on PostgreSQL (BLOOMGATE_PG_URL, in a
 * schema of its own): the change feed, its lag in the health details, and the snapshots and final
 * counters written when the context closes.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpringBootPostgresTest {

    private static PGSimpleDataSource pg;
    private static String schema;
    private static ConfigurableApplicationContext context;
    private static BloomGate gate;

    @BeforeAll
    static void start() throws Exception {
        pg = PostgresServer.dataSource();
        schema = "sb_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        raw("CREATE SCHEMA " + schema);
        List<String> properties = new ArrayList<>(List.of(SpringTestProperties.common()));
        properties.addAll(List.of(
                "spring.datasource.url=" + pg.getURL(),
                "spring.datasource.hikari.schema=" + schema, // every pool connection's search_path
                "spring.sql.init.mode=always", // not an embedded database
                "spring.jpa.hibernate.ddl-auto=update",
                "bloomgate.guards[0].table=app_user",
                "bloomgate.guards[0].column=email",
                "bloomgate.guards[1].table=coupon", // created by Hibernate
                "bloomgate.guards[1].column=code",
                "bloomgate.snapshot-every=0", // saved on close only: the close test sees that it happened
                "bloomgate.stale-after=5s"));
        if (pg.getUser() != null) {
            properties.add("spring.datasource.username=" + pg.getUser());
            properties.add("spring.datasource.password=" + pg.getPassword());
        }
        context = new SpringApplicationBuilder(GateTestApplication.class).web(WebApplicationType.NONE)
                .properties(properties.toArray(String[]::new)).run();
        gate = context.getBean(BloomGate.class);
    }

    @AfterAll
    static void stop() throws Exception {
        if (context != null && context.isActive()) {
            context.close();
        }
        if (schema != null) {
            raw("DROP SCHEMA " + schema + " CASCADE",
                    "DELETE FROM bloomgate.guards WHERE schema_name = '" + schema + "'");
        }
    }

    private static void raw(String... statements) throws Exception {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    @Test
    @Order(1)
    void guardsAreReadyInTheApplicationsSchema() {
        assertThat(gate.stats()).extracting(g -> g.table() + "." + g.column())
                .containsExactly(schema + ".app_user.email", schema + ".coupon.code");
        assertThat(gate.stats()).allMatch(g -> g.state() == GuardState.READY);
    }

    @Test
    @Order(2)
    void absentKeysAreAvoidedAndPresentOnesFoundThroughJdbcTemplateAndTheRepository() throws Exception {
        JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
        AppUserRepository users = context.getBean(AppUserRepository.class);
        String sql = "SELECT id FROM app_user WHERE email = ?";
        assertThat(jdbc.queryForList(sql, Long.class, "user1@example.org")).containsExactly(1L);
        assertThat(users.findByEmail("user2@example.org")).isPresent();
        long avoided = gate.stats("app_user", "email").avoided();
        for (int i = 0; i < 100; i++) {
            assertThat(jdbc.queryForList(sql, Long.class, "nobody" + i + "@example.org")).isEmpty();
            assertThat(users.findByEmail("absent" + i + "@example.org")).isEmpty();
        }
        // 200 absent keys at p = 1%
        assertThat(gate.stats("app_user", "email").avoided() - avoided).isGreaterThan(190);

        // A row written by another process (a plain connection, not the application's pool)
        try (Connection c = pg.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO " + schema
                        + ".app_user (id, email, name) VALUES (200, 'outside@example.org', 'Outside')")) {
            ps.executeUpdate();
        }
        assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
        assertThat(jdbc.queryForList(sql, Long.class, "outside@example.org")).containsExactly(200L);
        assertThat(users.findByEmail("outside@example.org")).isPresent();
    }

    @Test
    @Order(3)
    void healthShowsTheChangeFeedLagAndMetersAreBound() {
        HealthIndicator health = (HealthIndicator) context.getBean(HealthContributorRegistry.class)
                .getContributor("bloomgate");
        Health h = health.health();
        assertThat(h.getStatus()).isEqualTo(Status.UP);
        @SuppressWarnings("unchecked")
        Map<String, Object> email = (Map<String, Object>) h.getDetails().get(schema + ".app_user.email");
        assertThat(email).containsEntry("state", "READY").containsEntry("changeFeedStale", false);
        assertThat((Long) email.get("changeFeedLagMillis")).isBetween(0L, 5_000L);

        MeterRegistry registry = context.getBean(MeterRegistry.class);
        long expected = gate.stats("app_user", "email").avoided();
        // The meters read gate.stats() snapshots up to a second old (BloomGateMetrics): wait for a fresh one.
        assertThat(SpringTestProperties.eventually(() -> registry.find("bloomgate.lookups.avoided")
                .tags("table", schema + ".app_user").functionCounter().count() == expected)).isTrue();
        assertThat(registry.find("hikaricp.connections").gauge()).isNotNull();
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void closingTheContextSavesSnapshotsAndFinalCounters() throws Exception {
        long avoided = gate.stats("app_user", "email").avoided();
        context.close();
        assertThat(gate.stats()).allMatch(g -> g.state() == GuardState.CLOSED);
        try (Connection c = pg.getConnection();
                PreparedStatement snapshots = c.prepareStatement("SELECT count(*) FROM bloomgate.snapshots s"
                        + " JOIN bloomgate.guards g ON g.id = s.guard_id WHERE g.schema_name = ?");
                PreparedStatement stats = c.prepareStatement("SELECT s.avoided, s.ended_at IS NOT NULL"
                        + " FROM bloomgate.instance_stats s JOIN bloomgate.guards g ON g.id = s.guard_id"
                        + " WHERE g.schema_name = ? AND g.column_name = 'email'")) {
            snapshots.setString(1, schema);
            try (ResultSet rs = snapshots.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).as("snapshot-every=0: saved on close only").isEqualTo(2);
            }
            stats.setString(1, schema);
            try (ResultSet rs = stats.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(avoided);
                assertThat(rs.getBoolean(2)).as("the instance's final write marks it ended").isTrue();
            }
        }
    }
}
