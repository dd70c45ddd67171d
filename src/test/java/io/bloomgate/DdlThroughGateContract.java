package io.bloomgate;

import io.bloomgate.stats.GuardState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DDL sent through the gate on a guarded table (issue 22, finding 5), on every database: the guard
 * stops answering before the statement runs, every lookup afterwards gives the database's answer,
 * and the guard answers again only after a rebuild that found the table's columns as at build (a
 * table with other columns keeps it UNSYNCED for good). The table is {@code t(k INTEGER PRIMARY
 * KEY)} holding key 1, guarded on {@code k}.
 */
abstract class DdlThroughGateContract {

    static final String LOOKUP = "SELECT k FROM t WHERE k = ?";

    private DataSource database;
    BloomGate gate;

    /** A database (or schema) with {@code t(k INTEGER PRIMARY KEY)} holding key 1, unqualified names resolving to it. */
    abstract DataSource createDatabase() throws SQLException;

    abstract void dropDatabase(DataSource database) throws SQLException;

    /** Whether a rolled-back transaction undoes its DDL (PostgreSQL; H2 commits DDL at once). */
    abstract boolean transactionalDdl();

    /** Where writes around the gate go: the database itself, unless the sync cannot see them (scan-only). */
    DataSource aroundTheGate() {
        return database;
    }

    /** Statements that give the key column another type (PostgreSQL refuses ALTER TYPE of a column its triggers use). */
    String[] retypeKeyColumn() {
        return new String[] {"ALTER TABLE t ALTER COLUMN k SET DATA TYPE BIGINT"};
    }

    @BeforeEach
    void setUp() throws SQLException {
        database = createDatabase();
        gate = BloomGate.builder(database).guard("t", "k", 10_000, 0.01).build();
        assertThat(find(2)).isFalse(); // the lookup's first run is real: later ones may be answered
        assertThat(lookup(3)).as("absent keys are answered from the filter").isEqualTo(Path.AVOIDED);
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
            dropDatabase(database);
        }
    }

    enum Path { AVOIDED, RAN }

    boolean find(long key) throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(LOOKUP)) {
            ps.setLong(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    Path lookup(long key) throws SQLException {
        long before = gate.stats("t", "k").avoided();
        find(key);
        return gate.stats("t", "k").avoided() > before ? Path.AVOIDED : Path.RAN;
    }

    GuardState state() {
        return gate.stats("t", "k").state();
    }

    void throughGate(String... statements) throws SQLException {
        H2Databases.run(gate.dataSource(), statements);
    }

    /** Past what the finding waited: the change feed has read past every commit so far. */
    void settle() throws InterruptedException {
        assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
        Thread.sleep(50);
    }

    /**
     * The guard comes back READY (a rebuild verified the table and scanned it), answers absent keys
     * again, and still finds {@code present}.
     */
    void comesBack(long present) throws Exception {
        assertThat(GuardProbe.eventually(Duration.ofSeconds(30), () -> state() == GuardState.READY))
                .as("READY again after the rebuild (%s)", gate.stats("t", "k")).isTrue();
        settle();
        assertThat(find(present)).as("key %s after the rebuild", present).isTrue();
        // Writes with unknown keys settle by a rescan, which DDL racing it may make retry (5 s).
        assertThat(GuardProbe.eventually(Duration.ofSeconds(30), () -> {
            try {
                return lookup(-5) == Path.AVOIDED;
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        })).as("an absent key is answered again").isTrue();
        assertThat(find(present)).as("key %s once answering again", present).isTrue();
    }

    @Test
    void aTableDroppedAndRecreatedThroughTheGateIsSeenAtOnce() throws Exception {
        // The finding's reproduction: three statements through the gate, the last with keys it cannot see.
        throughGate("DROP TABLE t");
        assertThat(state()).as("unsynced by the DROP itself, not at the next watchdog pass").isNotEqualTo(GuardState.READY);
        throughGate("CREATE TABLE t (k INTEGER PRIMARY KEY)", "INSERT INTO t SELECT 42");
        settle();
        assertThat(find(42)).as("the row the database holds").isTrue();
        assertThat(find(1)).as("the old table's row is gone").isFalse();
        comesBack(42);
    }

    @Test
    void theSameAsOneMultiStatementText() throws Exception {
        throughGate("DROP TABLE t; CREATE TABLE t (k INTEGER PRIMARY KEY); INSERT INTO t SELECT 42");
        settle();
        assertThat(find(42)).isTrue();
        comesBack(42);
    }

    @Test
    void theSameAsABatch() throws Exception {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.addBatch("DROP TABLE t");
            s.addBatch("CREATE TABLE t (k INTEGER PRIMARY KEY)");
            s.addBatch("INSERT INTO t SELECT 42");
            s.executeBatch();
        }
        settle();
        assertThat(find(42)).isTrue();
        comesBack(42);
    }

    @Test
    void aTableRenamedAwayAndReplaced() throws Exception {
        throughGate("ALTER TABLE t RENAME TO t_old", "CREATE TABLE t (k INTEGER PRIMARY KEY)",
                "INSERT INTO t SELECT 42");
        settle();
        assertThat(find(42)).isTrue();
        assertThat(find(1)).isFalse();
        H2Databases.run(aroundTheGate(), "INSERT INTO t VALUES (43)"); // the new table's hook must see it
        settle();
        comesBack(43);
    }

    @Test
    void aTableRenamedAwayAndBack() throws Exception {
        throughGate("ALTER TABLE t RENAME TO t_old");
        assertThat(state()).isNotEqualTo(GuardState.READY);
        throughGate("ALTER TABLE t_old RENAME TO t", "INSERT INTO t SELECT 42");
        settle();
        assertThat(find(42)).isTrue();
        assertThat(find(1)).isTrue();
        comesBack(42);
    }

    @Test
    void truncateThenInsertSelectInOneTransaction() throws Exception {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("TRUNCATE TABLE t");
            assertThat(state()).isNotEqualTo(GuardState.READY);
            s.execute("INSERT INTO t SELECT 42");
            c.commit();
        }
        settle();
        assertThat(find(42)).isTrue();
        assertThat(find(1)).isFalse();
        comesBack(42);
    }

    @Test
    void aRetypedKeyColumnKeepsTheGuardUnsynced() throws Exception {
        throughGate(retypeKeyColumn());
        throughGate("INSERT INTO t SELECT 5000000000");
        settle();
        assertThat(find(5_000_000_000L)).isTrue();
        // The rebuild after the DDL finds another column type: the guard's key form and column types
        // describe the old table, so it stays UNSYNCED (a new gate is needed).
        Thread.sleep(1_500);
        assertThat(state()).isEqualTo(GuardState.UNSYNCED);
        assertThat(find(5_000_000_000L)).isTrue();
        assertThat(lookup(-5)).isEqualTo(Path.RAN);
    }

    @Test
    void aColumnAddedThroughTheGateChangesWhatSelectStarReturns() throws Exception {
        String star = "SELECT * FROM t WHERE k = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            for (int i = 0; i < 2; i++) { // the first run copies the metadata, the second is answered
                try (PreparedStatement ps = c.prepareStatement(star)) {
                    ps.setLong(1, -7);
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.getMetaData().getColumnCount()).isEqualTo(1);
                    }
                }
            }
        }
        throughGate("ALTER TABLE t ADD COLUMN v INTEGER");
        Thread.sleep(1_500); // past the rebuild's attempt
        try (Connection c = gate.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(star)) {
            ps.setLong(1, -7);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.getMetaData().getColumnCount()).as("the database's answer has the new column").isEqualTo(2);
            }
        }
        assertThat(state()).isEqualTo(GuardState.UNSYNCED);
    }

    @Test
    void ddlRolledBackLetsTheGuardComeBack() throws Exception {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("DROP TABLE t");
            assertThat(state()).isNotEqualTo(GuardState.READY);
            if (transactionalDdl()) {
                s.execute("CREATE TABLE t (k INTEGER PRIMARY KEY)");
                s.execute("INSERT INTO t SELECT 42");
            }
            c.rollback();
        }
        if (transactionalDdl()) {
            settle();
            assertThat(find(1)).as("the rollback restored the table").isTrue();
            assertThat(find(42)).isFalse();
            comesBack(1);
        } else {
            // H2 committed the DROP: the lookup fails as the database fails it.
            assertThatThrownBy(() -> find(1)).isInstanceOf(SQLException.class);
            assertThat(state()).isNotEqualTo(GuardState.READY);
        }
    }
}
