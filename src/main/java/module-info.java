/**
 * bloomgate: a Bloom filter in front of database tables, as a JDBC {@code DataSource} wrapper that
 * answers definitely-absent key lookups without touching the database.
 *
 * <p>The API packages (docs/architecture.md section 7 says why each one is API):
 * <ul>
 *   <li>{@link io.bloomgate}: the entry point, {@link io.bloomgate.BloomGate}, and its snapshot
 *       and report types;</li>
 *   <li>{@link io.bloomgate.filter}: the Bloom filters, usable on their own, and the facts a
 *       guard's snapshot reports on its filter;</li>
 *   <li>{@link io.bloomgate.report}: metrics (Micrometer), JMX beans, history and HTML pages on a
 *       gate's guards;</li>
 *   <li>{@link io.bloomgate.stats}: the statistics the reports are expressed in;</li>
 *   <li>{@link io.bloomgate.driver}: the JDBC driver ({@code jdbc:bloomgate:...} URLs), loaded by
 *       class name by pools and tools;</li>
 *   <li>{@link io.bloomgate.spring}: the Spring Boot auto-configuration and its properties.</li>
 * </ul>
 * Every other package is internal. H2 instantiates the trigger and calls the SQL functions of
 * {@code io.bloomgate.h2} by reflection, so that package is exported to H2 alone.
 *
 * <p>Only the runtime dependencies every gate needs are required; the database drivers, Micrometer,
 * Spring Boot and picocli (the command line) are {@code requires static}: present when the
 * application brings them, never pulled in.
 */
module io.bloomgate {
    requires transitive java.sql;
    // BloomGateJmx's signatures use javax.management.
    requires transitive java.management;
    // H2's JdbcDataSource, which the command line uses, is a javax.naming.Referenceable.
    requires java.naming;
    requires org.slf4j;
    requires hash4j;
    requires com.github.benmanes.caffeine;
    requires org.jooq;

    requires static com.h2database;
    requires static org.postgresql.jdbc;
    // Optional, and transitive: BloomGateMetrics' signatures use Micrometer's types.
    requires static transitive micrometer.core;
    requires static spring.core;
    requires static spring.beans;
    requires static spring.context;
    requires static spring.boot;
    requires static spring.boot.autoconfigure;
    requires static spring.boot.actuator;
    requires static spring.boot.actuator.autoconfigure;
    requires static info.picocli;

    exports io.bloomgate;
    exports io.bloomgate.filter;
    exports io.bloomgate.report;
    exports io.bloomgate.stats;
    exports io.bloomgate.driver;
    exports io.bloomgate.spring;

    // H2 creates BloomTrigger and calls H2Functions' static methods (CREATE TRIGGER / CREATE ALIAS).
    exports io.bloomgate.h2 to com.h2database;
    // Spring reads the auto-configuration and the properties by reflection; picocli the commands.
    opens io.bloomgate.spring to spring.core, spring.beans, spring.context, spring.boot;
    opens io.bloomgate.cli to info.picocli;

    provides java.sql.Driver with io.bloomgate.driver.BloomGateDriver;
}
