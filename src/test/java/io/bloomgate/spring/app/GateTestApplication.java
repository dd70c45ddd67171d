package io.bloomgate.spring.app;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * The Spring Boot application of the auto-configuration tests: every auto-configuration on the test
 * class path (DataSource and Hikari, SQL init, JPA and Spring Data, JdbcTemplate, jOOQ, Actuator,
 * bloomgate's), entities and repositories of this package. Run with {@code spring.config.name} of its
 * own so that examples/spring-boot's application.properties is not read.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class GateTestApplication {
}
