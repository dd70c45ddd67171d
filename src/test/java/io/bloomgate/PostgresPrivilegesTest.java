package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * An application user who owns neither the table nor bloomgate's schema (role {@code
 * bloomgate_app}, created by {@code .ci/postgres.sh}): build() says what to run and grant, and
 * works once the owner has.
 */
class PostgresPrivilegesTest {

    private PGSimpleDataSource owner;
    private PGSimpleDataSource app;
    private final String table = "priv_" + Long.toHexString(System.nanoTime());

    @BeforeEach
    void setUp() throws SQLException {
        owner = PostgresServer.dataSource();
        app = new PGSimpleDataSource();
        app.setURL(owner.getURL());
        app.setUser("bloomgate_app");
        app.setPassword("bloomgate_app");
        H2Databases.run(owner, "CREATE TABLE public." + table + " (id bigint PRIMARY KEY)",
                "INSERT INTO public." + table + " SELECT g * 2 FROM generate_series(1, 100) g",
                "GRANT SELECT, INSERT ON public." + table + " TO bloomgate_app");
        BloomGate.builder(owner).guard("public." + table, "id").build().close(); // bloomgate's schema exists
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (owner != null) {
            H2Databases.run(owner, "SELECT bloomgate.uninstall_guard('public." + table + "', 'id')",
                    "DROP TABLE public." + table,
                    "REVOKE ALL ON SCHEMA bloomgate FROM bloomgate_app",
                    "REVOKE ALL ON ALL TABLES IN SCHEMA bloomgate FROM bloomgate_app");
        }
    }

    @Test
    void withoutRightsBuildSaysWhatToGrant() {
        assertThatThrownBy(() -> BloomGate.builder(app).guard("public." + table, "id").build())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("bloomgate_app")
                .hasMessageContaining("USAGE on schema bloomgate");
    }

    @Test
    void withoutOwnershipOfTheTableBuildNamesTheCallToRunAsItsOwner() throws SQLException {
        H2Databases.run(owner, "SELECT bloomgate.uninstall_guard('public." + table + "', 'id')",
                "GRANT USAGE ON SCHEMA bloomgate TO bloomgate_app",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA bloomgate TO bloomgate_app");
        assertThatThrownBy(() -> BloomGate.builder(app).guard("public." + table, "id").build())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("bloomgate.install_guard('\"public\".\"" + table + "\"', 'id')")
                .hasMessageContaining("as the owner of");
    }

    @Test
    void onceTheOwnerInstalledAndGrantedTheAppUserRunsAGate() throws Exception {
        H2Databases.run(owner, "GRANT USAGE ON SCHEMA bloomgate TO bloomgate_app",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA bloomgate TO bloomgate_app");
        try (BloomGate gate = BloomGate.builder(app).guard("public." + table, "id").build()) {
            H2Databases.run(app, "INSERT INTO public." + table + " VALUES (1)"); // the trigger needs no rights
            assertThat(gate.awaitChangeFeed(10_000)).isTrue();
            try (Connection c = gate.dataSource().getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT id FROM public." + table + " WHERE id = ?")) {
                ps.setLong(1, 1);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
                ps.setLong(1, 3);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isFalse();
                }
            }
            assertThat(gate.stats("public." + table, "id").state()).isEqualTo(GuardState.READY);
        }
    }

    /**
     * An upgrade from version 5 adds {@code bloomgate.instance_stats}: a role granted the schema's
     * tables before it existed may write it too, so its gates can persist their counters.
     */
    @Test
    void anUpgradeGrantsTheNewStatsTableToRolesThatHadTheOthers() throws Exception {
        H2Databases.run(owner, "GRANT USAGE ON SCHEMA bloomgate TO bloomgate_app",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA bloomgate TO bloomgate_app",
                "REVOKE ALL ON bloomgate.instance_stats FROM bloomgate_app", // as a version-5 grant left it
                "UPDATE bloomgate.version SET version = 5");
        assertThat(canInsertStats()).isFalse();
        BloomGate.builder(owner).guard("public." + table, "id").build().close(); // runs the upgrade
        assertThat(canInsertStats()).isTrue();
        try (BloomGate gate = BloomGate.builder(app).guard("public." + table, "id").build()) {
            assertThat(gate.stats("public." + table, "id").state()).isEqualTo(GuardState.READY);
        }
        try (Connection c = owner.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM bloomgate.instance_stats s JOIN bloomgate.guards g ON g.id = s.guard_id"
                        + " WHERE g.table_name = ? AND s.ended_at IS NOT NULL")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertThat(rs.getLong(1)).as("rows written on close, by the owner's and the app's gates").isEqualTo(3);
            }
        }
    }

    private boolean canInsertStats() throws SQLException {
        try (Connection c = owner.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT has_table_privilege('bloomgate_app', 'bloomgate.instance_stats', 'INSERT')")) {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }
}
