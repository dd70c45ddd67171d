/**
 * Spring Boot auto-configuration: with {@code bloomgate.guards} set, the application's
 * {@code DataSource} bean is gated once the database is initialised ({@link
 * io.bloomgate.spring.BloomGateAutoConfiguration}, properties in {@link
 * io.bloomgate.spring.BloomGateProperties}); Actuator gets a health contributor and an endpoint.
 * Spring Boot is an optional dependency, used nowhere else.
 */
package io.bloomgate.spring;
