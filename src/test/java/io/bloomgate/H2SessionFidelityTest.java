package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * What H2 would say depends on the session's user and on how the database reads names; each case
 * was answered "no rows" where H2 raises an error or returns a row.
 */
class H2SessionFidelityTest {

    private static String outcome(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? "a row" : "no rows";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    private static long avoided(BloomGate gate) {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    /**
     * A user without the right to read the table gets H2's error (90096) whatever the key. A plain
     * statement's lookup is answered without H2 ever preparing it, so the gate answered "no rows".
     */
    @Test
    void aUserWithoutRightsOnTheTableGetsH2sError() throws SQLException {
        JdbcDataSource admin = new JdbcDataSource();
        admin.setURL("jdbc:h2:mem:rights" + System.nanoTime()); // no DB_CLOSE_DELAY: a user may not set it
        admin.setUser("sa");
        try (Connection keeper = admin.getConnection()) {
            H2Databases.run(admin, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20) UNIQUE)",
                    "INSERT INTO t VALUES (1, 'k1')", "CREATE USER reader PASSWORD 'p'");
            try (BloomGate gate = BloomGate.builder(admin).guard("t", "k").build()) {
                String sql = "SELECT id FROM t WHERE k = 'nobody'";
                try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
                    assertThat(outcome(s, "SELECT id FROM t WHERE k = 'warm'")).isEqualTo("no rows");
                    long before = avoided(gate);
                    assertThat(outcome(s, sql)).isEqualTo("no rows");
                    assertThat(avoided(gate)).as("answered for an admin").isEqualTo(before + 1);
                }
                try (Connection direct = admin.getConnection("READER", "p");
                        Connection c = gate.dataSource().getConnection("READER", "p");
                        Statement d = direct.createStatement(); Statement s = c.createStatement()) {
                    String refused = outcome(d, sql);
                    assertThat(refused).as("H2 refuses the user").isNotIn("no rows", "a row");
                    assertThat(outcome(s, sql)).isEqualTo(refused);
                }
            }
        }
    }

    /**
     * Opened with {@code DATABASE_TO_LOWER=TRUE} (or {@code DATABASE_TO_UPPER=FALSE}), H2 reads an
     * unquoted {@code t} as table "t", not the guarded "T"; the gate folded it to "T" and answered
     * from "T"'s filter. Such a database is refused at build.
     */
    @Test
    void aDatabaseThatFoldsNamesOtherwiseIsRefusedAtBuild() throws SQLException {
        for (String setting : new String[] {"DATABASE_TO_LOWER=TRUE", "DATABASE_TO_UPPER=FALSE"}) {
            JdbcDataSource db = new JdbcDataSource();
            db.setURL("jdbc:h2:mem:fold" + System.nanoTime() + ";DB_CLOSE_DELAY=-1;" + setting);
            db.setUser("sa");
            try {
                H2Databases.run(db, "CREATE TABLE \"T\" (\"ID\" BIGINT PRIMARY KEY, \"K\" VARCHAR(20))",
                        "INSERT INTO \"T\" VALUES (1, 'upper')",
                        "CREATE TABLE \"t\" (\"id\" BIGINT PRIMARY KEY, \"k\" VARCHAR(20))",
                        "INSERT INTO \"t\" VALUES (1, 'lower')");
                try (Connection direct = db.getConnection();
                        PreparedStatement ps = direct.prepareStatement("SELECT id FROM t WHERE k = ?")) {
                    ps.setString(1, "lower");
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.next()).as("H2 reads t as \"t\" under " + setting).isTrue();
                    }
                }
                assertThatThrownBy(() -> BloomGate.builder(db).guard("T", "K").build())
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining(setting.substring(0, setting.indexOf('=')));
            } finally {
                H2Databases.run(db, "SHUTDOWN");
            }
        }
    }

    /**
     * An admin's rights taken away by another connection ({@code ALTER USER ... ADMIN FALSE}): H2 then
     * refuses the user's statements on a table it has no right on (90096). The gate had read the
     * session as an admin's once, and kept answering "no rows".
     */
    @Test
    void anAdminWhoseRightsAreTakenAwayGetsH2sError() throws SQLException {
        JdbcDataSource db = H2Databases.memory();
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20) UNIQUE)",
                "INSERT INTO t VALUES (1, 'k1')", "CREATE USER boss PASSWORD 'p' ADMIN");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                Connection c = gate.dataSource().getConnection("BOSS", "p");
                Connection direct = db.getConnection("BOSS", "p");
                Statement s = c.createStatement(); Statement d = direct.createStatement()) {
            String sql = "SELECT id FROM t WHERE k = 'nobody'";
            assertThat(outcome(s, "SELECT id FROM t WHERE k = 'warm'")).isEqualTo("no rows");
            long before = avoided(gate);
            assertThat(outcome(s, sql)).isEqualTo("no rows");
            assertThat(avoided(gate)).as("answered for an admin").isEqualTo(before + 1);
            H2Databases.run(db, "ALTER USER boss ADMIN FALSE");
            String refused = outcome(d, sql);
            assertThat(refused).as("H2 refuses the user now").isNotIn("no rows", "a row");
            assertThat(outcome(s, sql)).isEqualTo(refused);
        } finally {
            H2Databases.run(db, "SHUTDOWN");
        }
    }

    /**
     * H2 resolves an unqualified name it does not find in the current schema through the session's
     * {@code SCHEMA_SEARCH_PATH}. A lookup joining such a table was answered on a session without
     * that path ("no rows" where H2 raises 42S02), with the metadata copied from a session that had it.
     */
    @Test
    void aJoinedTableFoundThroughTheSchemaSearchPathIsNotAnsweredElsewhere() throws SQLException {
        JdbcDataSource db = H2Databases.memory();
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20) UNIQUE)",
                "INSERT INTO t VALUES (1, 'k1')", "CREATE SCHEMA s", "CREATE TABLE s.u (id BIGINT PRIMARY KEY, x INT)");
        String sql = "SELECT t.id, u.x FROM t LEFT JOIN u ON u.id = t.id WHERE t.k = '%s'";
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
                s.execute("SET SCHEMA_SEARCH_PATH PUBLIC, S");
                assertThat(outcome(s, String.format(sql, "warm"))).isEqualTo("no rows");
                assertThat(outcome(s, String.format(sql, "warm2"))).isEqualTo("no rows");
            }
            try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement();
                    Connection direct = db.getConnection(); Statement d = direct.createStatement()) {
                String refused = outcome(d, String.format(sql, "nobody"));
                assertThat(refused).as("H2 finds no table U").isEqualTo("42S02");
                assertThat(outcome(s, String.format(sql, "nobody"))).isEqualTo(refused);
            }
        } finally {
            H2Databases.run(db, "SHUTDOWN");
        }
    }
}
