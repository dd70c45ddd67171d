package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * DDL sent around the gate (another connection, a migration tool) that changes a guarded table's
 * columns: answers copy the metadata of earlier executions ({@code SELECT *}) and check bound
 * values against the columns' types as they were at build. The hook's fingerprint did not cover the
 * other columns, so the watchdog never noticed, and {@code SELECT *} lookups were answered with the
 * old columns for as long as the gate lived. Now the guard stops answering within the watchdog's
 * period (2 s), as for dropped triggers.
 */
class PostgresRawDdlTest {

    private PGSimpleDataSource pg;
    private String schema;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "rawddl_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        H2Databases.run(pg, "CREATE TABLE t (id bigint PRIMARY KEY, k text UNIQUE, v int)",
                "INSERT INTO t SELECT g, 'k' || g, g % 10 FROM generate_series(1, 100) g");
        gate = BloomGate.builder(pg).guard("t", "k").build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (pg != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private static List<String> columns(Connection c, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM t WHERE k = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                List<String> columns = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    columns.add(md.getColumnLabel(i) + " " + md.getColumnTypeName(i));
                }
                return columns;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ALTER TABLE t ADD COLUMN extra int", "ALTER TABLE t RENAME COLUMN v TO w",
        "ALTER TABLE t ALTER COLUMN v TYPE bigint", "ALTER TABLE t DROP COLUMN v"})
    void aColumnChangedAroundTheGateStopsAnswersWithTheOldColumns(String ddl) throws Exception {
        try (Connection c = gate.dataSource().getConnection(); Connection direct = pg.getConnection()) {
            columns(c, "warm");
            long before = gate.stats("t", "k").avoided();
            assertThat(columns(c, "nobody")).isEqualTo(columns(direct, "nobody"));
            assertThat(gate.stats("t", "k").avoided()).isEqualTo(before + 1);
            H2Databases.run(pg, ddl);
            long deadline = System.currentTimeMillis() + 6_000;
            while (gate.stats("t", "k").state() == GuardState.READY && System.currentTimeMillis() < deadline) {
                Thread.sleep(50);
            }
            Thread.sleep(500); // a rebuild, if one started, has had time to check the table
            assertThat(columns(c, "nobody2")).as("after " + ddl).isEqualTo(columns(direct, "nobody2"));
        }
    }
}
