package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.FreshJvm;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * jOOQ's logo and "tip of the day" must not reach the application's log when bloomgate parses its
 * first statement, and the jOOQ system properties must be left as the application had them. Run in
 * a fresh JVM: surefire sets {@code org.jooq.no-logo} for the test JVM, and jOOQ prints the banner
 * once per class loader.
 */
class JooqBannerTest {

    @Test
    void aGateParsingStatementsLogsNoJooqBannerAndLeavesJooqsPropertiesUnset() throws Exception {
        String program = """
                import io.bloomgate.BloomGate;
                import java.sql.*;
                import org.h2.jdbcx.JdbcDataSource;

                public class ParseThroughTheGate {
                    public static void main(String[] args) throws Exception {
                        JdbcDataSource h2 = new JdbcDataSource();
                        h2.setURL("jdbc:h2:mem:banner;DB_CLOSE_DELAY=-1");
                        h2.setUser("sa");
                        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
                            s.execute("CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100))");
                        }
                        try (BloomGate gate = BloomGate.builder(h2).guard("users", "email").build();
                                Connection c = gate.dataSource().getConnection();
                                PreparedStatement ps = c.prepareStatement("SELECT id FROM users WHERE email = ?")) {
                            for (int i = 0; i < 2; i++) {
                                ps.setString(1, "x@example.org");
                                try (ResultSet rs = ps.executeQuery()) {
                                    System.out.println("FOUND " + rs.next());
                                }
                            }
                            System.out.println("AVOIDED " + gate.stats("users", "email").avoided());
                        }
                        System.out.println("NO_LOGO " + System.getProperty("org.jooq.no-logo"));
                        System.out.println("NO_TIPS " + System.getProperty("org.jooq.no-tips"));
                    }
                }
                """;
        // The test class path (bloomgate, jOOQ, H2, slf4j-simple logging at INFO to stderr).
        List<Path> classPath = Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(Path::of).toList();
        FreshJvm.Result r = FreshJvm.run("ParseThroughTheGate", program, classPath);

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).as(r.toString()).contains("FOUND false", "AVOIDED 1", "NO_LOGO null", "NO_TIPS null");
        assertThat(r.err()).as("bloomgate's own INFO logs reach stderr: the check below can see jOOQ's")
                .contains("io.bloomgate");
        assertThat(r.err()).as(r.toString()).doesNotContain("Thank you for using jOOQ", "tip of the day");
    }
}
