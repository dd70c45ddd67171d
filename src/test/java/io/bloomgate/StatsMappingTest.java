package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.filter.FilterFacts;
import io.bloomgate.filter.FilterLayout;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The application's enums and the internal ones ({@code io.bloomgate.stats}) are mapped by constant
 * name: they must list the same constants in the same order, or a conversion would fail (or a
 * report's ordering differ) the first time the missing constant is met.
 */
class StatsMappingTest {

    private static String[] names(Enum<?>[] constants) {
        return Arrays.stream(constants).map(Enum::name).toArray(String[]::new);
    }

    @Test
    void guardStatesAreTheSameConstantsInTheSameOrder() {
        assertThat(names(GuardState.values())).containsExactly(names(io.bloomgate.stats.GuardState.values()));
        for (io.bloomgate.stats.GuardState s : io.bloomgate.stats.GuardState.values()) {
            assertThat(StatsMapping.toPublic(s).ordinal()).isEqualTo(s.ordinal());
            assertThat(StatsMapping.toInternal(StatsMapping.toPublic(s))).isSameAs(s);
        }
    }

    @Test
    void bypassReasonsAreTheSameConstantsInTheSameOrder() {
        assertThat(names(BypassReason.values())).containsExactly(names(io.bloomgate.stats.BypassReason.values()));
        for (io.bloomgate.stats.BypassReason r : io.bloomgate.stats.BypassReason.values()) {
            assertThat(StatsMapping.toPublic(r).ordinal()).isEqualTo(r.ordinal());
            assertThat(StatsMapping.toInternal(StatsMapping.toPublic(r))).isSameAs(r);
        }
    }

    @Test
    void snapshotsConvertBothWaysWithoutLosingAFigure() {
        FilterFacts facts = new FilterFacts(FilterLayout.BLOCKED, 9_600_000, 7, 1, 1_000_000, 0.01, 1_000_000,
                1_000_000, 0.48, 0.0085, 1_200_000);
        io.bloomgate.stats.GuardStats internal = new io.bloomgate.stats.GuardStats("PUBLIC.USERS", "EMAIL",
                io.bloomgate.stats.GuardState.UNSYNCED, 10, 6, 4, 3, 1,
                Map.of(io.bloomgate.stats.BypassReason.ISOLATION, 2L, io.bloomgate.stats.BypassReason.TRANSACTION, 5L),
                100, 7, 2, facts);
        GuardStats external = StatsMapping.toPublic(internal);
        assertThat(external).isEqualTo(new GuardStats("PUBLIC.USERS", "EMAIL", GuardState.UNSYNCED, 10, 6, 4, 3, 1,
                Map.of(BypassReason.ISOLATION, 2L, BypassReason.TRANSACTION, 5L), 100, 7, 2, facts));
        assertThat(StatsMapping.toInternal(external)).isEqualTo(internal);
        assertThat(external.bypassed()).isEqualTo(internal.bypassed()).isEqualTo(7);
        assertThat(external.observedFalsePositiveRate()).isEqualTo(internal.observedFalsePositiveRate());
    }
}
