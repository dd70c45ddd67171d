package io.bloomgate;

import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A MariaDB test's own table {@code t}, guarded on {@code id} by {@code gate}, created before each
 * test and dropped after it, on the server through MariaDB Connector/J (client-side prepare) unless a
 * subclass picks another driver or mode ({@link #dataSource()}).
 */
abstract class MariaDbGuardedTable {

    DataSource db;
    BloomGate gate;
    final String t;
    private final String columns;
    private final String rows;

    /**
     * @param prefix  the table name's prefix (a unique suffix follows)
     * @param columns the column list after {@code CREATE TABLE t}, {@code id} among them
     * @param rows    the row list after {@code INSERT INTO t VALUES}
     */
    MariaDbGuardedTable(String prefix, String columns, String rows) {
        this.t = prefix + Long.toHexString(System.nanoTime());
        this.columns = columns;
        this.rows = rows;
    }

    DataSource dataSource() throws SQLException {
        return MySqlServer.dataSource();
    }

    @BeforeEach
    void createTableAndGate() throws SQLException {
        db = dataSource();
        H2Databases.run(db, "CREATE TABLE " + t + " " + columns, "INSERT INTO " + t + " VALUES " + rows);
        gate = BloomGate.builder(db).guard(t, "id").build();
    }

    @AfterEach
    void dropTableAndGate() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (db != null) {
            H2Databases.run(db, "DROP TABLE IF EXISTS " + t);
        }
    }
}
