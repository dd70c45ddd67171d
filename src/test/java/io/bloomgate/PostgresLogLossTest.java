package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, finding 8: rows that leave {@code bloomgate.change_log} other than by pruning (a
 * TRUNCATE or DELETE by hand) must not go unnoticed. A snapshot or a live instance's position that
 * needs them is rebuilt by scan; pruning, which removes only rows every reader has read, is not a
 * loss. (These tests empty the whole log of the test database: they run alone in it.)
 */
class PostgresLogLossTest extends PostgresInstances {

    PostgresLogLossTest() {
        super("public.loss_" + Long.toHexString(System.nanoTime()));
    }

    @BeforeEach
    void setUp() throws SQLException {
        createTable(table);
    }

    @AfterEach
    void tearDown() throws SQLException {
        closeInstances();
        raw("SELECT bloomgate.uninstall_guard(to_regclass('" + table + "'), 'id') WHERE to_regclass('" + table
                + "') IS NOT NULL", "DROP TABLE IF EXISTS " + table);
    }

    private String guardId() {
        return "(SELECT id FROM bloomgate.guards WHERE schema_name = 'public' AND table_name = '"
                + table.substring("public.".length()) + "')";
    }

    private long lostBelow() throws SQLException {
        return count("SELECT lost_below::text::bigint FROM bloomgate.guards WHERE id = " + guardId());
    }

    private static void awaitReadyAndRebuilt(BloomGate gate, String table, int rebuilds) throws InterruptedException {
        long deadline = System.currentTimeMillis() + FEED_MILLIS;
        while ((gate.stats(table, "id").rebuilds() < rebuilds || gate.stats(table, "id").state() != GuardState.READY)
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertThat(gate.stats(table, "id").rebuilds()).as("rebuilt by scan").isGreaterThanOrEqualTo(rebuilds);
        assertThat(gate.stats(table, "id").state()).isEqualTo(GuardState.READY);
    }

    private int absent(BloomGate gate, long from, long to) throws SQLException {
        int absent = 0;
        try (Connection c = gate.dataSource().getConnection()) {
            for (long id = from; id <= to; id += 2) {
                absent += found(c, table, id) ? 0 : 1;
            }
        }
        return absent;
    }

    /** The reviewer's case: no instance runs, the log is truncated, the next one starts from the snapshot. */
    @Test
    void aLogTruncatedWhileNoInstanceRanIsNotReplayedFromTheSnapshot() throws Exception {
        instance().close(); // saves its snapshot
        raw("INSERT INTO " + table + " SELECT g, 'after the snapshot' FROM generate_series(80001, 80997, 2) g",
                "TRUNCATE bloomgate.change_log");
        BloomGate restarted = instance();
        assertThat(restarted.stats(table, "id").keysAdded()).as("scanned, not loaded").isGreaterThanOrEqualTo(ROWS + 499);
        assertThat(absent(restarted, 80001, 80997)).as("keys committed after the snapshot, answered absent").isZero();
        assertThat(found(restarted, 80999)).isFalse();
    }

    /**
     * A live instance whose unread rows are truncated under it (here in the writing transaction
     * itself, so that no read can come between): it rebuilds by scan. Another instance that has read
     * them rebuilds as well (a TRUNCATE records no xids): false positives at worst, never a miss.
     */
    @Test
    void aLogTruncatedUnderALiveInstanceMakesItRebuild() throws Exception {
        BloomGate gate = instance();
        caughtUp(gate);
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO " + table + " SELECT g, 'unread' FROM generate_series(81001, 81199, 2) g");
            s.execute("TRUNCATE bloomgate.change_log");
            c.commit();
        }
        awaitReadyAndRebuilt(gate, table, 1);
        assertThat(absent(gate, 81001, 81199)).isZero();
        raw("INSERT INTO " + table + " VALUES (81201, 'logged after the rebuild')");
        caughtUp(gate);
        assertThat(found(gate, 81201)).isTrue();
        assertThat(gate.stats(table, "id").rebuilds()).as("one loss, one rebuild").isEqualTo(1);
    }

    /**
     * Under REPEATABLE READ the trigger cannot bound the xids a TRUNCATE removes (its snapshot may
     * predate writers that committed before the TRUNCATE's lock): refused.
     */
    @Test
    void aTruncateOfTheLogAtRepeatableReadIsRefused() throws Exception {
        instance();
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThatThrownBy(() -> s.execute("TRUNCATE bloomgate.change_log"))
                    .hasMessageContaining("must run at READ COMMITTED");
            c.rollback();
        }
    }

    /** The same with DELETE FROM bloomgate.change_log, committed separately from the writes. */
    @Test
    void rowsDeletedByHandMakeAnInstanceThatHadNotReadThemRebuild() throws Exception {
        BloomGate gate = instance();
        caughtUp(gate);
        try (Connection c = pg.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            // Holds the feed before its next read's snapshot while the rows are written (and
            // committed) and then deleted; the DELETE's trigger updates bloomgate.guards, so it runs
            // in this session, which holds the lock.
            s.execute("LOCK TABLE bloomgate.guards IN ACCESS EXCLUSIVE MODE");
            raw("INSERT INTO " + table + " SELECT g, 'unread' FROM generate_series(82001, 82199, 2) g");
            s.execute("DELETE FROM bloomgate.change_log");
            c.commit();
        }
        assertThat(lostBelow()).as("the DELETE was recorded").isPositive();
        awaitReadyAndRebuilt(gate, table, 1);
        assertThat(absent(gate, 82001, 82199)).isZero();
    }

    /**
     * Pruning removes rows every instance has read: no loss recorded, no rebuild. (The instance
     * timeout, 3 s, sets the prune interval, 1.5 s: short enough for the wait below, long enough
     * that a chore thread stalled on a loaded machine does not time this instance out, which would
     * be a loss.)
     */
    @Test
    void pruningIsNotALoss() throws Exception {
        BloomGate gate = instance(BloomGate.builder(pool()).guard(table, "id").instanceTimeout(Duration.ofSeconds(3)));
        raw("INSERT INTO " + table + " SELECT g, 'pruned later' FROM generate_series(83001, 83199, 2) g");
        caughtUp(gate);
        long deadline = System.currentTimeMillis() + FEED_MILLIS;
        String rows = "SELECT count(*) FROM bloomgate.change_log WHERE guard_id = " + guardId();
        while (count(rows) > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(count(rows)).as("pruned").isZero();
        assertThat(lostBelow()).isZero();
        raw("DELETE FROM bloomgate.change_log WHERE guard_id = " + guardId()
                + " AND xid < (SELECT pruned_below FROM bloomgate.guards WHERE id = " + guardId() + ")");
        assertThat(lostBelow()).as("rows below the pruning horizon deleted by hand").isZero();
        caughtUp(gate);
        assertThat(gate.stats(table, "id").rebuilds()).isZero();
        assertThat(gate.stats(table, "id").state()).isEqualTo(GuardState.READY);
        assertThat(absent(gate, 83001, 83199)).isZero();
    }

    /**
     * A database at schema version 6 (no lost_below, no triggers on the log) is upgraded by the
     * next build: a snapshot saved before stays usable, and a TRUNCATE afterwards is caught.
     */
    @Test
    void version6IsUpgradedAndItsSnapshotStaysUsable() throws Exception {
        instance().close();
        raw("DROP TRIGGER change_log_truncated ON bloomgate.change_log",
                "DROP TRIGGER change_log_deleted ON bloomgate.change_log",
                "DROP FUNCTION bloomgate.change_log_truncated()",
                "DROP FUNCTION bloomgate.change_log_deleted()",
                "ALTER TABLE bloomgate.guards DROP COLUMN lost_below",
                "UPDATE bloomgate.version SET version = 6");
        raw("INSERT INTO " + table + " VALUES (84001, 'logged at version 6')");
        BloomGate upgraded = instance();
        assertThat(count("SELECT version FROM bloomgate.version")).isEqualTo(10);
        assertThat(count("SELECT count(*) FROM pg_trigger WHERE tgrelid = 'bloomgate.change_log'::regclass"
                + " AND tgenabled = 'A'")).as("the log's triggers, ENABLE ALWAYS").isEqualTo(2);
        assertThat(upgraded.stats(table, "id").keysAdded()).as("loaded from the version-6 snapshot").isEqualTo(1);
        assertThat(found(upgraded, 84001)).isTrue();
        upgraded.close();
        raw("INSERT INTO " + table + " VALUES (84003, 'after the upgrade')", "TRUNCATE bloomgate.change_log");
        BloomGate next = instance();
        assertThat(found(next, 84003)).isTrue();
        assertThat(found(next, 84001)).isTrue();
    }
}
