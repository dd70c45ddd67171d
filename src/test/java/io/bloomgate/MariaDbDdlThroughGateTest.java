package io.bloomgate;

import java.sql.SQLException;
import javax.sql.DataSource;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * {@link DdlThroughGateContract} on MySQL/MariaDB (triggers, change log and feed), a database per
 * test. What is MySQL's: DDL commits implicitly (the rolled-back DROP stays dropped, as on H2), the
 * key column is retyped with {@code MODIFY}, and the connection allows multi-statement text
 * ({@code allowMultiQueries}, off by default in Connector/J) so that one text can drop, create and
 * fill the table.
 */
class MariaDbDdlThroughGateTest extends DdlThroughGateContract {

    @Override
    DataSource createDatabase() throws SQLException {
        String name = "bloomgate_ddl" + Long.toHexString(System.nanoTime());
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + name);
        MariaDbDataSource db = MySqlServer.forDatabase(name, "allowMultiQueries=true");
        H2Databases.run(db, "CREATE TABLE t (k INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)");
        return db;
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        try (var c = database.getConnection(); var s = c.createStatement()) {
            s.execute("DROP DATABASE " + c.getCatalog());
        }
    }

    @Override
    boolean transactionalDdl() {
        return false;
    }

    @Override
    String[] retypeKeyColumn() {
        return new String[] {"ALTER TABLE t MODIFY k BIGINT"};
    }
}
