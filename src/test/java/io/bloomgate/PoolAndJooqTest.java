package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The gate with the parts users combine it with: HikariCP on either side, jOOQ on top. */
class PoolAndJooqTest {

    private JdbcDataSource h2;

    @BeforeEach
    void setUp() throws SQLException {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL)",
                "INSERT INTO users SELECT X, 'user' || X || '@example.org' FROM SYSTEM_RANGE(1, 1000)");
    }

    @AfterEach
    void tearDown() throws SQLException {
        H2Databases.run(h2, "SHUTDOWN");
    }

    private static HikariDataSource pool(DataSource target) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(target);
        config.setMaximumPoolSize(4);
        return new HikariDataSource(config);
    }

    private static void lookups(DataSource ds, BloomGate gate) throws SQLException {
        for (int i = 0; i < 50; i++) {
            try (Connection c = ds.getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT id FROM users WHERE email = ?")) {
                ps.setString(1, "absent" + i + "@example.org");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isFalse();
                }
                ps.setString(1, "user" + (i + 1) + "@example.org");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            }
        }
        assertThat(gate.stats("users", "email").avoided()).isGreaterThanOrEqualTo(49);
    }

    @Test
    void gateInFrontOfAHikariPool() throws SQLException {
        try (HikariDataSource pool = pool(h2); BloomGate gate = BloomGate.builder(pool).guard("users", "email").build()) {
            lookups(gate.dataSource(), gate);
        }
    }

    @Test
    void hikariPoolingTheGatesConnections() throws SQLException {
        try (BloomGate gate = BloomGate.builder(h2).guard("users", "email").build();
                HikariDataSource pool = pool(gate.dataSource())) {
            lookups(pool, gate);
        }
    }

    @Test
    void jooqRenderedLookupsAreRecognisedAndAvoided() throws SQLException {
        try (BloomGate gate = BloomGate.builder(h2).guard("users", "email").build()) {
            DSLContext jooq = DSL.using(gate.dataSource(), SQLDialect.H2);
            for (int i = 0; i < 20; i++) {
                Result<Record> absent = jooq.selectFrom(table(name("PUBLIC", "USERS")))
                        .where(field(name("PUBLIC", "USERS", "EMAIL"), String.class).eq("nobody" + i + "@x.org"))
                        .fetch();
                assertThat(absent).isEmpty();
                Result<Record> present = jooq.selectFrom(table(name("USERS")))
                        .where(field(name("USERS", "EMAIL"), String.class).eq("user" + (i + 1) + "@example.org"))
                        .fetch();
                assertThat(present).hasSize(1);
            }
            GuardStats stats = gate.stats("users", "email");
            assertThat(stats.avoided()).as("jOOQ's quoted, schema-qualified, cast-wrapped SQL is recognised")
                    .isGreaterThanOrEqualTo(19);
            assertThat(stats.truePositives()).isEqualTo(20);
        }
    }

    @Test
    void aNarrowingCastOnTheKeyParameterIsPassedThroughNotGuessed() throws SQLException {
        H2Databases.run(h2, "CREATE TABLE codes (code VARCHAR(10) PRIMARY KEY)", "INSERT INTO codes VALUES ('abc')");
        try (BloomGate codes = BloomGate.builder(h2).guard("codes", "code").build();
                Connection c = codes.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT code FROM codes WHERE code = CAST(? AS VARCHAR(3))")) {
            for (int i = 0; i < 2; i++) {
                // 'abcdef' is absent, but the database compares CAST('abcdef' AS VARCHAR(3)) = 'abc'.
                ps.setString(1, "abcdef");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            }
            assertThat(codes.stats("codes", "code").bypassed(BypassReason.PARAMETER)).isEqualTo(2);
        }
    }
}
