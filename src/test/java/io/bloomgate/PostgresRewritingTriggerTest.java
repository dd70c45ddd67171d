package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A BEFORE trigger of the application's that rewrites the key (here: e-mail addresses stored in
 * lower case) means the key a statement binds is not the key the row gets: key writes to such a
 * table count as writes with unknown keys ({@code Guard#keysRewritable}), so a writer that looks up
 * the stored key right after its own write finds it before the change feed has the row — also when
 * the trigger was created after {@code build()}.
 */
class PostgresRewritingTriggerTest {

    private PGSimpleDataSource pg;
    private String schema;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "rewrite_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        H2Databases.run(pg, "CREATE FUNCTION lower_email() RETURNS trigger LANGUAGE plpgsql AS"
                + " $$ BEGIN NEW.email := lower(NEW.email); RETURN NEW; END $$");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (schema != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    /**
     * A trigger created after {@code build()} (a migration while the application runs): the
     * watchdog's check (every 2 s) finds it, and from then on key writes count as unknown.
     */
    @Test
    void aRewritingTriggerCreatedAfterBuildIsFollowed() throws Exception {
        H2Databases.run(pg, "CREATE TABLE later (email varchar(100) PRIMARY KEY, name text)");
        // The feed would bring the stored key within milliseconds and hide the gate's own error.
        try (BloomGate gate = BloomGate.builder(pg).guard("later", "email").staleAfter(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofSeconds(30)).build();
                Connection c = gate.dataSource().getConnection()) {
            assertThat(found(c, "later", "nobody@example.com")).isFalse();
            assertThat(found(c, "later", "nobody@example.com")).isFalse();
            assertThat(gate.stats("later", "email").avoided()).as("answered before the trigger").isPositive();
            H2Databases.run(pg, "CREATE TRIGGER later_lower BEFORE INSERT OR UPDATE ON later FOR EACH ROW"
                    + " EXECUTE FUNCTION lower_email()");
            Thread.sleep(2_500); // the watchdog's check runs every 2 s
            for (boolean autoCommit : new boolean[] {true, false}) {
                c.setAutoCommit(autoCommit);
                String written = autoCommit ? "Late.Comer@Example.com" : "Other.Case@Example.com";
                try (PreparedStatement ps = c.prepareStatement("insert into later (email, name) values (?, 'n')")) {
                    ps.setString(1, written);
                    ps.executeUpdate();
                }
                assertThat(found(c, "later", written.toLowerCase(java.util.Locale.ROOT)))
                        .as("the stored key, right after the write (autocommit %s)", autoCommit).isTrue();
                if (!autoCommit) {
                    c.commit();
                }
            }
            assertThat(gate.stats("later", "email").state()).isEqualTo(GuardState.READY);
        }
    }

    @Test
    void anAfterTriggerOrAStatementTriggerOfTheApplicationsIsNoObstacle() throws SQLException {
        H2Databases.run(pg, "CREATE TABLE audited (id bigint PRIMARY KEY, v text)",
                "CREATE TABLE audit_log (id bigint, at timestamptz DEFAULT now())",
                "CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS"
                        + " $$ BEGIN INSERT INTO audit_log (id) VALUES (NEW.id); RETURN NULL; END $$",
                "CREATE TRIGGER audited_after AFTER INSERT OR UPDATE ON audited FOR EACH ROW EXECUTE FUNCTION audit_row()",
                "CREATE FUNCTION audit_statement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
                "CREATE TRIGGER audited_stmt BEFORE INSERT ON audited FOR EACH STATEMENT"
                        + " EXECUTE FUNCTION audit_statement()");
        try (BloomGate gate = BloomGate.builder(pg).guard("audited", "id").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement insert = c.prepareStatement("insert into audited values (?, 'v')");
                PreparedStatement find = c.prepareStatement("select v from audited where id = ?")) {
            insert.setLong(1, 7);
            insert.executeUpdate();
            find.setLong(1, 7);
            try (ResultSet rs = find.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
            long settledBypasses = gate.stats("audited", "id").bypassed(io.bloomgate.stats.BypassReason.UNSETTLED);
            find.setLong(1, 8);
            try (ResultSet rs = find.executeQuery()) {
                assertThat(rs.next()).isFalse();
            }
            assertThat(gate.stats("audited", "id").bypassed(io.bloomgate.stats.BypassReason.UNSETTLED))
                    .as("an AFTER trigger does not make the write's keys unknown").isEqualTo(settledBypasses);
        }
    }

    private static boolean found(Connection c, String table, String email) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select name from " + table + " where email = ?")) {
            ps.setString(1, email);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
