package io.bloomgate.postgres;

import java.time.Duration;

/**
 * How a PostgreSQL gate follows the change log. Internal to bloomgate (the builder fills it).
 *
 * @param staleAfter       lookups pass through once the last successful read of a guard's log was
 *                         sent (so its snapshot taken) longer ago than this
 * @param pollInterval     the change feed's idle poll interval: the log is read at least this often
 *                         (more often while reads find rows); it bounds the staleness of a write
 *                         that arrives while the log is quiet, and sets the polling's cost
 * @param snapshotEvery    how often filters are saved to {@code bloomgate.snapshots} (also on close);
 *                         zero: on close only
 * @param instanceTimeout  an instance without a heartbeat for this long no longer holds the log back
 * @param snapshotRetention log rows a snapshot younger than this needs are kept
 */
public record FeedSettings(Duration staleAfter, Duration pollInterval, Duration snapshotEvery,
        Duration instanceTimeout, Duration snapshotRetention) {

    public static final FeedSettings DEFAULTS = new FeedSettings(Duration.ofSeconds(5), Duration.ofMillis(5),
            Duration.ofMinutes(10), Duration.ofMinutes(10), Duration.ofDays(1));

    /** Heartbeats come often enough that a live instance is never taken for dead. */
    Duration heartbeatEvery() {
        return min(instanceTimeout.dividedBy(4), Duration.ofSeconds(5));
    }

    Duration pruneEvery() {
        return min(instanceTimeout.dividedBy(2), Duration.ofMinutes(1));
    }

    private static Duration min(Duration a, Duration b) {
        Duration m = a.compareTo(b) <= 0 ? a : b;
        return m.isZero() ? Duration.ofMillis(1) : m;
    }
}
