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
}
