package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.key.UnsupportedKeyTypeException;
import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * A BEFORE trigger that rewrites the key (here: e-mail addresses stored in lower case) means the key
 * a statement binds is not the key the row gets, so the gate's own add of the bound key would leave
 * the stored one out until the change feed brought it. Refused at {@code build()}; one created after
 * {@code build()} (a migration while the application runs) is found by the trigger watchdog
 * (every 2 s), and lookups pass through from then on, {@code rebuild()} included, until it is dropped.
 */
class MariaDbRewritingTriggerTest extends MariaDbGuardedTable {

    MariaDbRewritingTriggerTest() {
        super("rewrite", "(id VARCHAR(100) PRIMARY KEY, name VARCHAR(20))", "('first@example.com', 'first')");
    }

    @Test
    void aTableWithARewritingTriggerIsRefusedNamingIt() throws SQLException {
        gate.close();
        gate = null;
        H2Databases.run(db, "CREATE TRIGGER " + t + "_lower BEFORE INSERT ON " + t
                + " FOR EACH ROW SET NEW.id = LOWER(NEW.id)");
        assertThatThrownBy(() -> BloomGate.builder(db).guard(t, "id").build())
                .isInstanceOf(UnsupportedKeyTypeException.class).hasMessageContaining(t + "_lower");
    }

    @Test
    void aRewritingTriggerCreatedAfterBuildMakesLookupsPassThrough() throws Exception {
        try (Connection c = gate.dataSource().getConnection()) {
            assertThat(found(c, "nobody@example.com")).isFalse();
            assertThat(found(c, "nobody@example.com")).isFalse();
            assertThat(gate.stats(t, "id").avoided()).as("answered before the trigger").isPositive();
            H2Databases.run(db, "CREATE TRIGGER " + t + "_lower BEFORE INSERT ON " + t
                    + " FOR EACH ROW SET NEW.id = LOWER(NEW.id)");
            long deadline = System.currentTimeMillis() + 15_000;
            while (gate.stats(t, "id").state() == GuardState.READY && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertThat(gate.stats(t, "id").state()).as("state after the trigger was created")
                    .isNotEqualTo(GuardState.READY);
            assertThatThrownBy(gate::rebuild).as("rebuild() with the trigger in place").hasMessageContaining(t + "_lower");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + t + " (id, name) VALUES (?, 'n')")) {
                ps.setString(1, "Late.Comer@Example.com");
                ps.executeUpdate();
            }
            assertThat(found(c, "late.comer@example.com")).isTrue();
            long avoided = gate.stats(t, "id").avoided();
            assertThat(found(c, "still.nobody@example.com")).isFalse();
            assertThat(gate.stats(t, "id").avoided()).as("answered with the trigger in place").isEqualTo(avoided);
        }
    }

    private boolean found(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM " + t + " WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
