package io.bloomgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.BloomGate;
import io.bloomgate.report.BloomGateJmx;
import io.bloomgate.report.BloomGateMetrics;
import io.bloomgate.spring.app.Coupon;
import io.bloomgate.stats.GuardState;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.domain.EntityScan;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration;
import org.springframework.boot.autoconfigure.sql.init.SqlInitializationAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * When the auto-configuration applies, backs off or refuses to start: bloomgate.enabled=false, no
 * guards, a guarded table that does not exist once the database is initialized, bad sizing, several
 * DataSources. A context runner with only the auto-configurations these need (fast; the full
 * application is {@link SpringBootGateTest}).
 */
class AutoConfigurationConditionsTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    SqlInitializationAutoConfiguration.class, BloomGateAutoConfiguration.class))
            .withPropertyValues("spring.datasource.generate-unique-name=true",
                    "spring.sql.init.schema-locations=classpath:io/bloomgate/spring/schema.sql",
                    "spring.sql.init.data-locations=classpath:io/bloomgate/spring/data.sql");

    private static final String[] EMAIL_GUARD = {"bloomgate.guards[0].table=app_user",
        "bloomgate.guards[0].column=email"};

    @Test
    void guardsAreBuiltFromTheProperties() throws Exception {
        ObjectName mbean = BloomGateJmx.objectName("conditions", "PUBLIC.APP_USER", "EMAIL");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        runner.withPropertyValues(EMAIL_GUARD)
                .withPropertyValues("bloomgate.jmx=true", "bloomgate.jmx-gate-name=conditions",
                        "bloomgate.stale-after=7s", "bloomgate.snapshot-every=0", "bloomgate.instance-timeout=3m")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(BloomGate.class)
                            .hasSingleBean(BloomGateMetrics.class);
                    assertThat(context.getBean(DataSource.class)).isInstanceOf(GatedDataSource.class);
                    assertThat(context.getBean(BloomGate.class).stats("app_user", "email").state())
                            .isEqualTo(GuardState.READY);
                    BloomGateProperties p = context.getBean(BloomGateProperties.class);
                    assertThat(p.getStaleAfter()).isEqualTo(Duration.ofSeconds(7));
                    assertThat(p.getSnapshotEvery()).isEqualTo(Duration.ZERO);
                    assertThat(p.getInstanceTimeout()).isEqualTo(Duration.ofMinutes(3));
                    assertThat(server.isRegistered(mbean)).as("bloomgate.jmx=true").isTrue();
                });
        assertThat(server.isRegistered(mbean)).as("unregistered when the context closed").isFalse();
    }

    @Test
    void disabledLeavesTheBarePool() {
        runner.withPropertyValues(EMAIL_GUARD).withPropertyValues("bloomgate.enabled=false").run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(BloomGate.class);
            assertThat(context.getBean(DataSource.class)).isExactlyInstanceOf(HikariDataSource.class);
            try (Connection c = context.getBean(DataSource.class).getConnection()) {
                assertThat(c.getClass().getName()).doesNotStartWith("io.bloomgate");
            }
        });
    }

    @Test
    void withoutGuardsTheAutoConfigurationBacksOff() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(BloomGate.class);
            assertThat(context.getBean(DataSource.class)).isExactlyInstanceOf(HikariDataSource.class);
        });
    }

    @Test
    void aGuardedTableThatDoesNotExistAfterInitializationFailsTheStartNamingIt() {
        runner.withPropertyValues(EMAIL_GUARD)
                .withPropertyValues("bloomgate.guards[1].table=no_such_table", "bloomgate.guards[1].column=id")
                .run(context -> {
                    assertThat(context).hasFailed();
                    BloomGateStartupException e = cause(context.getStartupFailure());
                    assertThat(e.getMessage()).contains("no_such_table", "there is no table PUBLIC.NO_SUCH_TABLE",
                            "APP_USER");
                    FailureAnalysis analysis = new BloomGateFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains("NO_SUCH_TABLE");
                    assertThat(analysis.getAction()).contains("bloomgate.guards", "schema.sql", "Flyway");
                });
    }

    @Test
    void anUnknownColumnFailsTheStartNamingIt() {
        runner.withPropertyValues("bloomgate.guards[0].table=app_user", "bloomgate.guards[0].column=mail")
                .run(context -> assertThat(cause(context.getStartupFailure()).getMessage())
                        .contains("has no column MAIL", "EMAIL"));
    }

    @Test
    void badSizingNamesTheProperty() {
        runner.withPropertyValues(EMAIL_GUARD).withPropertyValues("bloomgate.guards[0].fpp=1.5")
                .run(context -> assertThat(cause(context.getStartupFailure()).getMessage())
                        .contains("bloomgate.guards[0]", "1.5"));
        runner.withPropertyValues("bloomgate.guards[0].table=app_user")
                .run(context -> assertThat(cause(context.getStartupFailure()).getMessage())
                        .contains("bloomgate.guards[0] needs both a table and a column"));
    }

    @Test
    void severalDataSourcesNeedAPrimaryOrTheProperty() {
        ApplicationContextRunner two = runner.withUserConfiguration(TwoDataSources.class).withPropertyValues(
                "bloomgate.guards[0].table=t", "bloomgate.guards[0].column=id");
        two.run(context -> {
            BloomGateStartupException e = cause(context.getStartupFailure());
            assertThat(e.getMessage()).contains("first", "second", "none is @Primary");
            assertThat(e.action()).contains("bloomgate.data-source");
        });
        two.withPropertyValues("bloomgate.data-source=second").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean("second")).isInstanceOf(GatedDataSource.class);
            assertThat(context.getBean("first")).isInstanceOf(JdbcDataSource.class);
        });
        runner.withUserConfiguration(TwoDataSources.class, PrimaryFirst.class)
                .withPropertyValues("bloomgate.guards[0].table=t", "bloomgate.guards[0].column=id").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean("primaryFirst")).isInstanceOf(GatedDataSource.class);
                    assertThat(context.getBean("second")).isInstanceOf(JdbcDataSource.class);
                });
    }

    @Test
    void withDeferredInitializationTheGateWaitsForHibernateAndThenTheScripts() {
        // Hibernate creates coupon (create-drop), then data.sql fills it, then the gate scans it.
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        HibernateJpaAutoConfiguration.class, SqlInitializationAutoConfiguration.class,
                        BloomGateAutoConfiguration.class))
                .withUserConfiguration(Entities.class)
                .withPropertyValues("spring.datasource.generate-unique-name=true",
                        "spring.jpa.hibernate.ddl-auto=create-drop",
                        "spring.jpa.defer-datasource-initialization=true",
                        "spring.sql.init.data-locations=classpath:io/bloomgate/spring/coupons.sql",
                        "bloomgate.guards[0].table=coupon", "bloomgate.guards[0].column=code")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    BloomGate gate = context.getBean(BloomGate.class);
                    assertThat(gate.stats("coupon", "code").state()).isEqualTo(GuardState.READY);
                    assertThat(gate.stats("coupon", "code").keysAdded()).as("the scan saw the script's rows")
                            .isEqualTo(3);
                    try (Connection c = context.getBean(DataSource.class).getConnection();
                            var ps = c.prepareStatement("SELECT id FROM coupon WHERE code = ?")) {
                        for (String code : new String[] {"SPRING-1", "SPRING-2", "SPRING-3", "SPRING-4"}) {
                            ps.setString(1, code);
                            try (var rs = ps.executeQuery()) {
                                assertThat(rs.next()).as(code).isEqualTo(!code.equals("SPRING-4"));
                            }
                        }
                    }
                });
    }

    @Test
    void theGateWaitsForHibernatesSchemaGenerationWhicheverIsAskedForFirst() {
        // An application bean needs the gate. Application beans are created before auto-configured
        // ones, so the gate is asked for before anything asked for the EntityManagerFactory, whose
        // creation makes Hibernate create coupon. The gate must wait for it.
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        HibernateJpaAutoConfiguration.class, BloomGateAutoConfiguration.class))
                .withUserConfiguration(Entities.class, NeedsTheGate.class)
                .withPropertyValues("spring.datasource.generate-unique-name=true",
                        "spring.jpa.hibernate.ddl-auto=create-drop",
                        "bloomgate.guards[0].table=coupon", "bloomgate.guards[0].column=code")
                .run(context -> {
                    assertThat(context.getBean(BloomGate.class).stats("coupon", "code").state())
                            .isEqualTo(GuardState.READY);
                    // Spring Boot counts the factory as an initializer only with deferred initialization:
                    // bloomgate adds the dependency itself.
                    assertThat(context.getBeanFactory().getBeanDefinition(BloomGateAutoConfiguration.GATE_BEAN)
                            .getDependsOn()).contains("entityManagerFactory");
                });
    }

    @Configuration(proxyBeanMethods = false)
    static class NeedsTheGate {

        @Bean
        String gateUser(BloomGate gate) {
            return gate.toString();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EntityScan(basePackageClasses = Coupon.class)
    static class Entities {
    }

    private static BloomGateStartupException cause(Throwable failure) {
        assertThat(failure).as("the context failed").isNotNull();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BloomGateStartupException e) {
                return e;
            }
        }
        throw new AssertionError("no BloomGateStartupException in", failure);
    }

    static JdbcDataSource h2WithTable() throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:two_" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        ds.setUser("sa");
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)");
        }
        return ds;
    }

    @Configuration(proxyBeanMethods = false)
    static class TwoDataSources {

        @Bean
        JdbcDataSource first() throws Exception {
            return h2WithTable();
        }

        @Bean
        JdbcDataSource second() throws Exception {
            return h2WithTable();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class PrimaryFirst {

        @Bean
        @Primary
        JdbcDataSource primaryFirst() throws Exception {
            return h2WithTable();
        }
    }
}
