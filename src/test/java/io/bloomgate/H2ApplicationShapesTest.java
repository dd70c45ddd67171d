package io.bloomgate;

import javax.sql.DataSource;

/** {@link ApplicationShapesContract} on H2 in memory. */
class H2ApplicationShapesTest extends ApplicationShapesContract {

    @Override
    DataSource database() {
        return H2Databases.memory();
    }

    @Override
    void drop(DataSource db, String suffix) throws java.sql.SQLException {
        H2Databases.run(db, "SHUTDOWN");
    }

    @Override
    boolean postgres() {
        return false;
    }
}
