package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * {@link SessionConsistencyContract} on MySQL/MariaDB, in a database of its own per test. What is
 * MySQL's: the users table is in {@code utf8mb4_bin} (the default collations are case-insensitive
 * and refused at build); a schema is a database ({@code CREATE SCHEMA} creates one) and {@code USE}
 * moves unqualified names to it, after which the gate passes through (the session is no longer on
 * the build's database); and a REPEATABLE READ transaction — InnoDB's default level — is never
 * answered, even after it read the guarded table, because InnoDB creates the read view at the
 * transaction's first consistent read of any table, which the gate cannot observe. In a READ
 * COMMITTED transaction, the first statement on the guarded table goes to the server: InnoDB begins
 * the server's transaction there and fixes its isolation level (issue 26, MariaDB seed 31).
 */
class MariaDbSessionConsistencyTest extends SessionConsistencyContract {

    /** The driver and prepared-statement mode (MariaDB Connector/J, client-side prepare; subclasses: others). */
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MARIADB_CLIENT_PREPARE;
    }

    private String databaseName() {
        return "bloomgate_" + suffix;
    }

    @Override
    DataSource database() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + databaseName());
        return flavour().forDatabase(databaseName());
    }

    @Override
    void dropAll(DataSource db, String suffix) throws SQLException {
        H2Databases.run(db, "DROP DATABASE IF EXISTS " + tenant(), "DROP DATABASE IF EXISTS " + databaseName());
    }

    @Override
    String tenant() {
        return "bloomgate_t" + suffix; // the test user's rights are on bloomgate_* databases
    }

    @Override
    boolean postgres() {
        return false;
    }

    @Override
    String tableOptions() {
        return " DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin";
    }

    @Override
    boolean answersInRepeatableReadTransactions() {
        return false;
    }

    @Override
    List<String> switches(String schema) {
        return List.of("USE " + schema);
    }

    /**
     * The server's transaction begins at the first statement on an InnoDB table: when the gate
     * answers that lookup, it begins the transaction before the next statement (an empty read of the
     * table), or SET TRANSACTION would succeed where the database raises 1568 (25001).
     */
    @Test
    void setTransactionAfterATransactionsFirstLookupFailsAsOnTheDatabase() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            query(c, sql, "warm@x");
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(false);
            long before = avoided();
            assertThat(query(c, sql, "first@x")).isEmpty();
            assertThat(query(c, sql, "second@x")).isEmpty();
            assertThat(avoided()).as("both answered, the first too").isEqualTo(before + 2);
            try (Statement s = c.createStatement()) {
                assertThatThrownBy(() -> s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("in progress");
            }
            c.rollback();
        }
    }

    /**
     * A transaction keeps the isolation level it began with: after setTransactionIsolation inside a
     * READ COMMITTED transaction it still sees other transactions' commits. Had the gate answered
     * its first lookup, the transaction would have begun later, at REPEATABLE READ, and missed them.
     */
    @Test
    void aTransactionKeepsTheLevelItBeganWithAcrossAnIsolationChange() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection reader = gate.dataSource().getConnection();
                Connection writer = gate.dataSource().getConnection()) {
            query(reader, sql, "warm@x");
            reader.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            reader.setAutoCommit(false);
            assertThat(query(reader, sql, "first@x")).isEmpty();
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ); // the session's, for the next one
            long before = avoided();
            assertThat(query(reader, sql, "late@x")).isEmpty();
            assertThat(avoided()).as("the level the gate knows is not the transaction's").isEqualTo(before);
            writer.createStatement().executeUpdate("INSERT INTO " + users() + " (id, email) VALUES (3, 'late@x')");
            assertThat(query(reader, sql, "late@x")).as("READ COMMITTED: the commit is seen").hasSize(1);
            reader.rollback();
        }
    }

    /**
     * A REPEATABLE READ transaction begun by a write has no read view yet; switched to READ
     * COMMITTED it stays REPEATABLE READ, and its next read creates the view (a write does not). Had the gate answered
     * that read (the level it knows is READ COMMITTED), the view would come later and show a row
     * committed in between: after an isolation change inside a transaction nothing is answered.
     */
    @Test
    void anIsolationChangeInsideATransactionStopsAnswersUntilItEnds() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection reader = gate.dataSource().getConnection();
                Connection writer = gate.dataSource().getConnection()) {
            query(reader, sql, "warm@x");
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            reader.setAutoCommit(false);
            reader.createStatement().executeUpdate("INSERT INTO " + users() + " (id, email) VALUES (3, 'w@x')");
            reader.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED); // the next transaction's
            // Another write of the table through the database: it creates no read view either.
            reader.createStatement().executeUpdate("INSERT INTO " + users() + " (id, email) VALUES (5, 'w2@x')");
            long before = avoided();
            assertThat(query(reader, sql, "late@x")).isEmpty(); // the read view is created here
            assertThat(avoided()).as("not answered").isEqualTo(before);
            writer.createStatement().executeUpdate("INSERT INTO " + users() + " (id, email) VALUES (4, 'late@x')");
            assertThat(query(reader, sql, "late@x")).as("still REPEATABLE READ: the view predates the insert").isEmpty();
            reader.commit();
            assertThat(query(reader, sql, "late@x")).as("the next transaction, at READ COMMITTED").hasSize(1);
            assertThat(query(reader, sql, "gone@x")).isEmpty();
            assertThat(avoided()).as("answered again once that transaction began on the server").isEqualTo(before + 1);
            reader.rollback();
        }
    }
}
