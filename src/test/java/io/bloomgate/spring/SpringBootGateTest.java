package io.bloomgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.BloomGate;
import io.bloomgate.spring.app.AppUserRepository;
import io.bloomgate.spring.app.Coupon;
import io.bloomgate.spring.app.CouponRepository;
import io.bloomgate.spring.app.GateTestApplication;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthContributorRegistry;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.DataSourceUnwrapper;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A Spring Boot application (H2 in memory, Hikari, schema.sql/data.sql, Hibernate with Spring Data
 * JPA, JdbcTemplate, jOOQ, Actuator) with bloomgate's auto-configuration, configured by properties
 * only. One context for the class (Spring contexts are slow to start); the last test closes it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpringBootGateTest {

    private static ConfigurableApplicationContext context;
    private static BloomGate gate;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(GateTestApplication.class)
                .web(WebApplicationType.NONE)
                .properties(SpringTestProperties.common())
                .properties(
                        "spring.jpa.hibernate.ddl-auto=update", // creates coupon; app_user comes from schema.sql
                        "bloomgate.guards[0].table=app_user",
                        "bloomgate.guards[0].column=email",
                        "bloomgate.guards[1].table=app_user",
                        "bloomgate.guards[1].column=id",
                        "bloomgate.guards[1].expected-keys=1000",
                        "bloomgate.guards[1].fpp=0.001",
                        "bloomgate.guards[2].table=coupon", // exists only once Hibernate has run
                        "bloomgate.guards[2].column=code")
                .run();
        gate = context.getBean(BloomGate.class);
    }

    @AfterAll
    static void stop() {
        if (context != null && context.isActive()) {
            context.close();
        }
    }

    @Test
    @Order(1)
    void propertiesBindToGuards() {
        List<GuardStats> guards = gate.stats();
        assertThat(guards).extracting(g -> g.table() + "." + g.column())
                .containsExactly("PUBLIC.APP_USER.EMAIL", "PUBLIC.APP_USER.ID", "PUBLIC.COUPON.CODE");
        assertThat(guards).allMatch(g -> g.state() == GuardState.READY);
        GuardStats id = gate.stats("app_user", "id");
        assertThat(id.filter().expectedKeys()).isEqualTo(1000);
        assertThat(id.filter().targetFpp()).isEqualTo(0.001);
        GuardStats email = gate.stats("app_user", "email");
        assertThat(email.filter().targetFpp()).isEqualTo(BloomGate.DEFAULT_FPP);
        assertThat(email.filter().expectedKeys()).as("sized from the table: at least 10,000").isEqualTo(10_000);
        assertThat(email.filter().estimatedKeys()).as("data.sql ran before the scan").isBetween(4L, 6L);
    }

    @Test
    @Order(2)
    void theDataSourceBeanIsWrappedAndStillReachesThePool() throws Exception {
        DataSource ds = context.getBean(DataSource.class);
        assertThat(ds).isInstanceOf(GatedDataSource.class);
        assertThat(((GatedDataSource) ds).gate()).isSameAs(gate);
        HikariDataSource hikari = ds.unwrap(HikariDataSource.class);
        assertThat(hikari).isSameAs(((GatedDataSource) ds).target());
        assertThat(ds.isWrapperFor(HikariDataSource.class)).isTrue();
        assertThat(DataSourceUnwrapper.unwrap(ds, com.zaxxer.hikari.HikariConfigMXBean.class, HikariDataSource.class))
                .isSameAs(hikari);
        MeterRegistry registry = context.getBean(MeterRegistry.class);
        assertThat(registry.find("hikaricp.connections").gauge()).as("Hikari's own metrics").isNotNull();
        try (Connection c = ds.getConnection()) {
            assertThat(c.getClass().getName()).as("connections come through the gate")
                    .isEqualTo("io.bloomgate.jdbc.GateConnection");
        }
    }

    @Test
    @Order(3)
    void jdbcTemplateLookupsForAbsentKeysAreAvoidedAndPresentKeysFound() {
        JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
        String sql = "SELECT id FROM app_user WHERE email = ?";
        assertThat(jdbc.queryForList(sql, Long.class, "user3@example.org")).containsExactly(3L); // runs once for real
        long avoided = gate.stats("app_user", "email").avoided();
        int absent = 0;
        for (int i = 0; i < 200; i++) {
            absent += jdbc.queryForList(sql, Long.class, "nobody" + i + "@example.org").size();
        }
        assertThat(absent).isZero();
        // 200 absent keys at p = 1%: all but the false positives answered by the filter (< 10 expected ~2)
        assertThat(gate.stats("app_user", "email").avoided() - avoided).isGreaterThan(190);
        for (int i = 1; i <= 5; i++) {
            assertThat(jdbc.queryForList(sql, Long.class, "user" + i + "@example.org")).containsExactly((long) i);
        }
        jdbc.update("INSERT INTO app_user (id, email, name) VALUES (100, 'late@example.org', 'Late')");
        assertThat(jdbc.queryForList(sql, Long.class, "late@example.org")).as("a write through the gate is seen")
                .containsExactly(100L);
    }

    @Test
    @Order(4)
    void springDataRepositoryLookupsGoThroughTheGate() {
        AppUserRepository users = context.getBean(AppUserRepository.class);
        assertThat(users.findByEmail("user2@example.org")).get().extracting(u -> u.getId()).isEqualTo(2L);
        assertThat(users.findById(4L)).isPresent();
        assertThat(users.existsByEmail("user3@example.org")).isTrue();
        long byEmail = gate.stats("app_user", "email").avoided();
        long byId = gate.stats("app_user", "id").avoided();
        for (int i = 0; i < 100; i++) {
            assertThat(users.findByEmail("absent" + i + "@example.org")).isEmpty();
            assertThat(users.existsByEmail("absent" + i + "@example.org")).isFalse(); // ... fetch first ? rows only
            assertThat(users.findById(10_000L + i)).isEmpty();
        }
        // Hibernate's SQL (select au1_0.id,... from app_user au1_0 where au1_0.email=?): 200 absent e-mails
        // at p = 1%, 100 absent ids at 0.1%
        assertThat(gate.stats("app_user", "email").avoided() - byEmail).isGreaterThan(190);
        assertThat(gate.stats("app_user", "id").avoided() - byId).isGreaterThan(95);
        assertThat(users.findByEmail("user5@example.org")).isPresent();
        assertThat(users.findById(1L)).isPresent();
    }

    @Test
    @Order(5)
    void aTableHibernateCreatesIsGuardedOnceItExists() {
        CouponRepository coupons = context.getBean(CouponRepository.class);
        assertThat(gate.stats("coupon", "code").state()).isEqualTo(GuardState.READY);
        coupons.save(new Coupon(1L, "WELCOME10"));
        assertThat(coupons.findByCode("WELCOME10")).isPresent();
        long avoided = gate.stats("coupon", "code").avoided();
        for (int i = 0; i < 50; i++) {
            assertThat(coupons.findByCode("GUESS" + i)).isEmpty();
        }
        assertThat(gate.stats("coupon", "code").avoided() - avoided).isGreaterThan(45);
        assertThat(coupons.findByCode("WELCOME10")).as("the key written through JPA").isPresent();
    }

    @Test
    @Order(6)
    void jooqGoesThroughTheGate() {
        DSLContext dsl = context.getBean(DSLContext.class);
        String sql = "SELECT name FROM app_user WHERE email = ?";
        assertThat(dsl.fetch(sql, "user1@example.org").getValues(0, String.class)).containsExactly("User 1");
        long avoided = gate.stats("app_user", "email").avoided();
        for (int i = 0; i < 50; i++) {
            assertThat(dsl.fetch(sql, "jooq" + i + "@example.org")).isEmpty();
        }
        assertThat(gate.stats("app_user", "email").avoided() - avoided).isGreaterThan(45);
    }

    @Test
    @Order(7)
    void metersAreBoundToTheApplicationsRegistry() {
        MeterRegistry registry = context.getBean(MeterRegistry.class);
        FunctionCounter avoided = registry.find("bloomgate.lookups.avoided")
                .tags("table", "PUBLIC.APP_USER", "column", "EMAIL").functionCounter();
        assertThat(avoided).isNotNull();
        long expected = gate.stats("app_user", "email").avoided();
        assertThat(expected).isPositive();
        // The meters read gate.stats() snapshots up to a second old (BloomGateMetrics): wait for a fresh one.
        assertThat(SpringTestProperties.eventually(() -> avoided.count() == expected)).as("meter = stats").isTrue();
        assertThat(registry.find("bloomgate.state").tags("column", "CODE", "state", "ready").gauge().value())
                .isEqualTo(1.0);
        assertThat(registry.find("bloomgate.fpp.target").tags("column", "ID").gauge().value()).isEqualTo(0.001);
    }

    @Test
    @Order(8)
    void healthIsUpWhenEveryGuardIsReadyAndOutOfServiceWhenOneIsUnsynced() throws Exception {
        HealthIndicator health = (HealthIndicator) context.getBean(HealthContributorRegistry.class)
                .getContributor("bloomgate");
        assertThat(health).isNotNull();
        Health up = health.health();
        assertThat(up.getStatus()).isEqualTo(Status.UP);
        @SuppressWarnings("unchecked")
        Map<String, Object> email = (Map<String, Object>) up.getDetails().get("PUBLIC.APP_USER.EMAIL");
        assertThat(email).containsEntry("state", "READY").containsKeys("keys", "observedFalsePositiveRate",
                "targetFalsePositiveRate");
        assertThat(email.get("targetFalsePositiveRate")).isEqualTo(0.01);
        assertThat(email).doesNotContainKey("changeFeedLagMillis"); // H2: no change feed

        HikariDataSource pool = context.getBean(DataSource.class).unwrap(HikariDataSource.class);
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER \"BLOOMGATE_COUPON\""); // the hook that feeds the coupon filter is gone
        }
        try {
            assertThat(gate.stats("coupon", "code").state()).isEqualTo(GuardState.UNSYNCED);
            Health out = health.health();
            assertThat(out.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
            assertThat(out.getDetails().get("PUBLIC.COUPON.CODE").toString()).contains("state=UNSYNCED");
        } finally {
            gate.rebuild(); // re-installs the trigger
        }
        assertThat(health.health().getStatus()).isEqualTo(Status.UP);
    }

    @Test
    @Order(9)
    void theEndpointReportsEveryGuardAsJson() throws Exception {
        BloomGateEndpoint endpoint = context.getBean(BloomGateEndpoint.class);
        // Actuator writes it with Jackson (its own ObjectMapper; this application has no web stack)
        JsonNode json = new ObjectMapper().findAndRegisterModules().valueToTree(endpoint.report());
        assertThat(json.get("guards")).hasSize(3);
        assertThat(json.get("guards").get(0).get("table").asText()).isEqualTo("PUBLIC.APP_USER");
        assertThat(json.get("guards").get(0).get("avoided").asLong()).isPositive();
        assertThat(json.get("text").asText()).contains("PUBLIC.APP_USER.EMAIL");
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void closingTheContextClosesTheGateThenThePool() throws Exception {
        HikariDataSource pool = context.getBean(DataSource.class).unwrap(HikariDataSource.class);
        String url = pool.getJdbcUrl();
        context.close();
        assertThat(gate.stats()).allMatch(g -> g.state() == GuardState.CLOSED);
        assertThat(pool.isClosed()).isTrue();
        // The in-memory database outlives the pool (DB_CLOSE_DELAY=-1): the gate dropped its triggers.
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TRIGGERS WHERE TRIGGER_NAME LIKE 'BLOOMGATE_%'")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
            s.execute("SHUTDOWN");
        }
    }
}
