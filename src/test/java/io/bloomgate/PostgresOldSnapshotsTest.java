package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A REPEATABLE READ snapshot older than a rebuild still sees rows deleted before it, whose keys the
 * rebuilt filter lacks. The gate tells such transactions by the filter generation at their start
 * (architecture.md section 5); these are snapshots it did not see being taken: by pgjdbc's own
 * queries ({@code getSchema()}), and imported from another session ({@code SET TRANSACTION
 * SNAPSHOT}). Each was answered "no rows" for a row its snapshot holds.
 */
class PostgresOldSnapshotsTest {

    private PGSimpleDataSource pg;
    private String schema;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "oldsnap_" + Long.toHexString(System.nanoTime());
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

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static boolean found(Connection c, String sql, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static final String LOOKUP = "SELECT id FROM t WHERE k = ?";

    /** Deletes k5 elsewhere and rebuilds: the new filter lacks k5. */
    private void deleteAndRebuild() throws Exception {
        H2Databases.run(pg, "DELETE FROM t WHERE k = 'k5'");
        assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
        gate.rebuild();
        try (Connection c = gate.dataSource().getConnection()) {
            long before = gate.stats("t", "k").avoided();
            assertThat(found(c, LOOKUP, "k5")).isFalse();
            assertThat(gate.stats("t", "k").avoided()).as("the rebuilt filter lacks k5").isEqualTo(before + 1);
        }
    }

    /** Runs the lookup once through the gate, so that later runs may be answered. */
    private void warm() throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            assertThat(found(c, LOOKUP, "warm")).isFalse();
        }
    }

    @Test
    void aSnapshotTakenByGetSchemaBeforeARebuild() throws Exception {
        warm();
        try (Connection c = gate.dataSource().getConnection()) {
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setAutoCommit(false);
            assertThat(c.getSchema()).isEqualTo(schema); // pgjdbc: select current_schema(), the snapshot
            deleteAndRebuild();
            assertThat(found(c, "SELECT count(*) FROM t WHERE v = ?", 3)).isTrue(); // the table is read
            assertThat(found(c, LOOKUP, "k5")).as("the snapshot holds k5").isTrue();
            c.rollback();
        }
    }

    @Test
    void anImportedSnapshotOlderThanARebuild() throws Exception {
        warm();
        try (Connection exporter = pg.getConnection()) {
            exporter.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            exporter.setAutoCommit(false);
            String snapshot;
            try (Statement s = exporter.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_export_snapshot()")) {
                rs.next();
                snapshot = rs.getString(1);
            }
            deleteAndRebuild();
            try (Connection c = gate.dataSource().getConnection()) {
                c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                c.setAutoCommit(false);
                exec(c, "SET TRANSACTION SNAPSHOT '" + snapshot + "'");
                assertThat(found(c, LOOKUP, "k7")).isTrue(); // reads the session's facts again, and the table
                assertThat(found(c, LOOKUP, "k5")).as("the imported snapshot holds k5").isTrue();
                c.rollback();
            }
            exporter.rollback();
        }
    }
}
