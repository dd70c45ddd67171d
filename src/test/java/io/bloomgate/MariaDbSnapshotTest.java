package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.GuardSnapshot;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Snapshots on MySQL/MariaDB: a new instance loads a saved filter and replays the change log from
 * the position it was saved at — its high-water mark and its open holes — instead of scanning, and
 * loses no key written after the save (by a plain connection, by another instance) nor one whose
 * log id was drawn before the save and committed after it. A snapshot that cannot be trusted (the
 * log pruned past it, its triggers re-created, its table redefined, another filter shape, corrupt)
 * is not loaded: the guard is scanned. "Loaded" is told by {@code keysAdded}: a scan adds the
 * table's 200 keys, a replay only the logged ones.
 */
class MariaDbSnapshotTest {

    private static final Duration FEED = Duration.ofSeconds(10);
    private static final int ROWS = 200;

    private final String database = "bloomgate_s" + Long.toHexString(System.nanoTime());
    private MariaDbDataSource db;
    private final List<BloomGate> gates = new ArrayList<>();

    @BeforeEach
    void setUp() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        db = MySqlServer.forDatabase(database);
        createTable();
    }

    private void createTable() throws SQLException {
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, email VARCHAR(64) COLLATE utf8mb4_bin, n INT)",
                "INSERT INTO t WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < " + ROWS + ")"
                        + " SELECT 2 * i, CONCAT('user', 2 * i, '@example.com'), 0 FROM g");
    }

    @AfterEach
    void tearDown() throws SQLException {
        for (BloomGate gate : gates) {
            gate.close();
        }
        if (db != null) {
            try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("DELETE FROM bloomgate.snapshots WHERE guard_id IN (SELECT id FROM bloomgate.guards"
                        + " WHERE database_name = '" + database + "')");
            }
            H2Databases.run(db, "DROP DATABASE " + database);
        }
    }

    private BloomGate gate() throws SQLException {
        return gate(BloomGate.builder(db).guard("t", "id").guard("t", "email"));
    }

    private BloomGate gate(BloomGate.Builder builder) throws SQLException {
        BloomGate gate = builder.build();
        gates.add(gate);
        return gate;
    }

    private void close(BloomGate gate) {
        gates.remove(gate);
        gate.close();
    }

    private void raw(String... sql) throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    private static void caughtUp(BloomGate gate) throws InterruptedException {
        assertThat(gate.awaitChangeFeed(FEED)).as("the change feed completed a read").isTrue();
    }

    private static long added(BloomGate gate) {
        return gate.stats("t", "id").keysAdded();
    }

    private String guardOf(String column) {
        return "(SELECT id FROM bloomgate.guards WHERE database_name = '" + database + "' AND table_name = 't'"
                + " AND column_name = '" + column + "')";
    }

    /** The stored snapshot of the id guard (what a process that died right after saving it leaves). */
    private byte[] savedData() throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT data FROM bloomgate.snapshots WHERE guard_id = " + guardOf("id"))) {
            assertThat(rs.next()).as("a snapshot of t.id was saved").isTrue();
            return rs.getBytes(1);
        }
    }

    /** Puts back an earlier snapshot of the id guard, and forgets the email guard's (scanned then). */
    private void restoreSaved(byte[] data) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE bloomgate.snapshots SET data = ? WHERE guard_id = "
                        + guardOf("id"))) {
            ps.setBytes(1, data);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
        raw("DELETE FROM bloomgate.snapshots WHERE guard_id = " + guardOf("email"));
    }

    /** The saved snapshot with another high-water mark and holes (the server's run kept). */
    private static byte[] withPosition(byte[] data, String position) throws Exception {
        GuardSnapshot s = GuardSnapshot.decode(data);
        String run = s.position().substring(s.position().indexOf(";run="));
        return new GuardSnapshot(s.signature(), position + run, s.spec(), s.liveKeys(), s.staleKeys(), s.filter())
                .encode();
    }

    // ------------------------------------------------------------------ loading and replaying

    @Test
    void aRestartedInstanceLoadsItsSnapshotAndReplaysTheLog() throws Exception {
        BloomGate first = gate();
        close(first); // saves its snapshot
        raw("INSERT INTO t WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < 50)"
                + " SELECT 10001 + 2 * i, CONCAT('late', i), 0 FROM g");
        BloomGate restarted = gate();
        assertThat(added(restarted)).as("only the log since the save was replayed, the table not scanned").isEqualTo(50);
        assertThat(restarted.stats("t", "id").state()).isEqualTo(GuardState.READY);
        GuardProbe ids = new GuardProbe(restarted, "t", "id").warmUp();
        for (long id = 10003; id <= 10101; id += 2) {
            ids.assertFoundByFilter(id);
        }
        ids.assertFoundByFilter(2L);
        ids.assertFoundByFilter(2L * ROWS);
        assertThat(ids.lookup(10103L).path()).as("an absent key is answered").isEqualTo(GuardProbe.Path.AVOIDED);
    }

    /**
     * The snapshot is older than writes from a plain connection and from another instance (a process
     * that died after its last save): they are in the log above its position, and replayed.
     */
    @Test
    void writesAfterTheSaveFromAnotherConnectionAndAnotherInstanceAreReplayed() throws Exception {
        BloomGate first = gate();
        BloomGate other = gate();
        first.saveSnapshots();
        byte[] saved = savedData();
        raw("INSERT INTO t VALUES (20001, 'raw connection', 0)");
        try (Connection c = other.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO t VALUES (20003, 'through another instance', 0)");
            s.executeUpdate("UPDATE t SET id = 20005 WHERE id = 4");
        }
        caughtUp(first);
        close(first); // saves a newer snapshot: put the older one back, as if the process had died
        restoreSaved(saved);
        BloomGate restarted = gate(BloomGate.builder(db).guard("t", "id"));
        assertThat(added(restarted)).as("replayed, not scanned").isLessThan(ROWS);
        GuardProbe ids = new GuardProbe(restarted, "t", "id").warmUp();
        for (long id : new long[] {20001, 20003, 20005, 2, 6}) {
            ids.assertFoundByFilter(id);
        }
        assertThat(restarted.stats("t", "id").staleKeys()).as("the key update moved id 4 away").isEqualTo(1);
    }

    /**
     * A log id drawn by a transaction still open when the snapshot was saved (a hole below the
     * high-water mark) and committed after: the position keeps the hole, the new instance reads it
     * again. A position of the high-water mark alone would lose the key for good.
     */
    @Test
    void aHoleOpenAtSaveTimeIsReadAgainByTheInstanceThatLoadsIt() throws Exception {
        BloomGate first = gate();
        byte[] saved;
        try (Connection early = db.getConnection(); Statement s = early.createStatement()) {
            early.setAutoCommit(false);
            s.executeUpdate("INSERT INTO t VALUES (30001, 'early id, committed after the save', 0)");
            raw("INSERT INTO t VALUES (30003, 'late id, committed before the save', 0)");
            caughtUp(first); // read past the open id: it is a hole
            GuardProbe ids = new GuardProbe(first, "t", "id").warmUp();
            ids.assertFoundByFilter(30003L);
            first.saveSnapshots();
            saved = savedData();
            early.commit();
        }
        close(first); // its own final snapshot has the key: use the one saved with the hole open
        restoreSaved(saved);
        BloomGate restarted = gate(BloomGate.builder(db).guard("t", "id"));
        assertThat(added(restarted)).as("replayed, not scanned").isLessThan(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(30001L);
    }

    @Test
    void saveSnapshotsRunsPeriodicallyWithSnapshotEvery() throws Exception {
        BloomGate gate = gate(BloomGate.builder(db).guard("t", "id").snapshotEvery(Duration.ofMillis(300)));
        assertThat(GuardProbe.eventually(FEED, () -> {
            try (Connection c = db.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT COUNT(*) FROM bloomgate.snapshots WHERE guard_id = " + guardOf("id"))) {
                rs.next();
                return rs.getInt(1) == 1;
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        })).as("a snapshot saved while the gate is open").isTrue();
        assertThat(gate.stats("t", "id").state()).isEqualTo(GuardState.READY);
    }

    // ------------------------------------------------------------------ snapshots not trusted

    @Test
    void aSnapshotWhosePositionWasPrunedIsNotTrusted() throws Exception {
        close(gate());
        // The shared horizon is never lowered (other gates use this server): at least 2 here.
        raw("UPDATE bloomgate.state SET pruned_below = GREATEST(pruned_below, 2) WHERE id = 1");
        // The position of a feed that had read nothing: id 1 on, which pruning deleted.
        restoreSaved(withPosition(savedData(), "0"));
        raw("INSERT INTO t VALUES (40001, 'whatever the log lost', 0)");
        BloomGate restarted = gate(BloomGate.builder(db).guard("t", "id"));
        assertThat(added(restarted)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(40001L);
    }

    @Test
    void aSnapshotAheadOfTheLogIsNotTrusted() throws Exception {
        close(gate());
        restoreSaved(withPosition(savedData(), "9000000000000000"));
        raw("INSERT INTO t VALUES (40003, 'logged below the saved mark', 0)");
        BloomGate restarted = gate(BloomGate.builder(db).guard("t", "id"));
        assertThat(added(restarted)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(40003L);
    }

    /**
     * A trigger dropped, a write made without it, the trigger created again with the same body: the
     * build finds all three triggers in place, but their fingerprint (creation time) is not the one
     * the snapshot was saved with.
     */
    @Test
    void aSnapshotIsNotTrustedWhenATriggerWasRecreatedSince() throws Exception {
        close(gate());
        String name;
        String create;
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE"
                    + " TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = 't' AND EVENT_MANIPULATION = 'INSERT'"
                    + " AND TRIGGER_NAME LIKE CONCAT('bloomgate\\_g', " + guardOf("id") + ", '\\_%')")) {
                assertThat(rs.next()).isTrue();
                name = rs.getString(1);
            }
            try (ResultSet rs = s.executeQuery("SHOW CREATE TRIGGER " + name)) {
                rs.next();
                create = rs.getString("SQL Original Statement");
            }
            s.execute("DROP TRIGGER " + name);
            s.executeUpdate("INSERT INTO t VALUES (40005, 'written while the trigger was gone', 0)");
            Thread.sleep(20); // CREATED has 10 ms resolution
            s.execute(create);
        }
        BloomGate restarted = gate();
        assertThat(added(restarted)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(40005L);
    }

    @Test
    void aSnapshotOfADroppedAndRecreatedTableIsNotTrusted() throws Exception {
        close(gate());
        raw("DROP TABLE t");
        createTable();
        raw("INSERT INTO t VALUES (40007, 'only in the new table', 0)");
        BloomGate restarted = gate();
        assertThat(added(restarted)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(40007L);
    }

    @Test
    void aSnapshotOfARedefinedTableIsNotTrusted() throws Exception {
        close(gate());
        raw("ALTER TABLE t ADD COLUMN extra INT");
        BloomGate restarted = gate();
        assertThat(added(restarted)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(2L);
    }

    @Test
    void aSnapshotOfAnotherFilterShapeIsNotTrusted() throws Exception {
        close(gate(BloomGate.builder(db).guard("t", "id", 10_000, 0.01)));
        BloomGate stricter = gate(BloomGate.builder(db).guard("t", "id", 10_000, 0.001));
        assertThat(added(stricter)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        assertThat(stricter.stats("t", "id").filter().targetFpp()).isEqualTo(0.001);
        new GuardProbe(stricter, "t", "id").warmUp().assertFoundByFilter(2L);
    }

    @Test
    void aCorruptSnapshotIsNotTrusted() throws Exception {
        close(gate());
        byte[] data = savedData();
        data[data.length / 2] ^= 0x5A;
        restoreSaved(data);
        BloomGate restarted = gate(BloomGate.builder(db).guard("t", "id"));
        assertThat(added(restarted)).as("scanned").isGreaterThanOrEqualTo(ROWS);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(2L);
    }

    /** A server installed by a jar without snapshots: the build adds the table, and snapshots work. */
    @Test
    void anInstallWithoutTheSnapshotsTableIsUpgraded() throws Exception {
        raw("DROP TABLE IF EXISTS bloomgate.snapshots");
        close(gate());
        raw("INSERT INTO t VALUES (40009, 'after the save', 0)");
        BloomGate restarted = gate();
        assertThat(added(restarted)).as("loaded from the snapshot saved after the upgrade").isEqualTo(1);
        new GuardProbe(restarted, "t", "id").warmUp().assertFoundByFilter(40009L);
    }
}
