package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.GuardProbe.Answer;
import io.bloomgate.GuardProbe.Path;
import io.bloomgate.stats.GuardState;
import java.sql.SQLException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * Guards are shared per database (H2Registry): the trigger on a table finds the guards of its own
 * database, never another's; two gates on one column share one filter; closing one gate leaves the
 * other's guard working. Installing the trigger needs an admin; a non-admin gets a clear error.
 */
class H2SharedGuardsTest {

    private static JdbcDataSource tableWithRows(int rows) throws SQLException {
        JdbcDataSource h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY, payload VARCHAR(40))",
                "INSERT INTO items SELECT X, 'p' FROM SYSTEM_RANGE(1, " + rows + ")");
        return h2;
    }

    @Test
    void twoInMemoryDatabasesWithTheSameTableNameKeepSeparateFilters() throws SQLException {
        JdbcDataSource db1 = tableWithRows(100);
        JdbcDataSource db2 = tableWithRows(100);
        try (BloomGate gate1 = BloomGate.builder(db1).guard("items", "id", 100_000, 0.01).build();
                BloomGate gate2 = BloomGate.builder(db2).guard("items", "id", 100_000, 0.01).build()) {
            GuardProbe p1 = new GuardProbe(gate1, "items", "id").warmUp();
            GuardProbe p2 = new GuardProbe(gate2, "items", "id").warmUp();
            long added1 = p1.stats().keysAdded();
            long added2 = p2.stats().keysAdded();

            H2Databases.run(db2, "INSERT INTO items SELECT X, 'db2 only' FROM SYSTEM_RANGE(50001, 50100)");
            assertThat(p2.stats().keysAdded()).isEqualTo(added2 + 100);
            assertThat(p1.stats().keysAdded()).as("db1's guard is not fed by db2's trigger").isEqualTo(added1);
            p2.assertFoundByFilter(50_050L);
            assertThat(p1.lookup(50_050L)).as("db1 never held 50050: its filter says absent")
                    .isEqualTo(new Answer(false, Path.AVOIDED));

            H2Databases.run(db1, "INSERT INTO items VALUES (60001, 'db1 only')");
            p1.assertFoundByFilter(60_001L);
            assertThat(p2.stats().keysAdded()).isEqualTo(added2 + 100);
        }
    }

    @Test
    void twoGatesOnTheSameColumnShareOneGuardAndClosingOneKeepsTheOtherAnswering() throws SQLException {
        JdbcDataSource h2 = tableWithRows(100);
        // A second data source object on the same database: the share is by database, not by object.
        JdbcDataSource sameDb = new JdbcDataSource();
        sameDb.setURL(h2.getURL());
        sameDb.setUser("sa");
        BloomGate gate1 = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        try (BloomGate gate2 = BloomGate.builder(sameDb).guard("ITEMS", "ID", 5_000, 0.01).build()) {
            GuardProbe p1 = new GuardProbe(gate1, "items", "id").warmUp();
            GuardProbe p2 = new GuardProbe(gate2, "items", "id").warmUp();
            assertThat(p2.stats().keysAdded()).isEqualTo(p1.stats().keysAdded());
            assertThat(p2.stats().filter()).as("one filter").isEqualTo(p1.stats().filter());

            H2Databases.run(h2, "INSERT INTO items SELECT X, 'raw' FROM SYSTEM_RANGE(1001, 1010)");
            assertThat(p2.stats().keysAdded()).isEqualTo(p1.stats().keysAdded());
            p1.assertFoundByFilter(1005L);
            p2.assertFoundByFilter(1005L);

            gate1.close();
            // gate1's data source now passes everything through, still answering correctly.
            assertThat(p1.find(1005L)).isTrue();
            assertThat(p1.find(-3L)).isFalse();
            // gate2 keeps its guard, and the trigger keeps feeding it.
            assertThat(p2.stats().state()).isEqualTo(GuardState.READY);
            H2Databases.run(h2, "INSERT INTO items VALUES (2001, 'after gate1 closed')");
            p2.assertFoundByFilter(2001L);
            p2.assertFoundByFilter(1L);
            assertThat(p2.lookup(-3L)).isEqualTo(new Answer(false, Path.AVOIDED));
        } finally {
            gate1.close();
        }
        // All gates closed; a new one builds afresh and sees what was written meanwhile.
        H2Databases.run(h2, "INSERT INTO items VALUES (3001, 'no gate open')");
        try (BloomGate gate3 = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build()) {
            GuardProbe p3 = new GuardProbe(gate3, "items", "id").warmUp();
            p3.assertFoundByFilter(3001L);
            H2Databases.run(h2, "INSERT INTO items VALUES (3002, 'raw, gate3 open')");
            p3.assertFoundByFilter(3002L);
        } finally {
            H2Databases.run(h2, "SHUTDOWN");
        }
    }

    @Test
    void aSecondGuardOnTheSameColumnAtAnotherRateIsRefusedNamingBothRequests() throws SQLException {
        JdbcDataSource h2 = tableWithRows(100);
        try (BloomGate first = BloomGate.builder(h2).guard("items", "id", 100_000, 0.3).build()) {
            // Sharing would hand the second gate the first one's filter: 0.3 where 0.0001 was asked.
            assertThatThrownBy(() -> BloomGate.builder(h2).guard("ITEMS", "ID", 5_000, 0.0001).build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("at false-positive rate 1.0E-4 (5000 expected keys)")
                    .hasMessageContaining("already has a guard on that column at rate 0.3 (100000 expected keys)")
                    .hasMessageContaining("Ask for rate 0.3, or close the gates that use the existing guard");
            // From SQL alike, and the refused requests left the shared guard as it was.
            H2Databases.run(h2, "RUNSCRIPT FROM 'sql/h2/install.sql'");
            assertThatThrownBy(() -> H2Databases.run(h2, "CALL BLOOM_GUARD('ITEMS', 'ID', 5000, 0.0001)"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("already has a guard on that column at rate 0.3");
            GuardProbe p = new GuardProbe(first, "items", "id").warmUp();
            assertThat(p.stats().state()).isEqualTo(GuardState.READY);
            p.assertFoundByFilter(50L);
            // The same rate (at another size) still shares the guard.
            try (BloomGate second = BloomGate.builder(h2).guard("items", "id", 5_000, 0.3).build()) {
                assertThat(new GuardProbe(second, "items", "id").stats().filter()).isEqualTo(p.stats().filter());
            }
        }
    }

    @Test
    void aNonAdminUserCannotInstallTheTriggerAndIsToldWhy() throws SQLException {
        JdbcDataSource h2 = tableWithRows(10);
        H2Databases.run(h2, "CREATE USER u PASSWORD 'p'", "GRANT ALL ON items TO u");
        JdbcDataSource asUser = new JdbcDataSource();
        // Without DB_CLOSE_DELAY: setting it needs admin rights (sa's connections keep the database open).
        asUser.setURL(h2.getURL().replace(";DB_CLOSE_DELAY=-1", ""));
        asUser.setUser("u");
        asUser.setPassword("p");
        try {
            assertThatThrownBy(() -> BloomGate.builder(asUser).guard("items", "id").build().close())
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("admin");
            // The failed build leaves nothing behind: an admin's gate builds and syncs as usual.
            try (BloomGate admin = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build()) {
                GuardProbe p = new GuardProbe(admin, "items", "id").warmUp();
                H2Databases.run(h2, "INSERT INTO items VALUES (501, 'after the failed build')");
                p.assertFoundByFilter(501L);
                // Once the trigger exists, the non-admin user may share the guard; its writes reach the
                // filter through the trigger (found by the admin's gate), while its own sessions are not
                // answered: H2 would raise 90096 for a table the user may not read, and the gate does not
                // read the user's rights (H2SessionFidelityTest).
                try (BloomGate user = BloomGate.builder(asUser).guard("items", "id").build()) {
                    GuardProbe pu = new GuardProbe(user, "items", "id").warmUp();
                    H2Databases.run(asUser, "INSERT INTO items VALUES (502, 'by the user')");
                    p.assertFoundByFilter(502L);
                    assertThat(pu.find(502L)).isTrue();
                    assertThat(pu.find(501L)).isTrue();
                    assertThat(pu.lookup(-1L).path()).as("the non-admin user's absent key").isNotEqualTo(
                            GuardProbe.Path.AVOIDED);
                }
            }
        } finally {
            H2Databases.run(h2, "SHUTDOWN");
        }
    }
}
