package io.bloomgate.spring;

import io.bloomgate.BloomGate;
import io.bloomgate.DeferredGateDataSource;
import io.bloomgate.report.BloomGateMetrics;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.sync.GuardRequest;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Puts a {@link BloomGate} in front of the application's DataSource bean, configured by the
 * {@code bloomgate.*} properties ({@link BloomGateProperties}).
 *
 * <p>Two steps, because the pool must exist before the tables do. (1) When the DataSource bean is
 * created, {@link GateDataSourcePostProcessor} wraps it in a {@link GatedDataSource} whose
 * connections pass straight through. (2) The {@code bloomGate} bean is built on the pool after every
 * database initializer Spring Boot knows — {@code schema.sql}/{@code data.sql}, Flyway, Liquibase
 * (through {@link DependsOnDatabaseInitialization}) and the JPA EntityManagerFactory, whose
 * creation runs Hibernate's schema generation ({@link #entityManagerFactoriesFirst()}) — and then
 * attached: from then on every connection is the gate's. A guard that cannot be built then (its
 * table still does not exist, a misspelt column) fails the start with a {@link
 * BloomGateStartupException} naming it.
 *
 * <p>The gate depends on the DataSource bean, so the context closes it before the pool: on
 * PostgreSQL its snapshots and final counters are written while connections can still be had.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
    "org.springframework.boot.autoconfigure.sql.init.SqlInitializationAutoConfiguration",
    "org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration",
    "org.springframework.boot.autoconfigure.liquibase.LiquibaseAutoConfiguration",
    "org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration"})
@ConditionalOnClass(DataSource.class)
@ConditionalOnProperty(prefix = "bloomgate", name = "enabled", havingValue = "true", matchIfMissing = true)
@Conditional(GuardsConfiguredCondition.class)
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties(BloomGateProperties.class)
@Import(DatabaseInitializationDependencyConfigurer.class)
public class BloomGateAutoConfiguration {

    /** The BloomGate bean's name. */
    public static final String GATE_BEAN = "bloomGate";

    private static final Logger LOG = LoggerFactory.getLogger(BloomGateAutoConfiguration.class);

    private static final String[] ENTITY_MANAGER_FACTORY_TYPES = {
        "jakarta.persistence.EntityManagerFactory",
        "org.springframework.orm.jpa.AbstractEntityManagerFactoryBean"};

    /** Wraps the DataSource bean as it is created (static: post-processors come before other beans). */
    @Bean
    static GateDataSourcePostProcessor bloomGateDataSourcePostProcessor(Environment environment) {
        return new GateDataSourcePostProcessor(environment);
    }

    /**
     * Makes the gate wait for every JPA EntityManagerFactory: Hibernate creates its schema
     * ({@code spring.jpa.hibernate.ddl-auto}) as the factory is built, and Spring Boot counts the
     * factory as a database initializer only with {@code spring.jpa.defer-datasource-initialization}.
     */
    @Bean
    static BeanFactoryPostProcessor entityManagerFactoriesFirst() {
        return beanFactory -> {
            if (!beanFactory.containsBeanDefinition(GATE_BEAN)) {
                return;
            }
            Set<String> factories = new LinkedHashSet<>();
            for (String typeName : ENTITY_MANAGER_FACTORY_TYPES) {
                if (ClassUtils.isPresent(typeName, beanFactory.getBeanClassLoader())) {
                    Class<?> type = ClassUtils.resolveClassName(typeName, beanFactory.getBeanClassLoader());
                    for (String name : beanFactory.getBeanNamesForType(type, true, false)) {
                        factories.add(BeanFactoryUtils.transformedBeanName(name));
                    }
                }
            }
            if (!factories.isEmpty()) {
                BeanDefinition gate = beanFactory.getBeanDefinition(GATE_BEAN);
                Set<String> dependsOn = new LinkedHashSet<>();
                if (gate.getDependsOn() != null) {
                    dependsOn.addAll(List.of(gate.getDependsOn()));
                }
                dependsOn.addAll(factories);
                gate.setDependsOn(StringUtils.toStringArray(dependsOn));
            }
        };
    }

    /**
     * The gate, built once the database is initialized and attached to the DataSource bean. Inject it
     * for {@code stats()}, {@code report()}, {@code rebuild()}.
     */
    @Bean(name = GATE_BEAN, destroyMethod = "close")
    @DependsOnDatabaseInitialization
    public BloomGate bloomGate(ConfigurableListableBeanFactory beanFactory, BloomGateProperties properties) {
        String name = GateDataSourcePostProcessor.guardedDataSourceName(beanFactory, properties.getDataSource());
        if (name.isEmpty()) {
            throw new BloomGateStartupException("bloomgate cannot tell which DataSource to guard: the beans "
                    + GateDataSourcePostProcessor.dataSourceNames(beanFactory) + " are DataSources and none is @Primary",
                    "Set bloomgate.data-source to the name of the DataSource bean to guard.", null);
        }
        DataSource bean;
        try {
            bean = beanFactory.getBean(name, DataSource.class);
        } catch (RuntimeException e) {
            throw new BloomGateStartupException("bloomgate.data-source names '" + name
                    + "', which is not a DataSource bean: " + e.getMessage(),
                    "Set bloomgate.data-source to one of " + GateDataSourcePostProcessor.dataSourceNames(beanFactory)
                            + ", or remove it to guard the only or primary one.", e);
        }
        // Destroyed before the pool: closing writes PostgreSQL snapshots through it.
        beanFactory.registerDependentBean(name, GATE_BEAN);
        if (!(bean instanceof DeferredGateDataSource deferred)) {
            throw new BloomGateStartupException("The DataSource bean '" + name + "' was not wrapped by bloomgate: it was"
                    + " created before bloomgate's BeanPostProcessor was registered (a BeanPostProcessor or"
                    + " BeanFactoryPostProcessor of the application needs it), so its users would bypass the gate",
                    "Let the DataSource be created as an ordinary bean (inject it lazily into post-processors),"
                            + " or set bloomgate.enabled=false and build the gate yourself.", null);
        }
        if (deferred.gate() != null) {
            throw new BloomGateStartupException("The DataSource bean '" + name + "' already has a gate attached",
                    "Define no BloomGate of your own on it, or set bloomgate.enabled=false.", null);
        }
        BloomGate gate = build(deferred.target(), properties, name);
        deferred.attach(gate);
        return gate;
    }

    private static BloomGate build(DataSource pool, BloomGateProperties properties, String beanName) {
        List<BloomGateProperties.Guard> guards = properties.getGuards();
        BloomGate.Builder builder = BloomGate.builder(pool);
        for (int i = 0; i < guards.size(); i++) {
            BloomGateProperties.Guard g = guards.get(i);
            String prefix = "bloomgate.guards[" + i + "]";
            if (!StringUtils.hasText(g.getTable()) || !StringUtils.hasText(g.getColumn())) {
                throw new BloomGateStartupException(prefix + " needs both a table and a column (has table="
                        + g.getTable() + ", column=" + g.getColumn() + ")",
                        "Set " + prefix + ".table and " + prefix + ".column.", null);
            }
            try {
                GuardRequest request = GuardRequest.of(g.getTable(), g.getColumn(), g.getExpectedKeys(), g.getFpp(),
                        GuardRequest.Spelling.PROPERTIES);
                if (request.expectedKeys() != null) {
                    builder.guard(request.table(), request.column(), request.expectedKeys(), request.rate());
                } else {
                    builder.guard(request.table(), request.column(), request.rate());
                }
            } catch (IllegalArgumentException e) {
                throw new BloomGateStartupException(prefix + ": " + e.getMessage(),
                        "Fix " + prefix + ".expected-keys or " + prefix + ".fpp.", e);
            }
        }
        try {
            builder.staleAfter(properties.getStaleAfter())
                    .snapshotEvery(properties.getSnapshotEvery())
                    .instanceTimeout(properties.getInstanceTimeout());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BloomGateStartupException("bloomgate: " + e.getMessage(),
                    "Fix bloomgate.stale-after, bloomgate.snapshot-every or bloomgate.instance-timeout.", e);
        }
        if (properties.isJmx()) {
            builder.jmx(properties.getJmxGateName());
        }
        BloomGate gate;
        try {
            gate = builder.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new BloomGateStartupException("bloomgate could not guard the DataSource '" + beanName
                    + "' once the database was initialized: " + e.getMessage(),
                    "Check bloomgate.guards against the schema. Guarded tables must exist once schema.sql, Flyway,"
                            + " Liquibase and Hibernate's schema generation have run; a table created later"
                            + " (by a bean of yours, an ApplicationRunner) cannot be guarded from start-up.", e);
        } catch (SQLException e) {
            throw new BloomGateStartupException("bloomgate could not build its guards on the DataSource '" + beanName
                    + "': " + e.getMessage(), "Check that the database is reachable and the user may read the"
                            + " guarded tables (and, on H2, create triggers; on PostgreSQL, the bloomgate schema; on MySQL/MariaDB,"
                            + " the bloomgate database and TRIGGER on the guarded tables).", e);
        }
        List<String> guarded = new ArrayList<>();
        for (GuardStats s : gate.stats()) {
            guarded.add(s.table() + "." + s.column() + " " + s.state());
        }
        LOG.info("bloomgate guards DataSource '{}': {}", beanName, guarded);
        return gate;
    }

    /** The bloomgate.* meters, bound by Spring Boot to the application's MeterRegistry when it has one. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static class Metrics {

        @Bean
        BloomGateMetrics bloomGateMetrics(BloomGate bloomGate) {
            return new BloomGateMetrics(bloomGate);
        }
    }
}
