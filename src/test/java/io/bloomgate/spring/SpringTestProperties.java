package io.bloomgate.spring;

import java.util.function.BooleanSupplier;

/** Properties every Spring Boot test application here runs with. */
final class SpringTestProperties {

    /** Whether {@code condition} holds within 5 s (polled). */
    static boolean eventually(BooleanSupplier condition) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private SpringTestProperties() {
    }

    static String[] common() {
        return new String[] {
            // A configuration file name of its own: examples/spring-boot's application.properties
            // (on the test class path) is the example's, not the tests'.
            "spring.config.name=bloomgate-spring-test",
            "spring.main.banner-mode=off",
            "spring.sql.init.schema-locations=classpath:io/bloomgate/spring/schema.sql",
            "spring.sql.init.data-locations=classpath:io/bloomgate/spring/data.sql",
            "spring.jpa.open-in-view=false",
            "management.endpoint.health.show-details=always",
            "management.endpoints.web.exposure.include=health,bloomgate",
            "spring.jmx.enabled=false"};
    }
}
