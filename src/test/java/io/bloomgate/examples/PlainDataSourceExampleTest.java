package io.bloomgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.examples.plain.PlainDataSourceExample;
import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** examples/plain-datasource: the gate's answers are the database's, and most absent keys cost no query. */
class PlainDataSourceExampleTest {

    @Test
    void answersEqualTheDatabasesAndAbsentEmailsAreAnsweredByTheFilter() throws Exception {
        JdbcDataSource h2 = ExampleDatabases.h2("plain");
        PlainDataSourceExample.Result result = PlainDataSourceExample.run(h2);

        assertThat(result.taken()).hasSize(1_000);
        try (Connection c = h2.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM ex_users WHERE email = ?")) {
            for (Map.Entry<String, Boolean> e : result.taken().entrySet()) {
                if (!e.getKey().equals("new1@example.org")) { // signed up after it was checked
                    ps.setString(1, e.getKey());
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        assertThat(e.getValue()).as(e.getKey()).isEqualTo(rs.getLong(1) == 1);
                    }
                }
            }
        }
        assertThat(result.taken().values().stream().filter(t -> t).count()).isEqualTo(100);
        assertThat(result.taken().get("new1@example.org")).as("checked before signing up").isFalse();
        assertThat(result.foundAfterSignUp()).as("a write through the gate is found at once").isTrue();
        assertThat(result.stats().state()).isEqualTo(GuardState.READY);
        // 900 free e-mails at p = 1%: all but the false positives (and the text's first run) avoided.
        assertThat(result.stats().avoided()).isGreaterThan(850);
        assertThat(result.stats().truePositives()).isEqualTo(101);
        ExampleDatabases.shutdown(h2);
    }
}
