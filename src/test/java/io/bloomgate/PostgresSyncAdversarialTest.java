package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.postgres.PgSync;
import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.RebuildFence;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Review of the PostgreSQL change feed: each test states a property the design promises and fails
 * while the corresponding bug is present. Tables live in schema public (the test role's "$user"
 * schema is bloomgate's own).
 */
class PostgresSyncAdversarialTest extends PostgresInstances {

    private final String name = table.substring("public.".length());
    private final List<String> cleanup = new ArrayList<>();

    PostgresSyncAdversarialTest() {
        super("public.adv_" + Long.toHexString(System.nanoTime()));
    }

    @BeforeEach
    void setUp() throws SQLException {
        createTable(table);
    }

    @AfterEach
    void tearDown() throws Exception {
        closeInstances();
        if (pg != null) {
            for (String sql : cleanup) {
                try {
                    raw(sql);
                } catch (SQLException e) {
                    // keep cleaning up
                }
            }
            raw("SELECT bloomgate.uninstall_guard(to_regclass('" + table + "'), 'id')"
                    + " WHERE to_regclass('" + table + "') IS NOT NULL",
                    "DROP TABLE IF EXISTS " + table + " CASCADE");
        }
    }

    /**
     * Runs the lookup once (its first execution always passes through, to capture metadata) and
     * checks the gate answers an absent key from the filter from then on.
     */
    private void warm(BloomGate gate) throws SQLException {
        long before = gate.stats(table, "id").avoided();
        assertThat(found(gate, 1)).isFalse();
        assertThat(found(gate, 1)).isFalse();
        assertThat(gate.stats(table, "id").avoided()).as("answered from the filter").isGreaterThan(before);
    }

    private static boolean eventually(BloomGate gate, String t, GuardState state, long millis)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (gate.stats(t, "id").state() != state && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        return gate.stats(t, "id").state() == state;
    }

    /**
     * Pretends the log was pruned past this instance's position: up to and including the writing
     * transaction's own id, which every position taken before is at or below.
     */
    private String pruneJustPastThisInstance() {
        return "UPDATE bloomgate.guards SET pruned_below = (pg_current_xact_id()::text::bigint + 1)::text::xid8"
                + " WHERE schema_name = 'public' AND table_name = '" + name + "'";
    }

    private static Object field(Object target, String name) throws ReflectiveOperationException {
        Field f = target.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
    }

    private static PgSync sync(BloomGate gate) throws ReflectiveOperationException {
        return (PgSync) field(gate, "sync");
    }

    /**
     * Runs {@code beforeScan} and {@code beforeSwap} in the gate's rebuilds where its fence is asked
     * (each then calls the real fence, or not, through the one passed to it).
     */
    private static void intercept(BloomGate gate, java.util.function.Consumer<RebuildFence> beforeScan,
            java.util.function.Consumer<RebuildFence> beforeSwap) throws ReflectiveOperationException {
        PgSync sync = sync(gate);
        Field f = PgSync.class.getDeclaredField("fence");
        f.setAccessible(true);
        RebuildFence real = (RebuildFence) f.get(sync);
        f.set(sync, new RebuildFence() {
            @Override
            public void awaitWritesInFlight() {
                beforeScan.accept(real);
            }

            @Override
            public void filtersReplaced() {
                beforeSwap.accept(real);
            }
        });
    }

    // ------------------------------------------------------------------ installation

    /**
     * build() promises to run install.sql itself when the schema is missing, but its version
     * query names bloomgate.version inside a CASE, which PostgreSQL resolves while parsing: on a
     * database without the schema (a fresh CI cluster, a first deployment) every build fails with
     * "relation bloomgate.version does not exist". Runs uninstall.sql first (only when the schema
     * holds nothing but bloomgate's own tables).
     */
    @Test
    void buildInstallsTheSchemaOnADatabaseWithoutIt() throws Exception {
        long foreign = count("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = 'bloomgate' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')"
                + " AND c.relname NOT IN ('version', 'guards', 'change_log', 'instances', 'snapshots', 'instance_stats')");
        assertThat(foreign).as("schema bloomgate holds only bloomgate's tables (.ci/postgres.sh gives the test role"
                + " search_path = public, so that unqualified tables do not land in it)").isZero();
        raw(new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("sql/postgres/uninstall.sql")),
                java.nio.charset.StandardCharsets.UTF_8));
        BloomGate gate = instance();
        warm(gate);
        assertThat(found(gate, 2)).isTrue();
    }

    // ------------------------------------------------------------------ snapshots

    /**
     * Writes made while the triggers were disabled are in neither the saved snapshot nor the log.
     * A new instance re-installs the triggers (they were not all enabled) and then trusts the
     * snapshot anyway: the keys are lost for good.
     */
    @Test
    void aSnapshotIsNotTrustedWhenTheTriggersHadToBeReinstalled() throws Exception {
        BloomGate first = instance();
        first.close(); // saves its snapshot
        raw("ALTER TABLE " + table + " DISABLE TRIGGER USER", // a bulk load, say
                "INSERT INTO " + table + " VALUES (50001, 'loaded while the triggers were off')");
        BloomGate restarted = instance(); // finds the triggers disabled, re-installs them
        warm(restarted);
        assertThat(found(restarted, 50001)).as("a committed row loaded while the triggers were off").isTrue();
    }

    /** The same with the table dropped and created again (a migration, a restore of one table). */
    @Test
    void aSnapshotOfADroppedTableIsNotTrustedForItsSuccessor() throws Exception {
        BloomGate first = instance();
        first.close();
        raw("DROP TABLE " + table);
        createTable(table);
        raw("INSERT INTO " + table + " VALUES (50003, 'only in the new table')");
        BloomGate restarted = instance();
        warm(restarted);
        assertThat(found(restarted, 50003)).isTrue();
    }

    /**
     * A snapshot whose position lies in the future of this cluster's transaction ids (the database
     * was restored with pg_dump into another cluster, whose xids start lower): the feed then skips
     * every new write until the xids catch up, silently. Simulated by moving the saved position.
     */
    @Test
    void aSnapshotFromAnotherClustersXidSpaceIsNotTrusted() throws Exception {
        BloomGate first = instance();
        first.close();
        String where = " WHERE guard_id = (SELECT id FROM bloomgate.guards WHERE schema_name = 'public'"
                + " AND table_name = '" + name + "')";
        byte[] data;
        String position;
        try (Connection c = pg.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT data, position::text FROM bloomgate.snapshots" + where)) {
            assertThat(rs.next()).isTrue();
            data = rs.getBytes(1);
            position = rs.getString(2);
        }
        String[] parts = position.split(":", 3);
        long shift = 1_000_000_000L;
        String future = (Long.parseLong(parts[0]) + shift) + ":" + (Long.parseLong(parts[1]) + shift) + ":";
        byte[] forged = withPosition(data, future);
        try (Connection c = pg.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE bloomgate.snapshots SET data = ?, position = CAST(? AS pg_snapshot)" + where)) {
            ps.setBytes(1, forged);
            ps.setString(2, future);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
        raw("INSERT INTO " + table + " VALUES (50005, 'written after the restore, before the gate started')");
        BloomGate restarted = instance();
        warm(restarted);
        caughtUp(restarted);
        caughtUp(restarted);
        assertThat(found(restarted, 50005)).as("a write committed after the restore").isTrue();
    }

    /** Rewrites the position inside a GuardSnapshot (format in GuardSnapshot's javadoc). */
    private static byte[] withPosition(byte[] data, String position) throws Exception {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, data.length - 4));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(in.readInt());
        out.writeShort(in.readUnsignedShort());
        out.writeUTF(in.readUTF());
        in.readUTF();
        out.writeUTF(position);
        out.write(in.readAllBytes());
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        out.writeInt((int) crc.getValue());
        out.flush();
        return bytes.toByteArray();
    }

    // ------------------------------------------------------------------ schema changes

    /**
     * A table created later with INHERITS (guarded) adds rows that lookups on the guarded table
     * return, but its writes fire no trigger. install_guard refuses such a table; nothing checks
     * again afterwards (neither the periodic trigger check nor the early return of installGuard).
     */
    @Test
    void anInheritanceChildCreatedLaterUnsyncsTheGuard() throws Exception {
        BloomGate gate = instance();
        warm(gate);
        String child = table + "_child";
        cleanup.add(0, "DROP TABLE IF EXISTS " + child);
        raw("CREATE TABLE " + child + " () INHERITS (" + table + ")",
                "INSERT INTO " + child + " VALUES (50007, 'in a child table')");
        caughtUp(gate);
        // The periodic trigger check runs every 2 s on a thread shared with other chores: polled,
        // with a deadline far past it, rather than a sleep that a slow chore could outlast.
        long deadline = System.currentTimeMillis() + 20_000;
        boolean found = found(gate, 50007);
        while (!found && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            found = found(gate, 50007);
        }
        assertThat(found).as("SELECT ... FROM parent returns the child's row").isTrue();
    }

    // ------------------------------------------------------------------ rebuild swap

    /**
     * The swap makes the rebuilt filter current before filterGeneration is bumped: in between, a
     * REPEATABLE READ transaction through the gate whose snapshot still holds a deleted row is
     * answered from the new filter, which lacks the row's key. The test widens that window with
     * the afterSwap hook; in production it is a plain race.
     */
    @Test
    void aRepeatableReadReaderNeverTrustsARebuiltFilter() throws Exception {
        BloomGate gate = instance();
        AtomicBoolean seenInSwapWindow = new AtomicBoolean(true);
        try (Connection reader = gate.dataSource().getConnection()) {
            reader.setAutoCommit(false);
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThat(found(reader, table, 2)).isTrue(); // takes the snapshot (and the metadata)
            assertThat(found(reader, table, 3)).isFalse();
            raw("DELETE FROM " + table + " WHERE id = 2"); // committed; the reader's snapshot still has it
            intercept(gate, RebuildFence::awaitWritesInFlight, fence -> {
                try {
                    seenInSwapWindow.set(found(reader, table, 2));
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                fence.filtersReplaced();
            });
            gate.rebuild();
            assertThat(found(reader, table, 2)).as("after the bump").isTrue();
            assertThat(seenInSwapWindow.get()).as("between the swap and the generation bump").isTrue();
            reader.rollback();
        }
    }

    // ------------------------------------------------------------------ liveness and the staleness bound

    /**
     * The watchdog shares its single thread with the chores (heartbeat, prune, trigger check,
     * snapshot saves), which block on the database like the feed does: a prune waiting on a lock
     * starves the watchdog, and the guard stays READY while the feed is stalled far beyond
     * staleAfter. Here both wait on a lock on bloomgate.guards (VACUUM FULL bloomgate.guards, say).
     */
    @Test
    void aStalledFeedIsDetectedEvenWhileAChoreBlocks() throws Exception {
        BloomGate gate = instance(BloomGate.builder(pool()).guard(table, "id").staleAfter(Duration.ofSeconds(1))
                .instanceTimeout(Duration.ofMillis(200))); // prunes every 100 ms
        caughtUp(gate);
        assertThat(found(gate, 50011)).isFalse(); // metadata captured
        try (Connection blocker = pg.getConnection(); Statement s = blocker.createStatement()) {
            blocker.setAutoCommit(false);
            s.execute("LOCK TABLE bloomgate.guards IN ACCESS EXCLUSIVE MODE"); // the feed's read and the prune wait
            raw("INSERT INTO " + table + " VALUES (50011, 'committed while the feed is stalled')");
            Thread.sleep(3_000); // three times staleAfter
            boolean seen = found(gate, 50011);
            GuardState state = gate.stats(table, "id").state();
            blocker.rollback();
            assertThat(state).as("state after 3 x staleAfter without a read").isEqualTo(GuardState.UNSYNCED);
            assertThat(seen).as("a row committed 3 x staleAfter ago").isTrue();
        }
    }

    /**
     * The log was pruned past this instance: the feed asks for a rebuild and the guard passes
     * through meanwhile. If that one rebuild fails (a pool timeout, a failover, a statement
     * timeout), nothing asks again: the guard stays UNSYNCED for the life of the process.
     */
    @Test
    void aFailedAutomaticRebuildIsRetried() throws Exception {
        BloomGate gate = instance();
        AtomicInteger scans = new AtomicInteger();
        intercept(gate, fence -> {
            if (scans.getAndIncrement() == 0) {
                throw new IllegalStateException("a transient failure");
            }
            fence.awaitWritesInFlight();
        }, RebuildFence::filtersReplaced);
        raw(pruneJustPastThisInstance(),
                "INSERT INTO " + table + " VALUES (50013, 'moves the xids on')");
        assertThat(eventually(gate, table, GuardState.UNSYNCED, FEED_MILLIS)).isTrue();
        assertThat(eventually(gate, table, GuardState.READY, 30_000)).as("READY again after a retried rebuild").isTrue();
    }

    /**
     * The same end state without any failure: the log is pruned past the instance while a rebuild
     * (here a manual one; a stale-key rebuild alike) is running. The feed's rebuild request is
     * dropped because one is running; that rebuild ends with the guard UNSYNCED (it was unsynced
     * meanwhile), and fg.rebuilt() clears feedUnsyncs, so the feed never resumes it either.
     */
    @Test
    void aLogPrunedWhileARebuildRunsDoesNotLeaveTheGuardUnsyncedForever() throws Exception {
        BloomGate gate = instance();
        CountDownLatch scanning = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger scans = new AtomicInteger();
        intercept(gate, fence -> {
            if (scans.getAndIncrement() == 0) {
                scanning.countDown();
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            fence.awaitWritesInFlight();
        }, RebuildFence::filtersReplaced);
        Thread manual = new Thread(() -> {
            try {
                gate.rebuild();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        manual.start();
        assertThat(scanning.await(10, TimeUnit.SECONDS)).isTrue();
        raw(pruneJustPastThisInstance(),
                "INSERT INTO " + table + " VALUES (50015, 'moves the xids on')");
        assertThat(eventually(gate, table, GuardState.UNSYNCED, FEED_MILLIS)).isTrue();
        caughtUp(gate); // the feed has seen the pruned log, reset its position and asked for a rebuild
        release.countDown();
        manual.join(FEED_MILLIS);
        assertThat(eventually(gate, table, GuardState.READY, 30_000)).as("READY again").isTrue();
        assertThat(found(gate, 50015)).isTrue();
    }

    /**
     * One guard's trouble (here: uninstall_guard of that guard, e.g. a table retired by a
     * migration) makes every read of the feed fail, so every other guard of the gate stays
     * UNSYNCED, and the feed reconnects in a loop.
     */
    @Test
    void oneUninstalledGuardDoesNotStopTheFeedForTheOthers() throws Exception {
        String other = table + "_other";
        createTable(other);
        cleanup.add("SELECT bloomgate.uninstall_guard(to_regclass('" + other + "'), 'id')"
                + " WHERE to_regclass('" + other + "') IS NOT NULL");
        cleanup.add("DROP TABLE IF EXISTS " + other);
        BloomGate gate = instance(BloomGate.builder(pool()).guard(table, "id").guard(other, "id"));
        caughtUp(gate);
        warm(gate);
        raw("SELECT bloomgate.uninstall_guard('" + other + "', 'id')");
        raw("INSERT INTO " + table + " VALUES (50017, 'the guard that is still installed')");
        caughtUp(gate); // a read that fails every time (the bug) never completes one
        caughtUp(gate);
        assertThat(gate.stats(table, "id").state()).isEqualTo(GuardState.READY);
        assertThat(found(gate, 50017)).isTrue();
    }
}
