package io.bloomgate;

import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * {@link SessionConsistencyContract} on MySQL/MariaDB, in a database of its own per test. What is
 * MySQL's: the users table is in {@code utf8mb4_bin} (the default collations are case-insensitive
 * and refused at build); a schema is a database ({@code CREATE SCHEMA} creates one) and {@code USE}
 * moves unqualified names to it, after which the gate passes through (the session is no longer on
 * the build's database); and a REPEATABLE READ transaction — InnoDB's default level — is never
 * answered, even after it read the guarded table, because InnoDB creates the read view at the
 * transaction's first consistent read of any table, which the gate cannot observe.
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
}
