package io.bloomgate.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.FreshJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The self-contained {@code bloomgate-<version>-all.jar}, as a tool uses it: a fresh JVM whose class
 * path is that jar and H2's driver, nothing else. Run by maven-failsafe-plugin in {@code mvn verify},
 * after {@code package} built the jar (the pom passes both paths).
 */
class AllJarIT {

    private static Path jar(String property) {
        String path = System.getProperty(property);
        assertThat(path).as("system property %s (set by the pom's failsafe configuration)", property).isNotNull();
        Path p = Paths.get(path);
        assertThat(Files.isRegularFile(p)).as("%s = %s exists", property, p).isTrue();
        return p;
    }

    @Test
    void theAllJarAndH2AloneRunTheUrlDriverAndTheSqlFunctions() throws Exception {
        String program = """
                import io.bloomgate.BloomGate;
                import io.bloomgate.stats.GuardStats;
                import io.bloomgate.driver.BloomGateDriver;
                import java.sql.*;

                public class AllJarCheck {
                    public static void main(String[] args) throws Exception {
                        String plain = "jdbc:h2:mem:alljar;DB_CLOSE_DELAY=-1";
                        try (Connection c = DriverManager.getConnection(plain, "sa", "");
                                Statement s = c.createStatement()) {
                            s.execute("CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100))");
                            s.execute("INSERT INTO users VALUES (1, 'a@b.c'), (2, 'd@e.f')");
                        }
                        String url = "jdbc:bloomgate:guards=users.email:" + plain;
                        try (Connection c = DriverManager.getConnection(url, "sa", "");
                                PreparedStatement ps = c.prepareStatement("SELECT id FROM users WHERE email = ?")) {
                            for (String email : new String[] {"first@example.org", "absent@example.org", "a@b.c"}) {
                                ps.setString(1, email);
                                try (ResultSet rs = ps.executeQuery()) {
                                    System.out.println("LOOKUP " + email + " " + (rs.next() ? rs.getLong(1) : "none"));
                                }
                            }
                        }
                        BloomGate gate = BloomGateDriver.gate(url).orElseThrow();
                        GuardStats stats = gate.stats("users", "email");
                        System.out.println("STATS lookups=" + stats.lookups() + " avoided=" + stats.avoided());
                        System.out.println(gate.report().toText());
                        BloomGateDriver.closeGates();

                        // SQL only, on another database: the H2 functions from the jar's install script.
                        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:sqlonly;DB_CLOSE_DELAY=-1", "sa", "");
                                Statement s = c.createStatement()) {
                            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                            s.execute("CREATE TABLE USERS (ID BIGINT PRIMARY KEY, EMAIL VARCHAR(100))");
                            s.execute("INSERT INTO USERS VALUES (1, 'a@b.c')");
                            s.execute("RUNSCRIPT FROM 'classpath:io/bloomgate/sql/h2/install.sql'");
                            try (ResultSet rs = s.executeQuery("CALL BLOOM_GUARD('USERS', 'EMAIL')")) {
                                rs.next();
                                System.out.println("GUARD " + rs.getString(1));
                            }
                            s.execute("INSERT INTO USERS VALUES (2, 'later@b.c')");
                            for (String email : new String[] {"a@b.c", "later@b.c", "nobody@b.c"}) {
                                try (ResultSet rs = s.executeQuery("SELECT BLOOM_MAY_CONTAIN('USERS', 'EMAIL', '" + email + "')")) {
                                    rs.next();
                                    System.out.println("MAY_CONTAIN " + email + " " + rs.getBoolean(1));
                                }
                            }
                            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM BLOOM_STATS()")) {
                                rs.next();
                                System.out.println("STATS_ROWS " + rs.getInt(1));
                            }
                        }
                    }
                }
                """;
        FreshJvm.Result r = FreshJvm.run("AllJarCheck", program, List.of(jar("bloomgate.allJar"), jar("bloomgate.h2Jar")));

        assertThat(r.exitCode()).as(r.toString()).isZero();
        // The first execution of a SQL text passes through (its metadata is copied), the next is answered.
        assertThat(r.out()).as(r.toString())
                .contains("LOOKUP first@example.org none", "LOOKUP absent@example.org none", "LOOKUP a@b.c 1")
                .contains("STATS lookups=2 avoided=1")
                .contains("MAY_CONTAIN a@b.c true", "MAY_CONTAIN later@b.c true", "MAY_CONTAIN nobody@b.c false")
                .contains("STATS_ROWS 1");
        assertThat(r.err()).as(r.toString()).doesNotContain("Exception", "Error", "Thank you for using jOOQ");
    }
}
