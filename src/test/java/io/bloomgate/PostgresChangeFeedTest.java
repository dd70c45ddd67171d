package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Several gate instances on one PostgreSQL database, each with its own pool: writes from any
 * connection reach every instance's filter through the change log, commits out of order included;
 * a dead listener fails open and catches up; restarts load snapshots.
 */
class PostgresChangeFeedTest extends PostgresInstances {

    PostgresChangeFeedTest() {
        super("feed_" + Long.toHexString(System.nanoTime()));
    }

    @BeforeEach
    void setUp() throws SQLException {
        createTable(table);
    }

    @AfterEach
    void tearDown() throws SQLException {
        closeInstances();
        raw("SELECT bloomgate.uninstall_guard('" + table + "', 'id')", "DROP TABLE " + table);
    }

    private static void awaitState(BloomGate gate, String table, GuardState state) throws InterruptedException {
        long deadline = System.currentTimeMillis() + FEED_MILLIS;
        while (gate.stats(table, "id").state() != state && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(gate.stats(table, "id").state()).isEqualTo(state);
    }

    @Test
    void writesFromAnyConnectionReachEveryInstance() throws Exception {
        BloomGate first = instance();
        BloomGate second = instance();
        try (Connection c = first.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " VALUES (1, 'through the first gate')");
        }
        raw("INSERT INTO " + table + " VALUES (3, 'raw'), (5, 'raw')",
                "INSERT INTO " + table + " SELECT g, 'set' FROM generate_series(7, 99, 2) g",
                "UPDATE " + table + " SET id = 101 WHERE id = 2",
                "INSERT INTO " + table + " VALUES (103, 'upsert') ON CONFLICT (id) DO UPDATE SET name = 'x'");
        assertThat(found(first, 1)).as("the writer's own instance sees its write at once").isTrue();
        caughtUp(first);
        caughtUp(second);
        for (BloomGate gate : List.of(first, second)) {
            for (long id : new long[] {1, 3, 5, 7, 51, 99, 101, 103}) {
                assertThat(found(gate, id)).as("key %d", id).isTrue();
            }
            assertThat(found(gate, 105)).isFalse();
            assertThat(gate.stats(table, "id").avoided()).as("absent keys are still answered").isPositive();
            assertThat(gate.stats(table, "id").staleKeys()).as("the update moved key 2 away").isEqualTo(1);
        }
    }

    @Test
    void aLowerLogIdCommittingAfterAHigherOneIsNotSkipped() throws Exception {
        BloomGate gate = instance();
        try (Connection early = pg.getConnection(); Connection late = pg.getConnection()) {
            early.setAutoCommit(false);
            late.setAutoCommit(false);
            try (Statement s = early.createStatement()) {
                s.executeUpdate("INSERT INTO " + table + " VALUES (11, 'early id, late commit')"); // lower log id
            }
            try (Statement s = late.createStatement()) {
                s.executeUpdate("INSERT INTO " + table + " VALUES (13, 'late id, early commit')");
            }
            late.commit();
            caughtUp(gate); // the feed has read past log id of 13 while 11 is still uncommitted
            assertThat(found(gate, 13)).isTrue();
            assertThat(found(gate, 11)).as("not committed yet").isFalse();
            early.commit();
        }
        caughtUp(gate);
        assertThat(found(gate, 11)).as("the lower id that committed later").isTrue();
    }

    @Test
    void aKilledListenerFailsOpenAndCatchesUpAfterReconnecting() throws Exception {
        BloomGate gate = instance();
        caughtUp(gate);
        raw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
                + " AND datname = current_database() AND application_name = 'bloomgate change feed'");
        raw("INSERT INTO " + table + " SELECT g, 'while down' FROM generate_series(201, 399, 2) g");
        // Writes from other connections are seen once the feed has read them (bounded staleness);
        // the feed reads the log from where it was after reconnecting, so none is lost.
        caughtUp(gate);
        awaitState(gate, table, GuardState.READY);
        for (long id = 201; id < 400; id += 2) {
            assertThat(found(gate, id)).as("key %d", id).isTrue();
        }
        assertThat(found(gate, 401)).isFalse();
        assertThat(gate.stats(table, "id").avoided()).isPositive();
    }

    @Test
    void aStalledFeedPassesLookupsThrough() throws Exception {
        BloomGate gate = instance(BloomGate.builder(pool()).guard(table, "id").staleAfter(Duration.ofMillis(300)));
        caughtUp(gate);
        try (Connection blocker = pg.getConnection(); Statement s = blocker.createStatement()) {
            blocker.setAutoCommit(false);
            s.execute("LOCK TABLE bloomgate.guards IN ACCESS EXCLUSIVE MODE"); // the feed's read waits
            awaitState(gate, table, GuardState.UNSYNCED);
            long before = gate.stats(table, "id").avoided();
            assertThat(found(gate, 1)).isFalse();
            assertThat(gate.stats(table, "id").avoided()).as("nothing answered while behind").isEqualTo(before);
            blocker.rollback();
        }
        awaitState(gate, table, GuardState.READY);
    }

    @Test
    void writesWithUnknownKeysThroughTheGateSettleThroughTheFeed() throws Exception {
        BloomGate gate = instance();
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " SELECT id + 100001, name FROM " + table + " WHERE id <= 20");
        }
        // No waiting: the guard is unsettled until the feed has read the commit.
        for (long id = 100003; id <= 100021; id += 2) {
            assertThat(found(gate, id)).as("key %d", id).isTrue();
        }
        caughtUp(gate);
        assertThat(found(gate, 100023)).isFalse();
    }

    @Test
    void aRestartedInstanceLoadsItsSnapshotAndReplaysTheLog() throws Exception {
        BloomGate first = instance();
        first.close(); // saves its snapshot
        raw("INSERT INTO " + table + " SELECT g, 'while no gate ran' FROM generate_series(10001, 10199, 2) g");
        BloomGate restarted = instance();
        GuardStats stats = restarted.stats(table, "id");
        assertThat(stats.keysAdded()).as("only the log was replayed, not the table scanned").isEqualTo(100);
        for (long id = 10001; id < 10200; id += 2) {
            assertThat(found(restarted, id)).as("key %d", id).isTrue();
        }
        assertThat(found(restarted, 2 * ROWS)).isTrue();
        assertThat(found(restarted, 10201)).isFalse();
    }

    @Test
    void aCorruptSnapshotIsRebuiltByScan() throws Exception {
        instance().saveSnapshots();
        raw("UPDATE bloomgate.snapshots SET data = overlay(data PLACING '\\xdeadbeef'::bytea FROM 200)"
                + " WHERE guard_id = (SELECT id FROM bloomgate.guards WHERE table_name = '" + table + "')");
        BloomGate restarted = instance();
        assertThat(restarted.stats(table, "id").keysAdded()).as("scanned").isGreaterThanOrEqualTo(ROWS);
        assertThat(found(restarted, 2)).isTrue();
        assertThat(found(restarted, 3)).isFalse();
    }

    @Test
    void aSnapshotOfAnotherConfigurationIsRebuiltByScan() throws Exception {
        instance(BloomGate.builder(pool()).guard(table, "id", 10_000, 0.01)).close(); // saves its snapshot
        BloomGate stricter = instance(BloomGate.builder(pool()).guard(table, "id", 10_000, 0.001));
        assertThat(stricter.stats(table, "id").keysAdded()).as("scanned, not loaded").isGreaterThanOrEqualTo(ROWS);
        assertThat(stricter.stats(table, "id").filter().targetFpp()).isEqualTo(0.001);
        assertThat(found(stricter, 2)).isTrue();
    }

    @Test
    void deletesCountAsStaleAndTriggerAnOnlineRebuildThatDropsTheirKeys() throws Exception {
        BloomGate gate = instance();
        raw("DELETE FROM " + table + " WHERE id <= 4000"); // 2,000 of 3,000 keys: past the threshold
        caughtUp(gate);
        long deadline = System.currentTimeMillis() + FEED_MILLIS;
        while (gate.stats(table, "id").rebuilds() == 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        GuardStats stats = gate.stats(table, "id");
        assertThat(stats.rebuilds()).isEqualTo(1);
        assertThat(stats.state()).isEqualTo(GuardState.READY);
        long avoided = stats.avoided();
        int deletedFound = 0;
        for (long id = 2; id <= 4000; id += 2) {
            deletedFound += found(gate, id) ? 1 : 0;
        }
        assertThat(deletedFound).isZero();
        assertThat(gate.stats(table, "id").avoided() - avoided).as("deleted keys are absent from the new filter")
                .isGreaterThan(1_900);
        for (long id = 4002; id <= 2 * ROWS; id += 2) {
            assertThat(found(gate, id)).as("key %d", id).isTrue();
        }
    }

    @Test
    void aDroppedTriggerUnsyncsTheGuardUntilARebuildReinstallsIt() throws Exception {
        BloomGate gate = instance();
        raw("DO $$ DECLARE t name; BEGIN FOR t IN SELECT tgname FROM pg_trigger WHERE tgrelid = '" + table
                + "'::regclass AND tgname LIKE 'bloomgate%insert' LOOP EXECUTE format('DROP TRIGGER %I ON " + table
                + "', t); END LOOP; END $$");
        awaitState(gate, table, GuardState.UNSYNCED);
        raw("INSERT INTO " + table + " VALUES (20001, 'unlogged')");
        assertThat(found(gate, 20001)).isTrue();
        gate.rebuild();
        assertThat(gate.stats(table, "id").state()).isEqualTo(GuardState.READY);
        assertThat(found(gate, 20001)).isTrue();
        raw("INSERT INTO " + table + " VALUES (20003, 'logged again')");
        caughtUp(gate);
        assertThat(found(gate, 20003)).isTrue();
    }

    @Test
    void aDeadInstanceNoLongerHoldsTheLogAndAnInstanceBehindTheHorizonRebuilds() throws Exception {
        BloomGate gate = instance(BloomGate.builder(pool()).guard(table, "id").instanceTimeout(Duration.ofSeconds(3)));
        raw("INSERT INTO bloomgate.instances (id, description, heartbeat_at, frontier)"
                + " VALUES (gen_random_uuid(), 'long dead', now() - interval '1 hour', '3')");
        raw("INSERT INTO " + table + " SELECT g, 'pruned later' FROM generate_series(30001, 30099, 2) g");
        caughtUp(gate);
        long deadline = System.currentTimeMillis() + FEED_MILLIS;
        while (count("SELECT count(*) FROM bloomgate.instances WHERE description = 'long dead'") > 0
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(count("SELECT count(*) FROM bloomgate.instances WHERE description = 'long dead'")).isZero();
        while (count("SELECT count(*) FROM bloomgate.change_log l JOIN bloomgate.guards g ON g.id = l.guard_id"
                + " WHERE g.table_name = '" + table + "'") > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(count("SELECT count(*) FROM bloomgate.change_log l JOIN bloomgate.guards g ON g.id = l.guard_id"
                + " WHERE g.table_name = '" + table + "'")).as("rows every live instance read are pruned").isZero();
        // Pretend this instance was gone too long: while its feed cannot read (the lock), rows are
        // written and the log is pruned past its position, as pruning would after its timeout.
        // Rebuilds before this point (a late heartbeat on a loaded machine can get this instance
        // pruned earlier) do not cover the row written below: wait for one that starts later.
        int rebuildsBefore = gate.stats(table, "id").rebuilds();
        try (Connection blocker = pg.getConnection(); Statement s = blocker.createStatement()) {
            blocker.setAutoCommit(false);
            s.execute("LOCK TABLE bloomgate.guards IN ACCESS EXCLUSIVE MODE");
            raw("INSERT INTO " + table + " VALUES (30101, 'while the feed was away')");
            // Past the new row's transaction, so that this instance's position is behind it even
            // if some other session keeps the oldest running transaction (and so xmin) back.
            // (Asked on the connection holding the lock: any other would wait for it.)
            s.execute("UPDATE bloomgate.guards g SET pruned_below = (SELECT (max(l.xid)::text::bigint + 1)::text::xid8"
                    + " FROM bloomgate.change_log l WHERE l.guard_id = g.id) WHERE g.table_name = '" + table + "'");
            s.execute("DELETE FROM bloomgate.change_log l USING bloomgate.guards g"
                    + " WHERE g.id = l.guard_id AND g.table_name = '" + table + "' AND l.xid < g.pruned_below");
            blocker.commit();
        }
        deadline = System.currentTimeMillis() + FEED_MILLIS;
        while (gate.stats(table, "id").rebuilds() <= rebuildsBefore && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        // At least once: on a loaded machine a late heartbeat can get this instance pruned too,
        // which it answers the same way (another rebuild by scan).
        assertThat(gate.stats(table, "id").rebuilds()).as("rebuilt by scan").isGreaterThan(rebuildsBefore);
        awaitState(gate, table, GuardState.READY); // the rebuild's scan is in the filter
        assertThat(found(gate, 30101)).isTrue();
        assertThat(found(gate, 30051)).isTrue();
    }

}
