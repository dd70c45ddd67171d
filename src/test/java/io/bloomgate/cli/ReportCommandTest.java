package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report} on an H2 file database whose guards this JVM holds. */
class ReportCommandTest {

    @TempDir
    Path dir;

    @Test
    void printsTheGuardsAsATableAndAsJson() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("users").toAbsolutePath();
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL(url);
        h2.setUser("sa");
        // Held open: the database (and the guards' registry for it) stays open between the commands.
        try (Connection keepOpen = h2.getConnection(); Statement s = keepOpen.createStatement()) {
            s.execute("CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL UNIQUE)");
            s.execute("INSERT INTO users SELECT X, 'user' || X || '@example.org' FROM SYSTEM_RANGE(1, 1000)");
            try (BloomGate gate = BloomGate.builder(h2).guard("users", "email").build();
                    Connection c = gate.dataSource().getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT id FROM users WHERE email = ?")) {
                for (int i = 0; i < 30; i++) {
                    ps.setString(1, (i < 20 ? "absent" : "user") + i + "@example.org");
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                    }
                }
                Cli text = Cli.run("report", "--url", url, "--user", "sa", "--password", "");
                assertThat(text.code).as(text.err).isZero();
                assertThat(text.out.lines().toList()).hasSize(2);
                assertThat(text.out).startsWith("guard").contains("PUBLIC.USERS.EMAIL", "READY", " 29 ");

                Cli json = Cli.run("report", "--url", url, "--user", "sa", "--json");
                assertThat(json.code).isZero();
                assertThat(json.out).startsWith("{\"guards\":[{\"table\":\"PUBLIC.USERS\",\"column\":\"EMAIL\","
                        + "\"state\":\"READY\",\"lookups\":29,");
            }
            Cli closed = Cli.run("report", "--url", url, "--user", "sa");
            assertThat(closed.code).isZero();
            assertThat(closed.out).contains("No guards on this database in this JVM");
        }
    }
}
