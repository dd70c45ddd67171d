package io.bloomgate.report;

import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.filter.FilterFacts;
import io.bloomgate.filter.FilterLayout;
import java.util.List;
import java.util.Map;

/** Synthetic guard snapshots for report tests: no database needed. */
final class Samples {

    private Samples() {
    }

    /** A READY guard on {@code table.column} after {@code lookups} lookups, 90% of them avoided, 1% false positives. */
    static GuardStats guard(String table, String column, long lookups) {
        long avoided = lookups * 9 / 10;
        long passed = lookups - avoided;
        long falsePositives = avoided / 100;
        FilterFacts facts = new FilterFacts(FilterLayout.BLOCKED, 9_600_000, 7, 1, 1_000_000, 0.01, 1_000_000,
                1_000_000, 0.48, 0.0085, 1_200_000);
        return new GuardStats(table, column, GuardState.READY, lookups, avoided, passed, passed - falsePositives,
                falsePositives, Map.of(BypassReason.FIRST_EXECUTION, 1L), 1_000_000, 0, 0, facts);
    }

    static List<GuardStats> gate(long lookups) {
        return List.of(guard("PUBLIC.VISITED", "URL", lookups), guard("PUBLIC.USERS", "EMAIL", lookups / 2));
    }
}
