package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.filter.FilterFacts;
import io.bloomgate.filter.FilterLayout;
import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** How {@code report} aggregates one guard's rows over instances (the SQL side is PostgresReportTest's). */
class PostgresStatsTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void countersAreSummedAndTheFactsAreTheLatestLiveInstances() {
        PostgresStats.InstanceRow ended = row(T0, T0.plusSeconds(50), false, GuardState.READY, 100, 90, 1_000,
                new PostgresIoCounters(1, 500, 10, 1_000, 600));
        PostgresStats.InstanceRow liveOld = row(T0.plusSeconds(10), T0.plusSeconds(30), true, GuardState.READY, 40, 30,
                2_000, null);
        PostgresStats.InstanceRow liveNew = row(T0.plusSeconds(20), T0.plusSeconds(40), true, GuardState.UNSYNCED, 10,
                5, 3_000, null);

        PostgresStats.GuardTotal total = PostgresStats.total(List.of(ended, liveOld, liveNew),
                new PostgresIoCounters(1, 800, 10, 1_600, 900));

        GuardStats s = total.stats();
        assertThat(s.lookups()).isEqualTo(150);
        assertThat(s.avoided()).isEqualTo(125);
        assertThat(s.passedThrough()).isEqualTo(25);
        assertThat(s.bypassed(BypassReason.NOT_ELIGIBLE)).isEqualTo(3);
        assertThat(s.state()).as("of the live instance that wrote last").isEqualTo(GuardState.UNSYNCED);
        assertThat(s.keysAdded()).as("not summed: each instance holds the same keys").isEqualTo(3_000);
        assertThat(total.instances()).isEqualTo(3);
        assertThat(total.live()).isEqualTo(2);
        assertThat(total.since()).isEqualTo(T0);
        assertThat(total.io()).isEqualTo(new PostgresIoCounters(1, 300, 0, 600, 300));
        assertThat(total.io().blocksPerScan()).isEqualTo(2.0);
    }

    @Test
    void withNoLiveInstanceTheGuardIsClosedAndAResetHidesTheIo() {
        PostgresStats.InstanceRow ended = row(T0, T0.plusSeconds(5), false, GuardState.READY, 10, 9, 100,
                new PostgresIoCounters(1, 500, 10, 1_000, 600));
        PostgresStats.GuardTotal total = PostgresStats.total(List.of(ended), new PostgresIoCounters(1, 3, 0, 6, 3));
        assertThat(total.stats().state()).isEqualTo(GuardState.CLOSED);
        assertThat(total.live()).isZero();
        assertThat(total.io()).isNull();
        assertThat(total.ioReset()).isTrue();
        assertThat(PostgresReport.text(new PostgresStats(List.of(ended), List.of(total))))
                .contains("statistics were reset", "ended");
    }

    private static PostgresStats.InstanceRow row(Instant started, Instant updated, boolean live, GuardState state,
            long lookups, long avoided, long keysAdded, PostgresIoCounters ioAtStart) {
        FilterFacts facts = new FilterFacts(FilterLayout.BLOCKED, 9_600_000, 7, 1, 1_000_000, 0.01, keysAdded,
                keysAdded, 0.1, 0.0001, 1_200_000);
        GuardStats stats = new GuardStats("public.t", "id", state, lookups, avoided, lookups - avoided,
                lookups - avoided, 0, Map.of(BypassReason.NOT_ELIGIBLE, 1L), keysAdded, 0, 0, facts);
        return new PostgresStats.InstanceRow(UUID.randomUUID(), "1@host", started, updated, live ? null : updated,
                live, 7, stats, ioAtStart);
    }
}
