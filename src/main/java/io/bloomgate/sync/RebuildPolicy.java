package io.bloomgate.sync;

import io.bloomgate.filter.FilterSpec;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * When a guard's filter should be rebuilt, and at what size: it keeps the keys of the last build,
 * the keys deleted or moved since (their bits stay, as stale ones, costing false positives), and
 * how often the filter was rebuilt. Keys added since the last build are the guard's counter minus
 * its value then, passed in by the {@link Guard}.
 */
final class RebuildPolicy {

    /** Deletes below this count never trigger a rebuild on their own (small tables churn cheaply). */
    static final long MIN_STALE_FOR_REBUILD = 1_000;

    private final FilterSpec requested;
    private final LongAdder staleSinceBuild = new LongAdder();
    private final AtomicInteger rebuilds = new AtomicInteger();
    private volatile long keysAtBuild;
    /** The guard's keys-added counter when the last build finished: keys added since = the difference. */
    private volatile long keysAddedAtBuild;

    RebuildPolicy(FilterSpec requested) {
        this.requested = requested;
    }

    FilterSpec requested() {
        return requested;
    }

    /** A build scanned {@code rowsScanned} rows when the guard had added {@code keysAdded} keys. */
    void built(long rowsScanned, long keysAdded) {
        keysAtBuild = rowsScanned;
        keysAddedAtBuild = keysAdded;
    }

    /** A snapshot covering {@code liveKeys} keys, {@code staleKeys} of them deleted since its build, was loaded. */
    void restored(long liveKeys, long staleKeys, long keysAdded) {
        keysAtBuild = liveKeys + staleKeys;
        keysAddedAtBuild = keysAdded;
        staleSinceBuild.reset();
        staleSinceBuild.add(staleKeys);
    }

    /** A rebuild's filter became current. */
    void rebuilt(long rowsScanned, long keysAdded) {
        keysAtBuild = rowsScanned;
        keysAddedAtBuild = keysAdded;
        staleSinceBuild.reset();
        rebuilds.incrementAndGet();
    }

    /** The sizing for a rebuild: at least the requested size, and room for twice the live keys. */
    FilterSpec rebuildSpec(long keysAdded) {
        long keys = Math.max(requested.expectedKeys(), 2 * liveKeys(keysAdded));
        return new FilterSpec(requested.layout(), keys, requested.targetFpp(), requested.seed());
    }

    /**
     * Keys deleted or moved since the last build pass a quarter of the live keys, or the table
     * holds more keys than {@code current} was sized for.
     */
    boolean needsRebuild(FilterSpec current, long keysAdded) {
        long stale = staleSinceBuild.sum();
        long live = liveKeys(keysAdded);
        return stale > Math.max(MIN_STALE_FOR_REBUILD, live / 4) || live > current.expectedKeys();
    }

    /** Estimated keys in the table: the last scan, plus inserts, minus deletes since. */
    long liveKeys(long keysAdded) {
        long insertedSince = keysAdded - keysAddedAtBuild;
        return Math.max(0, keysAtBuild + insertedSince - staleSinceBuild.sum());
    }

    void countStale(long keys) {
        staleSinceBuild.add(keys);
    }

    void countStale() {
        staleSinceBuild.increment();
    }

    long staleKeys() {
        return staleSinceBuild.sum();
    }

    int rebuilds() {
        return rebuilds.get();
    }
}
