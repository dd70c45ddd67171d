package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@code SET session_replication_role = replica} (bulk loads, restores, logical replication's apply
 * worker) silences every trigger enabled the ordinary way: rows such a session wrote were visible to
 * every reader and missing from every filter, so their lookups were answered "no row" until a
 * rebuild. bloomgate's triggers are enabled ALWAYS (install.sql version 10), on partitions too, and
 * a trigger set back to the ordinary way (or disabled on one partition) counts as missing: the guard
 * passes through (within the trigger watchdog's 2 s) until {@code rebuild()} re-installs it.
 *
 * <p>Changing the setting needs a superuser or {@code GRANT SET ON PARAMETER session_replication_role}
 * (PostgreSQL 15; {@code .ci/postgres.sh} grants it to the tests' user).
 */
class PostgresReplicaRoleTest {

    private static final Duration FEED = Duration.ofSeconds(15);

    private PGSimpleDataSource pg;
    private String schema;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET session_replication_role = replica");
        } catch (SQLException e) {
            String message = "this user may not SET session_replication_role (" + e.getMessage() + "): run"
                    + " `bash .ci/postgres.sh`, which grants SET ON PARAMETER session_replication_role";
            if (Boolean.parseBoolean(System.getenv("BLOOMGATE_REQUIRE_PG"))) {
                fail(message);
            }
            Assumptions.abort(message);
        }
        schema = "replica_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (schema != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    @Test
    void rowsWrittenInAReplicaSessionAreFound() throws Exception {
        H2Databases.run(pg, "CREATE TABLE t (k text PRIMARY KEY, v int)");
        try (BloomGate gate = BloomGate.builder(pg).guard("t", "k").build();
                Connection reader = gate.dataSource().getConnection()) {
            answersAbsentKeys(gate, reader, "t");
            insertAsReplica("INSERT INTO t VALUES ('loaded', 1)");
            assertThat(foundWithin(reader, "t", "loaded")).as("a row a replica session wrote").isTrue();
            assertThat(triggerStates("t")).as("bloomgate's triggers on t").containsOnly("A").hasSize(4);
            // Through the gate as well: the gate's own writes are no different.
            try (Connection writer = gate.dataSource().getConnection(); Statement s = writer.createStatement()) {
                s.execute("SET session_replication_role = replica");
                s.executeUpdate("INSERT INTO t VALUES ('through', 2)");
            }
            assertThat(foundWithin(reader, "t", "through")).isTrue();
        }
    }

    @Test
    void rowsWrittenInAReplicaSessionToAPartitionAreFound() throws Exception {
        H2Databases.run(pg, "CREATE TABLE p (k int PRIMARY KEY, v int) PARTITION BY RANGE (k)",
                "CREATE TABLE p_low PARTITION OF p FOR VALUES FROM (0) TO (1000)");
        try (BloomGate gate = BloomGate.builder(pg).guard("p", "k").build();
                Connection reader = gate.dataSource().getConnection()) {
            answersAbsentKeys(gate, reader, "p");
            // A partition created after build() gets clones of the row triggers, ALWAYS as well.
            H2Databases.run(pg, "CREATE TABLE p_high PARTITION OF p FOR VALUES FROM (1000) TO (2000)");
            insertAsReplica("INSERT INTO p VALUES (5, 1)", "INSERT INTO p_high VALUES (1500, 1)");
            assertThat(foundWithin(reader, "p", "5")).as("written through the partitioned table").isTrue();
            assertThat(foundWithin(reader, "p", "1500")).as("written to a later partition directly").isTrue();
            assertThat(answersAgainWithin(gate, reader, "p")).as("a new partition needs no rebuild() by hand").isTrue();
        }
    }

    /**
     * A table attached as a partition brings rows that no trigger logged: the partitions' part of the
     * hook's fingerprint changes, the guard passes through and is rebuilt by scan on its own.
     */
    @Test
    void rowsOfAnAttachedPartitionAreFound() throws Exception {
        H2Databases.run(pg, "CREATE TABLE p (k int PRIMARY KEY, v int) PARTITION BY RANGE (k)",
                "CREATE TABLE p_low PARTITION OF p FOR VALUES FROM (0) TO (1000)",
                "CREATE TABLE p_loaded (k int PRIMARY KEY, v int)", "INSERT INTO p_loaded VALUES (1200, 1), (1300, 1)");
        try (BloomGate gate = BloomGate.builder(pg).guard("p", "k").build();
                Connection reader = gate.dataSource().getConnection()) {
            answersAbsentKeys(gate, reader, "p");
            assertThat(found(reader, "p", "1200")).isFalse();
            H2Databases.run(pg, "ALTER TABLE p ATTACH PARTITION p_loaded FOR VALUES FROM (1000) TO (2000)");
            assertThat(foundWithin(reader, "p", "1200")).as("a row of the attached partition").isTrue();
            assertThat(answersAgainWithin(gate, reader, "p")).as("rebuilt by scan on its own").isTrue();
            assertThat(found(reader, "p", "1300")).as("after the rebuild").isTrue();
        }
    }

    /**
     * A trigger put back to the ordinary way by hand (as version 9 installed them) would miss replica
     * sessions' writes: the hook counts as broken, lookups pass through, and a rebuild re-installs it.
     */
    @Test
    void aTriggerEnabledTheOrdinaryWayCountsAsMissing() throws Exception {
        H2Databases.run(pg, "CREATE TABLE t (k text PRIMARY KEY, v int)");
        try (BloomGate gate = BloomGate.builder(pg).guard("t", "k").build();
                Connection reader = gate.dataSource().getConnection()) {
            answersAbsentKeys(gate, reader, "t");
            H2Databases.run(pg, "ALTER TABLE t ENABLE TRIGGER " + trigger("t", "insert"));
            insertAsReplica("INSERT INTO t VALUES ('unlogged', 1)");
            assertThat(foundWithin(reader, "t", "unlogged")).as("a row written while the trigger was not ALWAYS")
                    .isTrue();
            gate.rebuild();
            assertThat(triggerStates("t")).as("re-installed by the rebuild").containsOnly("A").hasSize(4);
            assertThat(found(reader, "t", "unlogged")).isTrue();
            answersAbsentKeys(gate, reader, "t");
        }
    }

    /** A partition's clone disabled by hand: that partition's writes go unlogged, so the hook is broken. */
    @Test
    void aPartitionsDisabledTriggerCountsAsMissing() throws Exception {
        H2Databases.run(pg, "CREATE TABLE p (k int PRIMARY KEY, v int) PARTITION BY RANGE (k)",
                "CREATE TABLE p_low PARTITION OF p FOR VALUES FROM (0) TO (1000)");
        try (BloomGate gate = BloomGate.builder(pg).guard("p", "k").build();
                Connection reader = gate.dataSource().getConnection()) {
            answersAbsentKeys(gate, reader, "p");
            H2Databases.run(pg, "ALTER TABLE p_low DISABLE TRIGGER " + trigger("p", "insert"));
            H2Databases.run(pg, "INSERT INTO p_low VALUES (7, 1)");
            assertThat(foundWithin(reader, "p", "7")).as("a row written while the partition's trigger was off")
                    .isTrue();
        }
    }

    private void insertAsReplica(String... inserts) throws SQLException {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET session_replication_role = replica");
            for (String insert : inserts) {
                s.executeUpdate(insert);
            }
        }
    }

    /** The gate answers lookups of absent keys of {@code table} (so the tests below can fail). */
    private static void answersAbsentKeys(BloomGate gate, Connection reader, String table) throws SQLException {
        long before = gate.stats(table, "k").avoided();
        for (int i = 0; i < 3; i++) {
            assertThat(found(reader, table, "900")).isFalse();
        }
        assertThat(gate.stats(table, "k").avoided()).as("lookups of %s answered", table).isGreaterThan(before);
    }

    /** Whether the gate answers lookups of absent keys again within {@link #FEED} (its guard was rebuilt). */
    private static boolean answersAgainWithin(BloomGate gate, Connection reader, String table) throws Exception {
        long deadline = System.nanoTime() + FEED.toNanos();
        do {
            long before = gate.stats(table, "k").avoided();
            assertThat(found(reader, table, "900")).isFalse();
            if (gate.stats(table, "k").avoided() > before) {
                return true;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        return false;
    }

    private boolean foundWithin(Connection reader, String table, String key) throws Exception {
        long deadline = System.nanoTime() + FEED.toNanos();
        do {
            if (found(reader, table, key)) {
                return true;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return false;
    }

    private static boolean found(Connection c, String table, String key) throws SQLException {
        boolean integer = table.equals("p");
        try (PreparedStatement ps = c.prepareStatement("SELECT v FROM " + table + " WHERE k = ?")) {
            if (integer) {
                ps.setInt(1, Integer.parseInt(key));
            } else {
                ps.setString(1, key);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private String trigger(String table, String event) throws SQLException {
        try (Connection c = pg.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT id FROM bloomgate.guards WHERE schema_name = ? AND table_name = ? AND column_name = 'k'")) {
            ps.setString(1, schema);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("guard of %s.%s", schema, table).isTrue();
                return "bloomgate_g" + rs.getInt(1) + "_" + event;
            }
        }
    }

    private java.util.List<String> triggerStates(String table) throws SQLException {
        java.util.List<String> states = new java.util.ArrayList<>();
        try (Connection c = pg.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT tgenabled FROM pg_trigger WHERE tgrelid = to_regclass(?) AND tgname LIKE 'bloomgate\\_g%'"
                        + " ORDER BY tgname")) {
            ps.setString(1, schema + "." + table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    states.add(rs.getString(1));
                }
            }
        }
        return states;
    }
}
