package io.bloomgate.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.stats.GuardState;
import java.sql.JDBCType;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The online rebuild protocol as a specification, without a database: a scripted database (its
 * hook, scan and horizon) and a recording fence around a real {@link Guard}. What each database
 * does inside the steps is tested against H2 ({@code H2RebuildTest}) and PostgreSQL ({@code
 * PostgresSyncAdversarialTest}, {@code PostgresChangeFeedTest}).
 */
class OnlineRebuildTest {

    private static final GuardedTable TABLE = new GuardedTable("PUBLIC", "T", "ID", List.of("ID"));

    /** Every step, in the order the protocol took it. */
    private final List<String> steps = new ArrayList<>();
    private Guard guard;
    private BloomFilter old;

    /** The table's keys, as the fake scan reads them. */
    private final List<Long> table = new ArrayList<>();

    @BeforeEach
    void aReadyGuardOverTenKeys() {
        guard = new Guard(TABLE, KeyForms.bigint(), JDBCType.BIGINT, Map.of("ID", ColumnType.of(JDBCType.BIGINT)),
                FilterSpec.of(1_000, 0.01));
        for (long k = 1; k <= 10; k++) {
            table.add(k);
            guard.addLong(k);
        }
        guard.ready(10);
        old = guard.filter();
    }

    /** A database whose every step is recorded and may be replaced by a test. */
    private class Scripted implements OnlineRebuild.Database {
        Step hook = () -> { };
        Step duringScan = () -> { };
        OnlineRebuild.Horizon horizon = () -> true;
        Integer repaired;

        @Override
        public void reinstallHook() throws SQLException {
            steps.add("hook (rebuilding=" + guard.rebuilding() + ")");
            try {
                hook.run();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public int unsyncsRepaired(int beforeHook) {
            steps.add("unsyncs");
            return repaired != null ? repaired : beforeHook;
        }

        @Override
        public OnlineRebuild.Scanned scan(BloomFilter target) throws SQLException, InterruptedException {
            steps.add("scan (into the current filter: " + (target == guard.filter()) + ")");
            duringScan.run();
            for (long k : table) {
                target.addLong(k);
            }
            guard.counters().countKeysAdded(table.size()); // as TableScanner counts a scan's adds
            return new OnlineRebuild.Scanned(table.size(), () -> {
                steps.add("horizon");
                return horizon.await();
            });
        }

        @Override
        public void swapped() {
            steps.add("swapped (new filter current: " + (guard.filter() != old) + ")");
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws SQLException, InterruptedException;
    }

    private final RebuildFence fence = new RebuildFence() {
        @Override
        public void awaitWritesInFlight() {
            steps.add("writes in flight");
        }

        @Override
        public void filtersReplaced() {
            steps.add("filters replaced (old filter still current: " + (guard.filter() == old) + ")");
        }
    };

    @Test
    void theStepsRunInOrderAndTheFenceIsToldBeforeTheSwap() throws Exception {
        assertThat(OnlineRebuild.run(guard, new Scripted(), fence)).isTrue();
        assertThat(steps).containsExactly(
                "hook (rebuilding=true)",                          // every add reaches the new filter from here
                "writes in flight",
                "unsyncs",
                "scan (into the current filter: false)",
                "horizon",
                "filters replaced (old filter still current: true)", // no transaction sees the new one unflagged
                "swapped (new filter current: true)");
        assertThat(guard.rebuilding()).isFalse();
        assertThat(guard.state()).isEqualTo(GuardState.READY);
        assertThat(guard.stats().rebuilds()).isEqualTo(1);
    }

    @Test
    void theNewFilterHoldsTheScanAndEveryKeyAddedDuringTheFillAndNothingElse() throws Exception {
        Scripted database = new Scripted();
        table.remove(Long.valueOf(7)); // deleted before the rebuild
        guard.countStale();
        database.duringScan = () -> guard.addLong(500); // written while the scan runs, not in its snapshot
        OnlineRebuild.run(guard, database, fence);
        assertThat(guard.filter()).isNotSameAs(old);
        for (long k : table) {
            assertThat(guard.filter().mightContainLong(k)).as("scanned key %d", k).isTrue();
        }
        assertThat(guard.filter().mightContainLong(500)).as("added during the fill").isTrue();
        assertThat(old.mightContainLong(500)).as("and to the old filter, which answered meanwhile").isTrue();
        assertThat(guard.filter().mightContainLong(7)).as("deleted before the scan: gone").isFalse();
        assertThat(guard.staleKeys()).as("the stale key counted before the fill is cleared").isZero();
    }

    /** The estimate counts from the fill's start: keys written during the fill stay live, deletes stay stale. */
    @Test
    void liveKeysCountFromTheFillsStartAndDeletesDuringItStayStale() throws Exception {
        Scripted database = new Scripted();
        database.duringScan = () -> {
            for (long k = 1_000; k < 1_300; k++) {
                guard.addLong(k); // committed after the scan's snapshot: not in its rows
            }
            guard.countStale(2); // deleted during the fill: the scan may have seen them
        };
        OnlineRebuild.run(guard, database, fence);
        assertThat(guard.liveKeys()).isEqualTo(10 + 300 - 2);
        assertThat(guard.staleKeys()).isEqualTo(2);
    }

    @Test
    void theNewFilterIsSizedForTwiceTheLiveKeysAndNeverBelowTheRequest() throws Exception {
        for (long k = 11; k <= 900; k++) {
            table.add(k);
            guard.addLong(k);
        }
        OnlineRebuild.run(guard, new Scripted(), fence);
        assertThat(guard.spec().expectedKeys()).isEqualTo(1_800);
        assertThat(guard.requestedSpec().expectedKeys()).isEqualTo(1_000);
    }

    @Test
    void aHorizonThatGivesUpAbandonsQuietlyWithoutTellingTheFence() throws Exception {
        Scripted database = new Scripted();
        database.horizon = () -> false; // the sync is closing
        assertThat(OnlineRebuild.run(guard, database, fence)).isFalse();
        assertThat(steps).doesNotContain("filters replaced (old filter still current: true)")
                .noneMatch(s -> s.startsWith("swapped"));
        assertOldFilterStaysAndARebuildMayStartAgain();
    }

    @Test
    void aFailingScanHorizonOrHookAbandonsTheNewFilterAndPassesTheErrorOn() throws Exception {
        Scripted scanFails = new Scripted();
        scanFails.duringScan = () -> {
            throw new SQLException("connection lost");
        };
        assertThatThrownBy(() -> OnlineRebuild.run(guard, scanFails, fence)).hasMessage("connection lost");
        assertOldFilterStaysAndARebuildMayStartAgain();

        Scripted horizonTimesOut = new Scripted();
        horizonTimesOut.horizon = () -> {
            throw new SQLException("timed out waiting for transactions");
        };
        assertThatThrownBy(() -> OnlineRebuild.run(guard, horizonTimesOut, fence))
                .hasMessage("timed out waiting for transactions");
        assertOldFilterStaysAndARebuildMayStartAgain();

        Scripted hookFails = new Scripted();
        hookFails.hook = () -> {
            throw new SQLException("permission denied to create trigger");
        };
        assertThatThrownBy(() -> OnlineRebuild.run(guard, hookFails, fence)).isInstanceOf(SQLException.class);
        assertOldFilterStaysAndARebuildMayStartAgain();

        Scripted interrupted = new Scripted();
        interrupted.horizon = () -> {
            throw new InterruptedException();
        };
        assertThatThrownBy(() -> OnlineRebuild.run(guard, interrupted, fence)).isInstanceOf(InterruptedException.class);
        assertOldFilterStaysAndARebuildMayStartAgain();

        assertThat(steps).noneMatch(s -> s.startsWith("filters replaced") || s.startsWith("swapped"));
    }

    private void assertOldFilterStaysAndARebuildMayStartAgain() throws Exception {
        assertThat(guard.filter()).as("the current filter stays: still a superset").isSameAs(old);
        assertThat(guard.rebuilding()).isFalse();
        assertThat(guard.stats().rebuilds()).isZero();
        assertThat(guard.state()).isEqualTo(GuardState.READY);
        guard.addLong(77);
        assertThat(old.mightContainLong(77)).isTrue();
    }

    @Test
    void aSecondRebuildWhileOneFillsIsRefused() throws Exception {
        Scripted database = new Scripted();
        database.duringScan = () -> assertThatThrownBy(() -> OnlineRebuild.run(guard, new Scripted(), fence))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already running");
        assertThat(OnlineRebuild.run(guard, database, fence)).as("the first one goes on").isTrue();
        assertThat(guard.stats().rebuilds()).isEqualTo(1);
    }

    /** An unsync while the rebuild runs (the hook went away again) means the new filter may miss writes. */
    @Test
    void aGuardUnsyncedAfterItsHookWasReinstalledStaysUnsynced() throws Exception {
        Scripted database = new Scripted();
        database.duringScan = () -> guard.unsync("trigger dropped during the scan");
        OnlineRebuild.run(guard, database, fence);
        assertThat(guard.filter()).as("swapped all the same: a superset of what the scan saw").isNotSameAs(old);
        assertThat(guard.state()).isEqualTo(GuardState.UNSYNCED);
        assertThat(guard.unsyncedReason()).isEqualTo("trigger dropped during the scan");
    }

    /** The rebuild repairs a lost hook: the unsync from before it started is lifted. */
    @Test
    void aGuardUnsyncedBeforeTheRebuildIsReadyAfterIt() throws Exception {
        guard.unsync("trigger dropped");
        OnlineRebuild.run(guard, new Scripted(), fence);
        assertThat(guard.state()).isEqualTo(GuardState.READY);
    }

    /**
     * An unsync after the count was read but before the scan (say, the change feed lost its place)
     * stands unless the database says its scan and horizon cover it.
     */
    @Test
    void theDatabaseSaysWhichUnsyncsItsScanRepairs() throws Exception {
        Scripted coversNothingLater = new Scripted(); // H2's: only the unsyncs before its hook
        coversNothingLater.hook = () -> guard.unsync("the log was pruned");
        OnlineRebuild.run(guard, coversNothingLater, fence);
        assertThat(guard.state()).isEqualTo(GuardState.UNSYNCED);

        Scripted repairs = new Scripted();
        repairs.hook = () -> {
            guard.unsync("the log was pruned again");
            repairs.repaired = guard.unsyncCount(); // as PostgreSQL's when no hook is missing
        };
        OnlineRebuild.run(guard, repairs, fence);
        assertThat(guard.state()).isEqualTo(GuardState.READY);
    }

    @Test
    void aGuardClosedBeforeTheSwapStaysClosedAndKeepsItsFilter() throws Exception {
        Scripted database = new Scripted();
        database.horizon = () -> {
            guard.close();
            return true;
        };
        OnlineRebuild.run(guard, database, fence);
        assertThat(guard.state()).isEqualTo(GuardState.CLOSED);
        assertThat(guard.filter()).isSameAs(old);
        assertThat(guard.stats().rebuilds()).isZero();
    }
}
