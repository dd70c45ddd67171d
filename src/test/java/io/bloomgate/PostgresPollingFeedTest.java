package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * Issue 14: writers' transactions must not serialize on commit. A transaction that queued a
 * notification takes a database-wide lock at commit and holds it through its WAL flush, so the
 * triggers send none (schema version 8) and the change feed polls the log instead. These tests fail
 * if a trigger notifies again, if an installation at version 7 keeps its notifying triggers after
 * an upgrade, or if writes from elsewhere stop reaching an instance without a notification.
 */
class PostgresPollingFeedTest extends PostgresInstances {

    PostgresPollingFeedTest() {
        super("public.poll_" + Long.toHexString(System.nanoTime()));
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

    private long guardId() throws SQLException {
        return count("SELECT id FROM bloomgate.guards WHERE schema_name = 'public' AND table_name = '"
                + table.substring("public.".length()) + "'");
    }

    /** Trigger functions of this guard whose source calls pg_notify. */
    private long notifyingFunctions() throws SQLException {
        return count("SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
                + " WHERE n.nspname = 'bloomgate' AND p.proname LIKE 'g" + guardId() + "\\_%'"
                + " AND p.prosrc LIKE '%pg_notify%'");
    }

    @Test
    void writesToAGuardedTableSendNoNotification() throws Exception {
        BloomGate gate = instance();
        assertThat(notifyingFunctions()).isZero();
        try (Connection listener = pg.getConnection(); Statement s = listener.createStatement()) {
            s.execute("LISTEN bloomgate");
            // Every kind of write the triggers log: insert, key update, delete, truncate.
            raw("INSERT INTO " + table + " VALUES (90001, 'a'), (90003, 'b')",
                    "INSERT INTO " + table + " VALUES (90005, 'c')",
                    "UPDATE " + table + " SET id = 90007 WHERE id = 90005",
                    "DELETE FROM " + table + " WHERE id = 90001");
            caughtUp(gate);
            assertThat(found(gate, 90003)).isTrue();
            assertThat(found(gate, 90007)).isTrue();
            s.execute("SELECT 1"); // receives whatever was delivered meanwhile
            assertThat(listener.unwrap(PGConnection.class).getNotifications(200)).isEmpty();
        }
    }

    @Test
    void aWriteFromElsewhereReachesTheFilterByPolling() throws Exception {
        BloomGate gate = instance();
        // The text's first execution is bypassed whatever the filter says (FIRST_EXECUTION): run it
        // on an absent key first, so the lookups below are the filter's to answer.
        assertThat(found(gate, 91000)).isFalse();
        assertThat(found(gate, 91000)).isFalse();
        GuardStats before = gate.stats(table, "id");
        raw("INSERT INTO " + table + " VALUES (91001, 'from elsewhere')");
        long committed = System.nanoTime();
        // Polled: the key arrives within the idle poll interval (5 ms) plus a read; 1 s leaves room
        // for a loaded machine, yet is far below staleAfter (5 s), after which lookups would pass
        // through and find the row without the feed.
        boolean seen = false;
        while (!seen && System.nanoTime() - committed < 1_000_000_000L) {
            seen = found(gate, 91001);
        }
        assertThat(seen).as("found within 1 s of its commit").isTrue();
        GuardStats after = gate.stats(table, "id");
        assertThat(after.passedThrough() - before.passedThrough()).as("the filter said maybe: the key had arrived")
                .isGreaterThanOrEqualTo(1);
        assertThat(after.state()).isEqualTo(GuardState.READY);
    }

    /**
     * An installation at version 7 (statement-level triggers that pg_notify) is upgraded by the
     * next build: the install script re-creates every guard's triggers row-level and without the
     * notification, in one transaction (so no write goes unlogged), and the snapshot saved before
     * stays usable.
     */
    @Test
    void version7TriggersAreReplacedByTheUpgradeAndTheSnapshotStaysUsable() throws Exception {
        instance().close(); // saves a snapshot
        long id = guardId();
        // Version 7's triggers: statement-level (its default), with its insert trigger body as
        // install_guard generated it.
        raw("SELECT bloomgate.install_guard('" + table + "', 'id', false)");
        raw("CREATE OR REPLACE FUNCTION bloomgate.g" + id + "_insert() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER"
                        + " AS $body$ DECLARE added pg_catalog.text[]; BEGIN"
                        + " SELECT pg_catalog.array_agg(n.id::pg_catalog.text) INTO added FROM bloomgate_new n WHERE n.id IS NOT NULL;"
                        + " IF added IS NOT NULL THEN"
                        + " INSERT INTO bloomgate.change_log (guard_id, op, keys) VALUES (" + id + ", 'I', added);"
                        + " PERFORM pg_catalog.pg_notify('bloomgate', '" + id + "'); END IF; RETURN NULL; END $body$",
                "UPDATE bloomgate.version SET version = 7");
        assertThat(notifyingFunctions()).isEqualTo(1);
        raw("INSERT INTO " + table + " VALUES (92001, 'logged at version 7')");
        BloomGate upgraded = instance();
        assertThat(count("SELECT version FROM bloomgate.version")).isEqualTo(10);
        assertThat(notifyingFunctions()).as("regenerated without pg_notify").isZero();
        // Version 9: row-level insert triggers, the new default (one query per row instead of a
        // transition table and two queries per statement).
        assertThat(count("SELECT count(*) FROM pg_trigger WHERE tgrelid = '" + table + "'::regclass"
                + " AND tgname = 'bloomgate_g" + id + "_insert' AND (tgtype & 1) = 1")).as("row-level").isEqualTo(1);
        assertThat(upgraded.stats(table, "id").keysAdded()).as("loaded from the version-7 snapshot, the log replayed")
                .isEqualTo(1);
        assertThat(found(upgraded, 92001)).isTrue();
        raw("INSERT INTO " + table + " VALUES (92003, 'after the upgrade')");
        caughtUp(upgraded);
        assertThat(found(upgraded, 92003)).isTrue();
        try (Connection c = pg.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_trigger WHERE tgrelid = '" + table
                        + "'::regclass AND tgname LIKE 'bloomgate\\_g" + id + "\\_%'")) {
            rs.next();
            assertThat(rs.getInt(1)).as("all four triggers in place").isEqualTo(4);
        }
    }
    /**
     * Row-level insert triggers are the default (version 9); a DBA who chose statement-level ones
     * for a table written mostly by multi-row statements ({@code install_guard(t, c, false)}) keeps
     * them across builds, and both kinds log every key of single-row and multi-row inserts, key
     * updates and deletes.
     */
    @Test
    void bothTriggerKindsLogEveryWriteAndABuildKeepsTheInstalledKind() throws Exception {
        instance().close();
        long id = guardId();
        String rowLevelInsert = "SELECT count(*) FROM pg_trigger WHERE tgrelid = '" + table + "'::regclass"
                + " AND tgname = 'bloomgate_g" + id + "_insert' AND (tgtype & 1) = 1";
        assertThat(count(rowLevelInsert)).as("row-level by default").isEqualTo(1);
        int next = 93001;
        for (boolean rowLevel : new boolean[] {true, false}) {
            raw("SELECT bloomgate.install_guard('" + table + "', 'id', " + rowLevel + ")");
            BloomGate gate = instance();
            assertThat(count(rowLevelInsert)).as("the build kept the installed kind").isEqualTo(rowLevel ? 1 : 0);
            int a = next++;
            int b = next++;
            int c = next++;
            int d = next++;
            raw("INSERT INTO " + table + " VALUES (" + a + ", 'single')",
                    "INSERT INTO " + table + " VALUES (" + b + ", 'multi'), (" + c + ", 'multi')",
                    "UPDATE " + table + " SET id = " + d + " WHERE id = " + c);
            caughtUp(gate);
            for (int key : new int[] {a, b, d}) {
                assertThat(found(gate, key)).as("key %d, row-level %s", key, rowLevel).isTrue();
            }
            gate.close();
        }
    }
}
