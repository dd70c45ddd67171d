package io.bloomgate;

import javax.sql.DataSource;

/** {@link ApplicationShapesContract} on PostgreSQL. */
class PostgresApplicationShapesTest extends ApplicationShapesContract {

    @Override
    DataSource database() {
        org.postgresql.ds.PGSimpleDataSource pg = PostgresServer.dataSource();
        // pgjdbc converts some values differently once a statement is server-prepared (binary
        // transfer after prepareThreshold executions: getBoolean on a numeric 2.0 is true in text,
        // an error in binary). The two connections compared here run each text a different number
        // of times, so both stay in text mode: the comparison is then of the gate, not of pgjdbc's modes.
        pg.setPrepareThreshold(0);
        return pg;
    }

    @Override
    void drop(DataSource db, String suffix) throws java.sql.SQLException {
        H2Databases.run(db, "DROP TABLE IF EXISTS users_" + suffix, "DROP TABLE IF EXISTS teams_" + suffix,
                "DROP TABLE IF EXISTS tokens_" + suffix);
    }

    @Override
    boolean postgres() {
        return true;
    }
}
