package io.bloomgate.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.FreshJvm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The driver given without the libraries it needs (bloomgate's main jar and H2's, as a user gives a
 * tool "the driver's jar") must say which jars are missing, not fail with "could not be instantiated"
 * and no cause, or "No suitable driver".
 */
class DriverStartupErrorTest {

    @Test
    void withoutItsDependenciesTheDriverNamesTheMissingJarsAndTheAllJar() throws Exception {
        String program = """
                import java.sql.*;
                public class StartWithoutDependencies {
                    public static void main(String[] args) {
                        try {
                            DriverManager.getConnection("jdbc:bloomgate:guards=t.id:jdbc:h2:mem:x", "sa", "");
                            System.out.println("CONNECTED");
                        } catch (SQLException e) {
                            System.out.println("MESSAGE " + e.getMessage());
                            System.out.println("STATE " + e.getSQLState());
                            System.out.println("CAUSE " + e.getCause());
                        }
                    }
                }
                """;
        // target/classes (bloomgate's classes, as in its main jar) and H2: no SLF4J, hash4j, Caffeine, jOOQ.
        FreshJvm.Result r = FreshJvm.run("StartWithoutDependencies", program,
                List.of(FreshJvm.locationOf(BloomGateDriver.class), FreshJvm.locationOf(org.h2.Driver.class)));

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).as(r.toString())
                .contains("MESSAGE jdbc:bloomgate: the driver cannot start: org.slf4j:slf4j-api (class org.slf4j.LoggerFactory)")
                .contains("com.dynatrace.hash4j:hash4j", "com.github.ben-manes.caffeine:caffeine", "org.jooq:jooq")
                .contains("bloomgate-<version>-all.jar")
                .contains("STATE 08001")
                .contains("CAUSE java.lang.ClassNotFoundException: org.slf4j.LoggerFactory");
    }
}
