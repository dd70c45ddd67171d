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
    /**
     * The guard's keys-added counter as it would stand after the last build had its scan counted and
     * nothing else: keys added since = the difference.
     */
    private volatile long keysAddedAtBuild;
    /** The keys-added counter when the current build or rebuild began filling (0 for the first build). */
    private volatile long keysAddedAtFillStart;
    /** Stale keys counted when the current rebuild began filling. */
    private volatile long staleAtFillStart;
    /** The first build was loaded from a snapshot ({@link #restored}), not scanned. */
    private volatile boolean restoredAtStart;

    RebuildPolicy(FilterSpec requested) {
        this.requested = requested;
    }

    FilterSpec requested() {
        return requested;
    }

    /** A rebuild begins filling a new filter; the guard has added {@code keysAdded} keys so far. */
    void fillStarting(long keysAdded) {
        keysAddedAtFillStart = keysAdded;
        staleAtFillStart = staleSinceBuild.sum();
    }

    /** The first build scanned {@code rowsScanned} rows (nothing to do if it was restored instead). */
    void built(long rowsScanned) {
        if (!restoredAtStart) {
            countFrom(rowsScanned);
        }
    }

    /**
     * Why from the fill's start, not its end: keys written while the scan ran are counted by the
     * guard's counter but, committed after the scan's snapshot, not by {@code rowsScanned}. Baselining
     * the counter at the end dropped them, so a table that grew during a rebuild could stay past its
     * filter's size with no rebuild asked (the estimate said it fitted). From the start, a key both
     * scanned and written during the scan counts twice: the estimate errs high, which costs at most
     * an early rebuild. The scan's own adds (about {@code rowsScanned}) are in the counter too and
     * are taken out.
     */
    private void countFrom(long rowsScanned) {
        keysAtBuild = rowsScanned;
        keysAddedAtBuild = keysAddedAtFillStart + rowsScanned;
    }

    /** A snapshot covering {@code liveKeys} keys, {@code staleKeys} of them deleted since its build, was loaded. */
    void restored(long liveKeys, long staleKeys, long keysAdded) {
        keysAtBuild = liveKeys + staleKeys;
        keysAddedAtBuild = keysAdded;
        restoredAtStart = true;
        staleSinceBuild.reset();
        staleSinceBuild.add(staleKeys);
    }

    /**
     * A rebuild that scanned {@code rowsScanned} rows became current. Only the stale keys counted
     * before its fill began are cleared: a key deleted during the fill may have been scanned (its
     * delete committed after the scan's snapshot), so it may be stale in the new filter too. Keeping
     * those counts errs towards an early rebuild, never towards a filter full of stale bits that no
     * rebuild clears.
     */
    void rebuilt(long rowsScanned) {
        countFrom(rowsScanned);
        staleSinceBuild.add(-staleAtFillStart);
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
