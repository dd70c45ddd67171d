/**
 * The {@code jdbc:bloomgate:<url>} JDBC driver ({@link io.bloomgate.driver.BloomGateDriver}):
 * registered through {@code ServiceLoader} and loadable by class name, it wraps the target URL's
 * driver in one gate per database, guarding the columns the URL names. For tools and frameworks
 * that take a JDBC URL rather than a {@code DataSource}.
 */
package io.bloomgate.driver;
