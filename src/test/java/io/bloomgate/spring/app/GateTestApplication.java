package io.bloomgate.spring.app;

import io.bloomgate.BloomGate;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The Spring Boot application of the auto-configuration tests: every auto-configuration on the test
 * class path (DataSource and Hikari, SQL init, JPA and Spring Data, JdbcTemplate, jOOQ, Actuator,
 * bloomgate's), entities and repositories of this package. Run with {@code spring.config.name} of its
 * own so that examples/spring-boot's application.properties is not read.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class GateTestApplication {

    /**
     * An application bean that needs the gate. Application beans are created before
     * auto-configured ones, so this asks for the gate before Spring would otherwise create the
     * EntityManagerFactory: the gate must still wait for Hibernate's schema generation.
     */
    @Bean
    GateReports gateReports(BloomGate gate) {
        return new GateReports(gate);
    }

    /** Holds the gate, as a reporting service of the application would. */
    public record GateReports(BloomGate gate) {
    }
}
