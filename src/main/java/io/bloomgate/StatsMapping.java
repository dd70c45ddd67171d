package io.bloomgate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between the internal statistics ({@code io.bloomgate.stats}) and the application's
 * types of the same names in this package. Enums map by constant name: the two lists of constants
 * are identical and in the same order (StatsMappingTest), so a conversion can never fail or pick
 * the wrong constant.
 */
final class StatsMapping {

    private StatsMapping() {
    }

    static GuardState toPublic(io.bloomgate.stats.GuardState state) {
        return GuardState.valueOf(state.name());
    }

    static io.bloomgate.stats.GuardState toInternal(GuardState state) {
        return io.bloomgate.stats.GuardState.valueOf(state.name());
    }

    static BypassReason toPublic(io.bloomgate.stats.BypassReason reason) {
        return BypassReason.valueOf(reason.name());
    }

    static io.bloomgate.stats.BypassReason toInternal(BypassReason reason) {
        return io.bloomgate.stats.BypassReason.valueOf(reason.name());
    }

    static GuardStats toPublic(io.bloomgate.stats.GuardStats s) {
        Map<BypassReason, Long> bypassed = new EnumMap<>(BypassReason.class);
        s.bypassedByReason().forEach((reason, count) -> bypassed.put(toPublic(reason), count));
        return new GuardStats(s.table(), s.column(), toPublic(s.state()), s.lookups(), s.avoided(),
                s.passedThrough(), s.truePositives(), s.falsePositives(), bypassed, s.keysAdded(), s.staleKeys(),
                s.rebuilds(), s.filter());
    }

    static io.bloomgate.stats.GuardStats toInternal(GuardStats s) {
        Map<io.bloomgate.stats.BypassReason, Long> bypassed = new EnumMap<>(io.bloomgate.stats.BypassReason.class);
        s.bypassedByReason().forEach((reason, count) -> bypassed.put(toInternal(reason), count));
        return new io.bloomgate.stats.GuardStats(s.table(), s.column(), toInternal(s.state()), s.lookups(),
                s.avoided(), s.passedThrough(), s.truePositives(), s.falsePositives(), bypassed, s.keysAdded(),
                s.staleKeys(), s.rebuilds(), s.filter());
    }

    static List<GuardStats> toPublic(List<io.bloomgate.stats.GuardStats> all) {
        List<GuardStats> out = new ArrayList<>(all.size());
        for (io.bloomgate.stats.GuardStats s : all) {
            out.add(toPublic(s));
        }
        return Collections.unmodifiableList(out);
    }

    static List<io.bloomgate.stats.GuardStats> toInternal(List<GuardStats> all) {
        List<io.bloomgate.stats.GuardStats> out = new ArrayList<>(all.size());
        for (GuardStats s : all) {
            out.add(toInternal(s));
        }
        return Collections.unmodifiableList(out);
    }
}
