package io.bloomgate.spring;

import io.bloomgate.BloomGate;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Actuator: the {@code bloomgate} health contributor ({@link BloomGateHealthIndicator}; off with
 * {@code management.health.bloomgate.enabled=false}) and the {@code bloomgate} endpoint
 * ({@link BloomGateEndpoint}). Only with Spring Boot Actuator on the class path.
 */
@AutoConfiguration(after = BloomGateAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator")
@ConditionalOnBean(BloomGate.class)
public class BloomGateActuatorAutoConfiguration {

    @Bean
    @ConditionalOnEnabledHealthIndicator("bloomgate")
    BloomGateHealthIndicator bloomgateHealthIndicator(BloomGate bloomGate, BloomGateProperties properties) {
        return new BloomGateHealthIndicator(bloomGate, properties.getStaleAfter());
    }

    @Bean
    @ConditionalOnAvailableEndpoint
    BloomGateEndpoint bloomGateEndpoint(BloomGate bloomGate) {
        return new BloomGateEndpoint(bloomGate);
    }
}
