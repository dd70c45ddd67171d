package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A view's rows are written through its base tables, under other names: a write through the gate
 * to the base table adds no key to a guard on the view, and the view's lookups would answer a new
 * key absent. The gate refuses to guard a view, naming it.
 */
class PostgresGuardedViewTest {

    private PGSimpleDataSource pg;
    private String schema;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "view_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        H2Databases.run(pg, "CREATE TABLE base (k bigint PRIMARY KEY)", "INSERT INTO base VALUES (1)",
                "CREATE VIEW keys AS SELECT k FROM base");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pg != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    @Test
    void aViewIsRefusedNamingIt() {
        assertThatThrownBy(() -> BloomGate.builder(pg).guard("keys", "k").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(schema + ".keys is a VIEW, not a table");
    }

    @Test
    void aMaterializedViewIsRefusedToo() throws SQLException {
        H2Databases.run(pg, "CREATE MATERIALIZED VIEW frozen AS SELECT k FROM base");
        assertThatThrownBy(() -> BloomGate.builder(pg).guard("frozen", "k").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("frozen is a MATERIALIZED VIEW");
    }
}
