package io.bloomgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.examples.jooq.HikariJooqExample;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** examples/hikari-jooq: jOOQ's lookups through a gate on a HikariCP pool are answered by the filter, correctly. */
class HikariJooqExampleTest {

    @Test
    void jooqLookupsAreAnsweredByTheFilterAndMatchTheDatabase() throws Exception {
        JdbcDataSource h2 = ExampleDatabases.h2("jooq");
        HikariConfig config = new HikariConfig();
        config.setDataSource(h2);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            HikariJooqExample.Result result = HikariJooqExample.run(pool);

            assertThat(result.discounts()).hasSize(2_001);
            try (Connection c = pool.getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT percent_off FROM ex_coupons WHERE code = ?")) {
                for (Map.Entry<String, Integer> e : result.discounts().entrySet()) {
                    ps.setString(1, e.getKey());
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(e.getValue()).as(e.getKey()).isEqualTo(rs.next() ? rs.getInt(1) : null);
                    }
                }
            }
            assertThat(result.discounts().values().stream().filter(d -> d != null).count()).isEqualTo(51);
            assertThat(result.discounts().get("WELCOME")).as("inserted with jOOQ through the gate").isEqualTo(15);
            // 1,950 invalid codes at p = 1%: jOOQ's rendered SQL must be recognised for these to be avoided.
            assertThat(result.stats().avoided()).isGreaterThan(1_850);
            assertThat(result.stats().truePositives()).isEqualTo(51);
        }
        ExampleDatabases.shutdown(h2);
    }
}
