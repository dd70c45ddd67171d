package io.bloomgate.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.sql.GuardedTable;
import java.sql.JDBCType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The concerns {@link Guard} delegates to, each on its own. */
class GuardPartsTest {

    private static final GuardedTable TABLE = new GuardedTable("PUBLIC", "T", "K", List.of("K", "V"));

    @Test
    void theLifecycleGoesFromBuildingToReadyAndBackOnlyAsTheRulesSay() {
        GuardLifecycle life = new GuardLifecycle();
        assertThat(life.state()).isEqualTo(GuardState.BUILDING);
        assertThat(life.answerable()).isFalse();
        assertThat(life.built()).isTrue();
        assertThat(life.built()).as("only once").isFalse();
        assertThat(life.answerable()).isTrue();

        int before = life.unsyncCount();
        life.unsync("trigger dropped");
        assertThat(life.state()).isEqualTo(GuardState.UNSYNCED);
        assertThat(life.unsyncedReason()).isEqualTo("trigger dropped");
        assertThat(life.resume(before)).as("unsynced since the count was read").isFalse();
        life.rebuilt(before);
        assertThat(life.state()).as("a rebuild that raced an unsync stays UNSYNCED").isEqualTo(GuardState.UNSYNCED);
        life.rebuilt(life.unsyncCount());
        assertThat(life.state()).isEqualTo(GuardState.READY);
        assertThat(life.unsyncedReason()).isNull();

        life.unsettle();
        assertThat(life.unsettled()).isTrue();
        life.settle();
        assertThat(life.unsettled()).isFalse();

        life.close();
        life.unsync("after close");
        assertThat(life.state()).as("CLOSED is final").isEqualTo(GuardState.CLOSED);
        assertThat(life.answerable()).isFalse();
    }

    @Test
    void duringARebuildEveryAddReachesBothFiltersAndTheSwapKeepsThem() {
        FilterPair pair = new FilterPair(TABLE, FilterSpec.of(1_000, 0.01));
        pair.addLong(1);
        BloomFilter next = FilterPair.newFilter(TABLE, FilterSpec.of(2_000, 0.01), "");
        pair.begin(next);
        assertThat(pair.rebuilding()).isTrue();
        pair.addLong(2);
        assertThat(next.mightContainLong(1)).as("not scanned yet: only the scan adds old keys").isFalse();
        assertThat(next.mightContainLong(2)).isTrue();
        next.addLong(1); // the scan
        assertThat(pair.swap(FilterSpec.of(2_000, 0.01))).isTrue();
        assertThat(pair.current()).isSameAs(next);
        assertThat(pair.spec().expectedKeys()).isEqualTo(2_000);
        assertThat(pair.rebuilding()).isFalse();
        assertThat(pair.swap(FilterSpec.of(4_000, 0.01))).as("nothing to swap in").isFalse();
        pair.begin(FilterPair.newFilter(TABLE, FilterSpec.of(4_000, 0.01), ""));
        pair.abandon();
        assertThat(pair.current()).as("an abandoned rebuild leaves the current filter").isSameAs(next);
    }

    @Test
    void rebuildsAreDueWhenStaleKeysPassAQuarterOrTheTableOutgrowsTheFilter() {
        FilterSpec spec = FilterSpec.of(10_000, 0.01);
        RebuildPolicy policy = new RebuildPolicy(spec);
        long added = 8_000; // the guard's keys-added counter: the first build's scan added 8,000
        policy.built(8_000);
        assertThat(policy.liveKeys(added)).isEqualTo(8_000);
        assertThat(policy.needsRebuild(spec, added)).isFalse();
        policy.countStale(2_000);
        assertThat(policy.liveKeys(added)).isEqualTo(6_000);
        assertThat(policy.needsRebuild(spec, added)).as("2,000 stale of 6,000 live").isTrue();
        policy.fillStarting(added);
        added += 6_000; // the rebuild's scan
        policy.rebuilt(6_000);
        assertThat(policy.staleKeys()).isZero();
        assertThat(policy.rebuilds()).isEqualTo(1);
        assertThat(policy.liveKeys(added)).isEqualTo(6_000);
        assertThat(policy.needsRebuild(spec, added + 4_001)).as("10,001 live keys in a filter for 10,000").isTrue();
        assertThat(policy.rebuildSpec(added + 4_001).expectedKeys()).isEqualTo(20_002);
        assertThat(policy.rebuildSpec(added).expectedKeys()).as("never below the requested size").isEqualTo(12_000);
        policy.countStale(RebuildPolicy.MIN_STALE_FOR_REBUILD - 1);
        assertThat(new RebuildPolicy(spec).needsRebuild(spec, 0)).isFalse();
    }

    /**
     * Keys written while a rebuild scans, committed after its snapshot, are in the guard's counter
     * but not in the rows scanned: they still count as live, so a table that grew during the
     * rebuild past the new filter's size asks for the next one.
     */
    @Test
    void keysWrittenDuringARebuildsScanCountAsLive() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01);
        RebuildPolicy policy = new RebuildPolicy(spec);
        long added = 1_000;
        policy.built(1_000);
        policy.fillStarting(added);
        added += 1_500; // written during the scan, after its snapshot
        added += 1_000; // the scan's own adds
        policy.rebuilt(1_000);
        assertThat(policy.liveKeys(added)).isEqualTo(2_500);
        assertThat(policy.needsRebuild(spec, added)).as("2,500 live keys in a filter for 1,000").isTrue();
    }

    /**
     * Keys deleted while a rebuild fills may have been scanned (their delete committed after the
     * scan's snapshot): they stay counted as stale, so enough of them ask for the next rebuild. Only
     * the stale keys counted before the fill began are cleared by it.
     */
    @Test
    void keysDeletedDuringARebuildsFillStayStale() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01);
        RebuildPolicy policy = new RebuildPolicy(spec);
        long added = 4_000;
        policy.built(4_000);
        policy.countStale(1_500);
        policy.fillStarting(added);
        policy.countStale(1_200); // deleted during the fill
        added += 2_500; // the scan's own adds
        policy.rebuilt(2_500);
        assertThat(policy.staleKeys()).isEqualTo(1_200);
        assertThat(policy.needsRebuild(FilterSpec.of(8_000, 0.01), added))
                .as("1,200 stale of 1,300 live").isTrue();
    }

    @Test
    void aGuardLoadedFromASnapshotCountsFromTheSnapshot() {
        FilterSpec spec = FilterSpec.of(10_000, 0.01);
        RebuildPolicy policy = new RebuildPolicy(spec);
        policy.restored(7_000, 500, 0);
        long added = 300; // replayed from the change log before the guard is READY
        policy.built(7_500); // READY: the snapshot's keys, not a scan's
        assertThat(policy.liveKeys(added)).isEqualTo(7_300);
        assertThat(policy.staleKeys()).isEqualTo(500);
    }

    @Test
    void columnTypesKnowTheKeyAndTheOtherColumns() {
        GuardColumns columns = new GuardColumns("K", JDBCType.BIGINT,
                Map.of("V", new ColumnType(JDBCType.VARCHAR, "VARCHAR", 10, 0)));
        assertThat(columns.keyIsInteger()).isTrue();
        assertThat(columns.keyIsText()).isFalse();
        assertThat(columns.keyColumnType().type()).as("not in the catalog map: from the key type")
                .isEqualTo(JDBCType.BIGINT);
        assertThat(columns.columnType("V").size()).isEqualTo(10);
        assertThat(columns.columnType("W")).isNull();
        assertThat(GuardColumns.isText(JDBCType.NVARCHAR)).isTrue();
    }
}
