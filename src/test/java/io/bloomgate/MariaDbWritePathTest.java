package io.bloomgate;

import java.sql.SQLException;
import javax.sql.DataSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * {@link WritePathContract} on a real MySQL/MariaDB server (with the change feed of {@code MySqlSync}
 * behind the gate's own write bookkeeping). Each test gets its own
 * database. This class connects with MariaDB Connector/J in its default (client-side) prepared mode;
 * its subclasses run the same contract through the other {@link MySqlServer.Flavour}s.
 */
class MariaDbWritePathTest extends WritePathContract {

    private final Map<DataSource, String> names = new ConcurrentHashMap<>();

    /** The driver and prepared-statement mode of every connection of the test. */
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MARIADB_CLIENT_PREPARE;
    }

    @Override
    DataSource createDatabase() throws SQLException {
        MariaDbDataSource server = MySqlServer.dataSource();
        String database = "bloomgate_w" + Long.toHexString(System.nanoTime());
        H2Databases.run(server, "CREATE DATABASE " + database);
        DataSource db = flavour().forDatabase(database);
        names.put(db, database);
        H2Databases.run(db,
                "CREATE TABLE items (id BIGINT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(40)) AUTO_INCREMENT = 1000",
                "INSERT INTO items (id, code) WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g"
                        + " WHERE n < 100) SELECT n, CONCAT('c', n) FROM g",
                "CREATE TABLE staging (id BIGINT)",
                "INSERT INTO staging WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 50)"
                        + " SELECT n + 5000 FROM g");
        return db;
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        H2Databases.run(database, "DROP DATABASE " + names.remove(database));
    }
}
