package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import io.bloomgate.key.UnsupportedKeyTypeException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A BEFORE trigger of the application's that rewrites the key (here: e-mail addresses stored in
 * lower case) means the key a statement binds is not the key the row gets. A writer that looks up
 * the stored key right after its own insert must find it, before the change feed has the row.
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
        H2Databases.run(pg, "CREATE TABLE users (email varchar(100) PRIMARY KEY, name text)",
                "CREATE FUNCTION lower_email() RETURNS trigger LANGUAGE plpgsql AS"
                        + " $$ BEGIN NEW.email := lower(NEW.email); RETURN NEW; END $$",
                "CREATE TRIGGER users_lower BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION lower_email()",
                "INSERT INTO users VALUES ('first@example.com', 'first')");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (schema != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    @Test
    void theStoredKeyIsFoundRightAfterTheWritersOwnInsert() throws SQLException {
        BloomGate gate;
        try {
            // The feed would bring the stored key within milliseconds and hide the gate's own error.
            gate = BloomGate.builder(pg).guard("users", "email").staleAfter(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofSeconds(30)).build();
        } catch (UnsupportedKeyTypeException refused) {
            // Refusing such a table at build() (naming the trigger) is a right answer too.
            assertThat(refused).hasMessageContaining("users_lower");
            return;
        }
        try (gate; Connection c = gate.dataSource().getConnection()) {
            assertThat(found(c, "nobody@example.com")).isFalse(); // the lookup's text has run once
            for (boolean autoCommit : new boolean[] {true, false}) {
                c.setAutoCommit(autoCommit);
                String written = autoCommit ? "Mixed.Case@Example.com" : "Other.Case@Example.com";
                try (PreparedStatement ps = c.prepareStatement("insert into users (email, name) values (?, ?)")) {
                    ps.setString(1, written);
                    ps.setString(2, "n");
                    ps.executeUpdate();
                }
                assertThat(found(c, written.toLowerCase(java.util.Locale.ROOT)))
                        .as("the stored key of the writer's own insert (autocommit %s)", autoCommit).isTrue();
                if (!autoCommit) {
                    c.commit();
                }
            }
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
        }
    }

    @Test
    void aDisabledRewritingTriggerIsRefusedToo() throws SQLException {
        H2Databases.run(pg, "ALTER TABLE users DISABLE TRIGGER users_lower");
        assertThatThrownBy(() -> BloomGate.builder(pg).guard("users", "email").build())
                .isInstanceOf(UnsupportedKeyTypeException.class).hasMessageContaining("users_lower")
                .hasMessageContaining("users.email");
    }

    /**
     * A rewriting trigger created after {@code build()} (a migration while the application runs):
     * the change feed's check of the table's hooks (every 2 s) finds it, and lookups pass through from
     * then on, also after {@code rebuild()}, until it is dropped.
     */
    @Test
    void aRewritingTriggerCreatedAfterBuildMakesLookupsPassThrough() throws Exception {
        H2Databases.run(pg, "CREATE TABLE later (email varchar(100) PRIMARY KEY, name text)");
        try (BloomGate gate = BloomGate.builder(pg).guard("later", "email").build();
                Connection c = gate.dataSource().getConnection()) {
            assertThat(foundIn(c, "later", "nobody@example.com")).isFalse();
            assertThat(foundIn(c, "later", "nobody@example.com")).isFalse();
            assertThat(gate.stats("later", "email").avoided()).as("answered before the trigger").isPositive();
            H2Databases.run(pg, "CREATE TRIGGER later_lower BEFORE INSERT OR UPDATE ON later FOR EACH ROW"
                    + " EXECUTE FUNCTION lower_email()");
            long deadline = System.currentTimeMillis() + 15_000;
            while (gate.stats("later", "email").state() == io.bloomgate.stats.GuardState.READY
                    && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertThat(gate.stats("later", "email").state()).as("state after the trigger was created")
                    .isNotEqualTo(io.bloomgate.stats.GuardState.READY);
            assertThatThrownBy(gate::rebuild).as("rebuild() with the trigger in place")
                    .hasMessageContaining("later_lower");
            try (PreparedStatement ps = c.prepareStatement("insert into later (email, name) values (?, 'n')")) {
                ps.setString(1, "Late.Comer@Example.com");
                ps.executeUpdate();
            }
            assertThat(foundIn(c, "later", "late.comer@example.com")).isTrue();
            long avoided = gate.stats("later", "email").avoided();
            assertThat(foundIn(c, "later", "still.nobody@example.com")).isFalse();
            assertThat(gate.stats("later", "email").avoided()).as("answered with the trigger in place")
                    .isEqualTo(avoided);
        }
    }

    private static boolean foundIn(Connection c, String table, String email) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select name from " + table + " where email = ?")) {
            ps.setString(1, email);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static boolean found(Connection c, String email) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select name from users where email = ?")) {
            ps.setString(1, email);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
