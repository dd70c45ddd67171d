package io.bloomgate;

import java.sql.SQLException;
import javax.sql.DataSource;

/** {@link DdlThroughGateContract} on embedded H2 (trigger sync, the per-lookup watch). */
class H2DdlThroughGateTest extends DdlThroughGateContract {

    @Override
    DataSource createDatabase() throws SQLException {
        DataSource h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE t (k INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)");
        return h2;
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        H2Databases.run(database, "SHUTDOWN");
    }

    @Override
    boolean transactionalDdl() {
        return false;
    }
}
