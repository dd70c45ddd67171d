package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** {@link SessionConsistencyContract} on PostgreSQL, and what only PostgreSQL has (aborted transactions). */
class PostgresSessionConsistencyTest extends SessionConsistencyContract {

    @Override
    DataSource database() {
        return PostgresServer.dataSource();
    }

    @Override
    void dropAll(DataSource db, String suffix) throws SQLException {
        H2Databases.run(db, "DROP TABLE IF EXISTS users_" + suffix, "DROP SCHEMA IF EXISTS tenant_" + suffix + " CASCADE",
                "DROP FUNCTION IF EXISTS go_" + suffix + "()");
    }

    @Override
    boolean postgres() {
        return true;
    }

    @Override
    List<String> switches(String schema) throws SQLException {
        // A function that moves the search path from inside: nothing in the calling text says so.
        H2Databases.run(db, "CREATE OR REPLACE FUNCTION go_" + suffix + "() RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                + " PERFORM set_config('search_path', '" + schema + ", public', false); RETURN 1; END $$");
        return List.of("SET search_path = " + schema + ", public",
                "SELECT set_config('search_path', '" + schema + ", public', false)",
                "SELECT go_" + suffix + "()");
    }

    /** A small pool: HikariCP hands a thread the connection it returned last, so checkouts reuse one session. */
    private com.zaxxer.hikari.HikariDataSource pool(DataSource target) {
        com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
        config.setDataSource(target);
        config.setMaximumPoolSize(4); // the gate keeps some for its change feed; a thread gets its last one back
        return new com.zaxxer.hikari.HikariDataSource(config);
    }

    @Test
    void aPooledSessionIsReadOncePerChangeNotOncePerCheckout() throws SQLException {
        CountingDataSource counting = new CountingDataSource(db);
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (com.zaxxer.hikari.HikariDataSource hikari = pool(counting);
                BloomGate pooled = BloomGate.builder(hikari).guard(users(), "email").build()) {
            try (Connection c = pooled.dataSource().getConnection()) {
                query(c, sql, "warm@x");
            }
            long before = counting.executions();
            for (int i = 0; i < 5; i++) {
                try (Connection c = pooled.dataSource().getConnection()) {
                    assertThat(query(c, sql, "absent" + i + "@x")).isEmpty();
                }
            }
            assertThat(counting.executions()).as("statements sent for 5 checkouts of answered lookups").isEqualTo(before);
        }
    }

    @Test
    void aSessionMovedThroughTheGateIsReadAgainByTheNextCheckout() throws SQLException {
        String other = "tenant_" + suffix;
        H2Databases.run(db, "CREATE SCHEMA " + other,
                "CREATE TABLE " + other + "." + users() + " (id INT PRIMARY KEY, email VARCHAR(100), code VARCHAR(10))",
                "INSERT INTO " + other + "." + users() + " VALUES (7, 'tenant@x', 'tc')");
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (com.zaxxer.hikari.HikariDataSource hikari = pool(db);
                BloomGate pooled = BloomGate.builder(hikari).guard(users(), "email").build()) {
            try (Connection c = pooled.dataSource().getConnection()) {
                assertThat(query(c, sql, "tenant@x")).isEmpty();
                try (Statement s = c.createStatement()) {
                    s.execute("SET search_path = " + other + ", public"); // the pool does not reset it
                }
            }
            try (Connection c = pooled.dataSource().getConnection()) {
                assertThat(query(c, sql, "tenant@x")).as("the same session, now reading " + other).hasSize(1);
            }
        }
    }

    @Test
    void anAbortedTransactionGetsTheDatabasesErrorNotAnEmptyAnswer() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            query(c, sql, "warm@x");
            c.setAutoCommit(false);
            query(c, sql, "first@x");
            try (Statement s = c.createStatement()) {
                assertThatThrownBy(() -> s.execute("SELECT 1 / 0")).isInstanceOf(SQLException.class);
            }
            assertThatThrownBy(() -> query(c, sql, "nobody@x")).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25P02"));
            c.rollback();
            assertThat(query(c, sql, "nobody@x")).isEmpty();
        }
    }

    /**
     * A text the gate answered many times (more than pgjdbc's prepareThreshold) still passes through
     * once a transaction-local setting moves the search path, reads the other schema's table, and is
     * answered again once the rollback has undone the setting. (The fuzzer's seed 61 cases ended
     * here with 0A000 on the direct connection: pgjdbc had server-prepared the text there, not on the
     * gate's connection, whose answered executions never reached the driver.)
     */
    @Test
    void aTransactionLocalSearchPathIsSeenByATextAnsweredBefore() throws SQLException {
        String other = "tenant_" + suffix;
        H2Databases.run(db, "CREATE SCHEMA " + other,
                "CREATE TABLE " + other + "." + users() + " (id BIGINT PRIMARY KEY, email VARCHAR(100), code VARCHAR(10))",
                "INSERT INTO " + other + "." + users() + " VALUES (7, 'tenant@x', 'tc')");
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            query(c, sql, "warm@x");
            long before = avoided();
            for (int i = 0; i < 6; i++) {
                assertThat(query(c, sql, "tenant@x")).isEmpty();
            }
            assertThat(avoided()).as("answered in the default schema").isEqualTo(before + 6);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SELECT set_config('search_path', '" + other + ", public', true)");
            }
            assertThat(query(c, sql, "tenant@x")).as("in the transaction, " + other + " is read").containsExactly("7|");
            assertThat(avoided()).as("passed through").isEqualTo(before + 6);
            c.rollback();
            assertThat(query(c, sql, "tenant@x")).as("after the rollback, the default schema again").isEmpty();
            assertThat(avoided()).as("answered again").isEqualTo(before + 7);
        }
    }

    /**
     * pgjdbc server-prepares a text after 5 executions on a connection. The gate's answers never
     * reach pgjdbc, so its connection prepared the lookup only while the search path named the other
     * schema; the direct connection had prepared it before and re-prepared it (silently, in
     * autocommit) at each move. Back home, in a transaction, the gate's statement would have been
     * refused (0A000, "cached plan must not change result type") where the direct one returns the row.
     */
    @Test
    void aTextTheGateAnsweredIsNotRefusedInATransactionAfterTheSearchPathMovedAndBack() throws SQLException {
        String other = "tenant_" + suffix;
        H2Databases.run(db, "CREATE SCHEMA " + other,
                "CREATE TABLE " + other + "." + users() + " (id BIGINT PRIMARY KEY, email VARCHAR(100))",
                "INSERT INTO " + other + "." + users() + " VALUES (1, 'a@x')");
        String sql = "SELECT * FROM " + users() + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            String home;
            try (Statement s = direct.createStatement(); java.sql.ResultSet rs = s.executeQuery("SHOW search_path")) {
                rs.next();
                home = rs.getString(1).replace("'", "''");
            }
            List<Connection> both = List.of(direct, c);
            for (Connection x : both) {
                query(x, sql, "warm@x");
            }
            long before = avoided();
            for (int i = 0; i < 4; i++) {
                for (Connection x : both) {
                    assertThat(query(x, sql, "absent" + i + "@x")).isEmpty();
                }
            }
            assertThat(avoided()).as("answered at home").isEqualTo(before + 4);
            setSearchPath(both, other);
            for (int i = 0; i < 6; i++) {
                for (Connection x : both) {
                    assertThat(query(x, sql, "a@x")).as("in " + other).containsExactly("1|a@x|");
                }
            }
            setSearchPath(both, home);
            for (Connection x : both) {
                assertThat(query(x, sql, "absent@x")).isEmpty();
            }
            for (Connection x : both) {
                x.setAutoCommit(false);
            }
            List<String> expected = query(direct, sql, "a@x");
            assertThat(expected).hasSize(1);
            assertThat(query(c, sql, "a@x")).isEqualTo(expected);
            for (Connection x : both) {
                x.rollback();
            }
        }
    }

    /** Moves the search path as pgjdbc cannot see (SET search_path would make it re-prepare by itself). */
    private static void setSearchPath(List<Connection> sessions, String path) throws SQLException {
        for (Connection x : sessions) {
            try (Statement s = x.createStatement()) {
                s.execute("SELECT set_config('search_path', '" + path + "', false)");
            }
        }
    }
}
