package io.bloomgate;

import java.util.List;
import javax.sql.DataSource;

/** {@link SessionConsistencyContract} on H2 in memory. */
class H2SessionConsistencyTest extends SessionConsistencyContract {

    @Override
    DataSource database() {
        return H2Databases.memory();
    }

    @Override
    void dropAll(DataSource db, String suffix) throws java.sql.SQLException {
        H2Databases.run(db, "SHUTDOWN");
    }

    @Override
    boolean postgres() {
        return false;
    }

    @Override
    List<String> switches(String schema) {
        return List.of("SET SCHEMA " + schema, "USE " + schema);
    }
}
