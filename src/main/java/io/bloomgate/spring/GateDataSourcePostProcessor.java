package io.bloomgate.spring;

import io.bloomgate.DeferredGateDataSource;
import io.bloomgate.jdbc.GateDataSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Wraps the guarded DataSource bean in a {@link GatedDataSource} as it is created, so that every
 * user of the bean — JdbcTemplate, JPA/Hibernate, Spring Data, jOOQ, MyBatis, the database
 * initializers — gets connections through the gate once it is attached.
 *
 * <p>It runs last among post-processors: other decorators (tracing, proxies) then sit between the
 * gate and the pool, and see only the statements that reach the database.
 */
final class GateDataSourcePostProcessor implements BeanPostProcessor, BeanFactoryAware, Ordered {

    private static final Logger LOG = LoggerFactory.getLogger(GateDataSourcePostProcessor.class);

    private final Environment environment;
    private ConfigurableListableBeanFactory beanFactory;
    private volatile String target;

    GateDataSourcePostProcessor(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        if (!(bean instanceof DataSource dataSource) || bean instanceof DeferredGateDataSource
                || bean instanceof GateDataSource) {
            return bean;
        }
        String name = target;
        if (name == null) {
            // Every bean definition is registered by the time post-processors run: resolved once.
            name = guardedDataSourceName(beanFactory, environment.getProperty("bloomgate.data-source"));
            target = name;
        }
        if (!beanName.equals(name)) {
            return bean;
        }
        LOG.debug("DataSource bean '{}' passes through bloomgate until its guards are built", beanName);
        return new GatedDataSource(dataSource);
    }

    /**
     * The name of the DataSource bean to guard: {@code configured} if set, else the only DataSource
     * bean, else the primary one; "" when that is ambiguous (the BloomGate bean then says so).
     */
    static String guardedDataSourceName(ConfigurableListableBeanFactory beanFactory, String configured) {
        if (configured != null && !configured.isBlank()) {
            return configured.trim();
        }
        String[] names = Arrays.stream(beanFactory.getBeanNamesForType(DataSource.class, true, false))
                .map(BeanFactoryUtils::transformedBeanName).distinct().toArray(String[]::new);
        if (names.length == 1) {
            return names[0];
        }
        List<String> primary = new ArrayList<>();
        for (String name : names) {
            try {
                if (beanFactory.getMergedBeanDefinition(name).isPrimary()) {
                    primary.add(name);
                }
            } catch (NoSuchBeanDefinitionException e) {
                // registered as a singleton without a definition: never primary
            }
        }
        return primary.size() == 1 ? primary.get(0) : "";
    }

    /** Every DataSource bean's name, for error messages. */
    static List<String> dataSourceNames(ConfigurableListableBeanFactory beanFactory) {
        return Arrays.stream(beanFactory.getBeanNamesForType(DataSource.class, true, false))
                .map(BeanFactoryUtils::transformedBeanName).distinct().toList();
    }
}
