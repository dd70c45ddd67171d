package io.bloomgate.report;

import io.bloomgate.stats.GuardStatsSource;
import io.bloomgate.stats.GuardStats;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The latest {@code BloomGate.stats()} of one gate, taken again only once it is older than a
 * maximum age. A snapshot computes every filter's facts from its bits (time linear in the filter's
 * size), so the dozens of meters or MBean attributes read in one scrape share one snapshot.
 *
 * <p>Holds no reference to the gate: readers pass it in (and keep it weakly), so a gate the
 * application dropped can be collected.
 */
final class GateSnapshots {

    /** The default maximum age: one scrape of every meter takes one snapshot. */
    static final Duration DEFAULT_MAX_AGE = Duration.ofSeconds(1);

    private final long maxAgeNanos;
    private List<GuardStats> latest;
    private long takenAt;

    /** Starts from a first snapshot of {@code gate}. */
    GateSnapshots(GuardStatsSource gate, Duration maxAge) {
        Objects.requireNonNull(maxAge, "maxAge must not be null");
        if (maxAge.isNegative()) {
            throw new IllegalArgumentException("maxAge must not be negative, was " + maxAge);
        }
        this.maxAgeNanos = maxAge.toNanos();
        this.latest = gate.stats();
        this.takenAt = System.nanoTime();
    }

    /** The snapshot of {@code gate}'s guards, taken now unless the latest is young enough. */
    synchronized List<GuardStats> read(GuardStatsSource gate) {
        long now = System.nanoTime();
        if (now - takenAt >= maxAgeNanos) {
            latest = gate.stats();
            takenAt = now;
        }
        return latest;
    }

    /** The latest snapshot taken, however old (the first one until {@link #read} is called). */
    synchronized List<GuardStats> latest() {
        return latest;
    }
}
