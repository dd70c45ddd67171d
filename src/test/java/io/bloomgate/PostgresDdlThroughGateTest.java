package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@link DdlThroughGateContract} on PostgreSQL (change log and feed), plus what only the feed's
 * settle check catches: DDL around the gate between a write with unknown keys and its settling.
 * Each test gets its own schema.
 */
class PostgresDdlThroughGateTest extends DdlThroughGateContract {

    @Override
    DataSource createDatabase() throws SQLException {
        PGSimpleDataSource pg = PostgresServer.dataSource();
        String schema = "ddl_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        H2Databases.run(pg, "CREATE TABLE t (k INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)");
        return pg;
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        String schema = ((PGSimpleDataSource) database).getCurrentSchema();
        H2Databases.run(database, "DROP SCHEMA " + schema + " CASCADE");
    }

    @Override
    boolean transactionalDdl() {
        return true;
    }

    @Override
    String[] retypeKeyColumn() {
        // ALTER COLUMN ... TYPE is refused while the update trigger's WHEN clause uses the column.
        return new String[] {"ALTER TABLE t DROP COLUMN k CASCADE", "ALTER TABLE t ADD COLUMN k BIGINT"};
    }

    @Test
    void aTableRecreatedAroundTheGateIsNotSettledByTheFeed() throws Exception {
        PGSimpleDataSource raw = PostgresServer.dataSource();
        raw.setCurrentSchema(currentSchema());
        // Around the gate: nothing tells the gate, and the new table has no trigger.
        H2Databases.run(raw, "DROP TABLE t", "CREATE TABLE t (k INTEGER PRIMARY KEY)");
        throughGate("INSERT INTO t SELECT 42"); // keys unknown to the gate, and logged by no trigger
        settle();
        assertThat(find(42)).as("not answered from a filter no trigger feeds").isTrue();
        comesBack(42); // the rebuild installed the triggers on the new table
    }

    @Test
    void triggersDisabledAroundAWriteAndEnabledAgainAreNoticed() throws Exception {
        PGSimpleDataSource raw = PostgresServer.dataSource();
        raw.setCurrentSchema(currentSchema());
        H2Databases.run(raw, "ALTER TABLE t DISABLE TRIGGER USER");
        throughGate("INSERT INTO t SELECT 42");
        H2Databases.run(raw, "ALTER TABLE t ENABLE TRIGGER USER"); // the count of triggers is as before
        settle();
        assertThat(find(42)).isTrue();
        comesBack(42);
    }

    private String currentSchema() throws SQLException {
        try (var c = gate.dataSource().getConnection()) {
            return c.getSchema();
        }
    }
}
