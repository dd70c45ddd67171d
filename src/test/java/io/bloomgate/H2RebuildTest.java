package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.GuardProbe.Answer;
import io.bloomgate.GuardProbe.Path;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Builds and rebuilds against open transactions (docs/architecture.md section 4): a build must not answer
 * before a transaction that wrote ahead of its trigger has ended, and a rebuild must not drop a
 * deleted key while a REPEATABLE READ reader could still see the row. Online rebuilds follow
 * growth (filter resized) and deletes (stale keys cleared) without losing a key.
 */
class H2RebuildTest {

    private JdbcDataSource h2;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY, payload VARCHAR(40))",
                "INSERT INTO items SELECT X, 'p' || X FROM SYSTEM_RANGE(1, 100)",
                "CREATE TABLE other (id BIGINT)");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        H2Databases.run(h2, "SHUTDOWN");
    }

    private void raw(String... statements) throws SQLException {
        H2Databases.run(h2, statements);
    }

    /**
     * The transaction wrote 5001 before the trigger existed, so the trigger never sees it; the scan
     * cannot see it either while it is uncommitted. Only waiting for that transaction to end, then
     * scanning, puts it in the filter. A build that returned early would answer "absent" for 5001
     * after the commit.
     */
    @Test
    void buildWaitsForATransactionThatInsertedBeforeTheTriggerExisted() throws Exception {
        try (Connection early = h2.getConnection()) {
            early.setAutoCommit(false);
            try (Statement s = early.createStatement()) {
                s.executeUpdate("INSERT INTO items VALUES (5001, 'written before the gate')");
            }
            Future<BloomGate> build = GuardProbe.inThread("build",
                    () -> BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build());
            assertThatThrownBy(() -> build.get(300, TimeUnit.MILLISECONDS))
                    .as("build() must still wait while the early transaction is open")
                    .isInstanceOf(TimeoutException.class);
            early.commit();
            gate = build.get(30, TimeUnit.SECONDS);
        }
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        assertThat(probe.stats().state()).isEqualTo(GuardState.READY);
        probe.assertFoundByFilter(5001L);
        assertThat(probe.lookup(-1L)).isEqualTo(new Answer(false, Path.AVOIDED));
    }

    /**
     * r is deleted and committed while a REPEATABLE READ reader that already read r is open. The
     * rebuilt filter will not hold r; swapping it in while the reader is open would make the
     * reader's next lookup of r (which its snapshot still shows) come back empty.
     */
    @Test
    void rebuildWaitsForARepeatableReadReaderThatCanStillSeeADeletedRow() throws Exception {
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        long r = 42;
        try (Connection reader = gate.dataSource().getConnection()) {
            reader.setAutoCommit(false);
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThat(GuardProbe.find(reader, probe.sql(), r)).isTrue(); // the first real run of the text on it
            assertThat(GuardProbe.find(reader, probe.sql(), r)).isTrue();

            raw("DELETE FROM items WHERE id = " + r);
            assertThat(probe.find(r)).as("deleted for everyone else").isFalse();

            Future<Void> rebuild = GuardProbe.inThread("rebuild", () -> {
                gate.rebuild();
                return null;
            });
            assertThatThrownBy(() -> rebuild.get(300, TimeUnit.MILLISECONDS))
                    .as("rebuild() must not finish while the reader's snapshot still shows the deleted row")
                    .isInstanceOf(TimeoutException.class);
            long passedBefore = probe.stats().passedThrough();
            assertThat(GuardProbe.find(reader, probe.sql(), r)).as("the reader's snapshot still holds row %d", r).isTrue();
            assertThat(probe.stats().passedThrough()).as("the filter was asked, and said maybe")
                    .isEqualTo(passedBefore + 1);
            reader.commit();
            rebuild.get(30, TimeUnit.SECONDS);
        }
        GuardStats stats = probe.stats();
        assertThat(stats.state()).isEqualTo(GuardState.READY);
        assertThat(stats.rebuilds()).isEqualTo(1);
        assertThat(stats.staleKeys()).isZero();
        // The rebuild really dropped r: that is what made waiting necessary.
        assertThat(probe.lookup(r)).isEqualTo(new Answer(false, Path.AVOIDED));
        probe.assertFoundByFilter(43L);
    }

    /**
     * Same, but the reader never read r before the delete: its snapshot (taken at its first read of
     * the table) still shows r, so it too must keep finding r until it ends.
     */
    @Test
    void rebuildWaitsForARepeatableReadReaderThatNeverReadTheDeletedRowYet() throws Exception {
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        try (Connection reader = gate.dataSource().getConnection()) {
            reader.setAutoCommit(false);
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThat(GuardProbe.find(reader, probe.sql(), 7L)).isTrue(); // snapshot taken
            assertThat(GuardProbe.find(reader, probe.sql(), 7L)).isTrue(); // the text is warm on this connection

            raw("DELETE FROM items WHERE id BETWEEN 60 AND 69");
            Future<Void> rebuild = GuardProbe.inThread("rebuild", () -> {
                gate.rebuild();
                return null;
            });
            assertThatThrownBy(() -> rebuild.get(300, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            for (long r = 60; r <= 69; r++) {
                assertThat(GuardProbe.find(reader, probe.sql(), r)).as("row %d in the reader's snapshot", r).isTrue();
            }
            reader.commit();
            rebuild.get(30, TimeUnit.SECONDS);
        }
        assertThat(probe.stats().rebuilds()).isEqualTo(1);
        for (long r = 60; r <= 69; r++) {
            assertThat(probe.find(r)).isFalse();
        }
    }

    /**
     * The reader's snapshot begins after the rebuild started (while it waited for an older
     * transaction), so the rebuild's first wait does not cover it; r is deleted before the scan.
     * Only waiting, after the scan, for transactions open at the scan's start keeps r visible.
     */
    @Test
    void rebuildWaitsForASnapshotThatBeganWhileTheRebuildWaitedForAnOlderTransaction() throws Exception {
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        long r = 33;
        try (Connection older = h2.getConnection(); Connection reader = gate.dataSource().getConnection()) {
            older.setAutoCommit(false);
            try (Statement s = older.createStatement()) {
                s.executeUpdate("INSERT INTO other VALUES (1)");
            }
            Future<Void> rebuild = GuardProbe.inThread("rebuild", () -> {
                gate.rebuild();
                return null;
            });
            TimeUnit.MILLISECONDS.sleep(200); // the rebuild now waits for `older`
            reader.setAutoCommit(false);
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThat(GuardProbe.find(reader, probe.sql(), r)).isTrue(); // snapshot begins, holding r
            raw("DELETE FROM items WHERE id = " + r);
            older.commit(); // the rebuild goes on: its scan will not see r
            assertThatThrownBy(() -> rebuild.get(300, TimeUnit.MILLISECONDS))
                    .as("rebuild() must wait for the reader whose snapshot began before its scan")
                    .isInstanceOf(TimeoutException.class);
            assertThat(GuardProbe.find(reader, probe.sql(), r)).as("row %d in the reader's snapshot", r).isTrue();
            reader.commit();
            rebuild.get(30, TimeUnit.SECONDS);
        }
        assertThat(probe.stats().rebuilds()).isEqualTo(1);
        assertThat(probe.lookup(r)).isEqualTo(new Answer(false, Path.AVOIDED));
    }

    /**
     * Two rebuild() calls overlapping (an application thread and an operator, say, or a call while
     * a background rebuild runs): both must complete; neither may fail because the other runs.
     */
    @Test
    void overlappingRebuildCallsBothComplete() throws Exception {
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        Future<Void> first;
        Future<Void> second;
        try (Connection older = h2.getConnection()) {
            older.setAutoCommit(false);
            try (Statement s = older.createStatement()) {
                s.executeUpdate("INSERT INTO other VALUES (1)"); // keeps the first rebuild waiting
            }
            first = GuardProbe.inThread("rebuild-1", () -> {
                gate.rebuild();
                return null;
            });
            TimeUnit.MILLISECONDS.sleep(200);
            second = GuardProbe.inThread("rebuild-2", () -> {
                gate.rebuild();
                return null;
            });
            TimeUnit.MILLISECONDS.sleep(200);
            older.commit();
        }
        first.get(30, TimeUnit.SECONDS);
        second.get(30, TimeUnit.SECONDS); // throws ExecutionException if the second call failed
        assertThat(probe.stats().state()).isEqualTo(GuardState.READY);
        assertThat(probe.stats().rebuilds()).isGreaterThanOrEqualTo(1);
    }

    /**
     * A filter sized for 1,000 keys receives 20,000 from raw connections: the trigger asks for an
     * online rebuild sized for the live keys, and no key is lost across the swaps.
     */
    @Test
    void growthFromRawWritesTriggersAnOnlineRebuildThatResizesTheFilter() throws Exception {
        raw("DELETE FROM items");
        gate = BloomGate.builder(h2).guard("items", "id", 1_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        int n = 20_000;
        SplittableRandom random = new SplittableRandom(2024);
        try (Connection a = h2.getConnection(); Connection b = h2.getConnection();
                PreparedStatement pa = a.prepareStatement("INSERT INTO items VALUES (?, 'grow')");
                PreparedStatement pb = b.prepareStatement("INSERT INTO items VALUES (?, 'grow')")) {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            for (int start = 0; start < n; start += 500) {
                boolean useA = random.nextBoolean();
                PreparedStatement ps = useA ? pa : pb;
                for (int i = start; i < start + 500; i++) {
                    ps.setLong(1, key(i));
                    ps.addBatch();
                }
                ps.executeBatch();
                (useA ? a : b).commit();
            }
        }
        boolean grown = GuardProbe.eventually(Duration.ofSeconds(30), () -> {
            GuardStats s = probe.stats();
            return s.rebuilds() >= 1 && s.filter().expectedKeys() >= n && s.state() == GuardState.READY;
        });
        GuardStats stats = probe.stats();
        assertThat(grown).as("rebuilt and resized for %,d keys; now: %s rebuilds, sized for %,d keys, %s",
                n, stats.rebuilds(), stats.filter().expectedKeys(), stats.state()).isTrue();
        assertEveryKeyFoundByFilter(probe, 0, n);
        assertThat(probe.lookup(-5L)).isEqualTo(new Answer(false, Path.AVOIDED));
    }

    /**
     * Deleting most rows leaves their bits in the filter (stale): the trigger asks for a rebuild
     * once they pass the threshold, which clears them. Survivors stay found; deleted keys are then
     * mostly answered "absent" again.
     */
    @Test
    void deletingMostRowsTriggersARebuildThatClearsStaleKeys() throws Exception {
        raw("DELETE FROM items", "INSERT INTO items SELECT X * 7, 'p' FROM SYSTEM_RANGE(0, 19999)");
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        assertThat(probe.stats().rebuilds()).isZero();
        // Delete 18,000 of the 20,000 rows, 1,000 per statement (each commits).
        for (int chunk = 0; chunk < 18; chunk++) {
            raw("DELETE FROM items WHERE id >= " + key(chunk * 1000) + " AND id < " + key(chunk * 1000 + 1000));
        }
        long live = 2_000;
        boolean cleared = GuardProbe.eventually(Duration.ofSeconds(30), () -> {
            GuardStats s = probe.stats();
            return s.rebuilds() >= 1 && s.staleKeys() <= Math.max(1_000, live / 4) && s.state() == GuardState.READY;
        });
        GuardStats stats = probe.stats();
        assertThat(cleared).as("stale keys cleared by a rebuild; now %s rebuilds, %,d stale keys",
                stats.rebuilds(), stats.staleKeys()).isTrue();
        assertEveryKeyFoundByFilter(probe, 18_000, 20_000);
        int avoided = 0;
        for (int i = 0; i < 18_000; i += 9) {
            if (probe.lookup(key(i)).path() == Path.AVOIDED) {
                avoided++;
            }
        }
        assertThat(avoided).as("deleted keys answered from the rebuilt filter (of 2,000)").isGreaterThan(1_500);
    }

    private static long key(int i) {
        return i * 7L;
    }

    /** Every key in [from, to) is found, and each lookup was answered by the filter saying "maybe". */
    private static void assertEveryKeyFoundByFilter(GuardProbe probe, int from, int to) throws SQLException {
        long passedBefore = probe.stats().passedThrough();
        int missing = 0;
        long firstMissing = -1;
        try (Connection c = probe.gateDataSource().getConnection();
                PreparedStatement ps = c.prepareStatement(probe.sql())) {
            for (int i = from; i < to; i++) {
                ps.setLong(1, key(i));
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        if (missing++ == 0) {
                            firstMissing = key(i);
                        }
                    }
                }
            }
        }
        assertThat(missing).as("keys not found (first: %d)", firstMissing).isZero();
        assertThat(probe.stats().passedThrough() - passedBefore).as("lookups answered by the filter")
                .isEqualTo(to - from);
    }
}
