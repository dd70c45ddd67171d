package io.bloomgate.sync;

import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.KeyForm;
import io.bloomgate.sql.GuardedTable;
import java.sql.JDBCType;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One guarded key column: its filter, how its values become keys, its state and its counters.
 * Internal to bloomgate (public only so the jdbc, sync and h2 packages can share it).
 *
 * <p>The filter is answered from only while the guard is {@link GuardState#READY} and no write
 * with unknown keys is in flight ({@link #unsettled}). Writers add keys <em>before</em> the row
 * they belong to can become visible, so the filter is always a superset of what a reader can see.
 *
 * <p>A facade over four concerns, each its own package-private class: the state machine and
 * lifecycle ({@link GuardLifecycle}), the current and next filter of an online rebuild ({@link
 * FilterPair}: why no concurrent add is lost during the swap), when to rebuild and at what size
 * ({@link RebuildPolicy}), and the table's column types ({@link GuardColumns}). Transitions that
 * touch several (a rebuild finishing) run under this guard's lock, which callers in other packages
 * also take to pair a transition with their own state.
 */
public final class Guard {

    private static final Logger LOG = LoggerFactory.getLogger(Guard.class);

    private final GuardedTable table;
    private final KeyForm keyForm;
    private final GuardColumns columns;
    private final GuardCounters counters = new GuardCounters();
    private volatile boolean feedCountsKeys;
    private volatile boolean keysRewritable;
    private final GuardLifecycle lifecycle = new GuardLifecycle();
    private final FilterPair filters;
    private final RebuildPolicy policy;

    /**
     * @param table       the table and key column as the catalog names them
     * @param keyForm     how the key column's values become canonical bytes
     * @param keyType     the key column's JDBC type
     * @param columnTypes every column's declared type, by catalog name
     * @param spec        the filter's sizing: expected keys, false-positive rate, layout
     */
    public Guard(GuardedTable table, KeyForm keyForm, JDBCType keyType, Map<String, ColumnType> columnTypes,
            FilterSpec spec) {
        this.table = table;
        this.keyForm = keyForm;
        this.columns = new GuardColumns(table.keyColumn(), keyType, columnTypes);
        this.policy = new RebuildPolicy(spec);
        this.filters = new FilterPair(table, spec);
    }

    public GuardedTable table() {
        return table;
    }

    public KeyForm keyForm() {
        return keyForm;
    }

    // ------------------------------------------------------------------ column types

    public JDBCType keyType() {
        return columns.keyType();
    }

    /** Whether the key column holds character strings (its values may be bound with {@code setString}). */
    public boolean keyIsText() {
        return columns.keyIsText();
    }

    /**
     * Whether the key column is an integer type (its canonical bytes are the value's 8 little-endian
     * bytes): {@link KeyFunnel#isInteger}.
     */
    public boolean keyIsInteger() {
        return columns.keyIsInteger();
    }

    /** Character string types. */
    public static boolean isText(JDBCType type) {
        return GuardColumns.isText(type);
    }

    /** The declared type of a column of the guarded table, or null if there is no such column. */
    public ColumnType columnType(String column) {
        return columns.columnType(column);
    }

    /** The declared type of the key column. */
    public ColumnType keyColumnType() {
        return columns.keyColumnType();
    }

    public GuardCounters counters() {
        return counters;
    }

    // ------------------------------------------------------------------ lifecycle

    public GuardState state() {
        return lifecycle.state();
    }

    /** The first build filled the filter: lookups may be answered from now on. */
    public synchronized void ready(long rowsScanned) {
        if (lifecycle.building()) {
            policy.built(rowsScanned);
            lifecycle.built();
        }
    }

    /**
     * The hook that keeps this guard in sync is gone or no longer matches the table: lookups pass
     * through until a rebuild. Idempotent.
     */
    public synchronized void unsync(String reason) {
        GuardState before = lifecycle.state();
        if (before != GuardState.CLOSED && before != GuardState.UNSYNCED) {
            LOG.warn("{} is UNSYNCED, its lookups pass through: {}", this, reason);
        }
        lifecycle.unsync(reason);
    }

    /**
     * The hook is back and the filter caught up with it (a change feed reconnected): READY again,
     * unless the guard was unsynced once more since {@code expectedUnsyncs} was read (then that later
     * reason stands) or it is not UNSYNCED.
     *
     * @return whether the guard is READY now
     */
    public synchronized boolean resume(int expectedUnsyncs) {
        if (lifecycle.resume(expectedUnsyncs)) {
            LOG.info("{} is READY again", this);
        }
        return lifecycle.state() == GuardState.READY;
    }

    /**
     * Replaces the still-empty filter of a guard being built with one loaded from a snapshot, which
     * covers {@code liveKeys} keys of which {@code staleKeys} were deleted since its last build.
     */
    public synchronized void restore(BloomFilter loaded, FilterSpec loadedSpec, long liveKeys, long staleKeys) {
        if (!lifecycle.building() || filters.rebuilding()) {
            throw new IllegalStateException("only a guard being built can be restored: " + this);
        }
        filters.restore(loaded, loadedSpec);
        policy.restored(liveKeys, staleKeys, counters.keysAdded());
    }

    /** How often the guard was unsynced: read before re-installing a hook, passed to {@link #finishRebuild}. */
    public int unsyncCount() {
        return lifecycle.unsyncCount();
    }

    public Object syncCheck() {
        return lifecycle.syncCheck();
    }

    public void syncCheck(Object check) {
        lifecycle.syncCheck(check);
    }

    /** Why the guard is {@link GuardState#UNSYNCED}, or null. */
    public String unsyncedReason() {
        return lifecycle.unsyncedReason();
    }

    /** The gate closed: lookups pass through from now on. */
    public synchronized void close() {
        lifecycle.close();
        filters.abandon();
    }

    /** Whether a database trigger adds every written key (so writes through the gate need no bookkeeping). */
    public boolean syncedByTrigger() {
        return lifecycle.syncedByTrigger();
    }

    public void syncedByTrigger(boolean synced) {
        lifecycle.syncedByTrigger(synced);
    }

    /**
     * Whether the database may store another key than a write through the gate bound (PostgreSQL:
     * a BEFORE or INSTEAD OF row trigger on INSERT or UPDATE, which may set {@code NEW.key}): then
     * every key write counts as one with unknown keys, and the guard stays unsettled until the
     * change feed has read what the write stored.
     */
    public boolean keysRewritable() {
        return keysRewritable;
    }

    public void keysRewritable(boolean rewritable) {
        keysRewritable = rewritable;
    }

    /**
     * Whether the filter may answer now; else the lookup passes through (and says why): the guard
     * is READY and, if its freshness is bounded, still fresh.
     */
    public boolean ready() {
        return lifecycle.answerable();
    }

    /**
     * The filter holds every key committed before a moment known to precede {@code deadlineNanos}
     * by the staleness bound (a change feed's read that started then): from now on lookups are
     * answered only until {@code deadlineNanos} ({@link System#nanoTime()} time), whatever the
     * state says. A guard never given one is fresh for ever (its hook adds keys before commit).
     */
    public void freshUntil(long deadlineNanos) {
        lifecycle.freshUntil(deadlineNanos);
    }

    /** Whether the staleness bound, if any, still holds now. */
    public boolean fresh() {
        return lifecycle.fresh();
    }

    // ------------------------------------------------------------------ unsettled writes

    /** Whether a write with keys the gate does not know is in flight. */
    public boolean unsettled() {
        return lifecycle.unsettled();
    }

    /** Marks a write with unknown keys as started: lookups pass through until {@link #settle()}. */
    public void unsettle() {
        lifecycle.unsettle();
    }

    /** The unknown keys of one write are in the filter now (or the write rolled back). */
    public void settle() {
        lifecycle.settle();
    }

    // ------------------------------------------------------------------ the filter and its rebuild

    public BloomFilter filter() {
        return filters.current();
    }

    /** The sizing of the current filter. */
    public FilterSpec spec() {
        return filters.spec();
    }

    /** The sizing the guard was configured with (rebuilds may size larger). */
    public FilterSpec requestedSpec() {
        return policy.requested();
    }

    /**
     * Starts a rebuild into a new, empty filter of {@code newSpec}: from now on every add also goes
     * to it. The caller then fills it by a scan and calls {@link #finishRebuild} (or {@link
     * #abandonRebuild}).
     *
     * @return the new filter, for the scan to fill
     */
    public synchronized BloomFilter beginRebuild(FilterSpec newSpec) {
        if (filters.rebuilding()) {
            throw new IllegalStateException("a rebuild of " + this + " is already running");
        }
        BloomFilter fresh = FilterPair.newFilter(table, newSpec, "A rebuild sizes the filter for twice the keys"
                + " the table holds (at least the expected keys the guard was configured with); the current filter"
                + " keeps answering. Guard the column at a higher rate for a smaller filter");
        policy.fillStarting(counters.keysAdded());
        filters.begin(fresh);
        return fresh;
    }

    /**
     * Makes the rebuilt filter current. The caller has made sure that it holds every key a reader
     * could still see (see {@link FilterPair} for why no concurrent add is lost). The guard becomes
     * READY only if it was not unsynced since {@code unsyncCountBefore} was read (before the
     * rebuild re-installed its hook).
     */
    public synchronized void finishRebuild(FilterSpec newSpec, long rowsScanned, int unsyncCountBefore) {
        if (lifecycle.closed() || !filters.swap(newSpec)) {
            return;
        }
        policy.rebuilt(rowsScanned);
        lifecycle.rebuilt(unsyncCountBefore);
    }

    /** Drops a rebuild that failed; the current filter stays (it is still a superset). */
    public synchronized void abandonRebuild() {
        filters.abandon();
    }

    /** Whether a rebuild is filling a new filter. */
    public boolean rebuilding() {
        return filters.rebuilding();
    }

    // ------------------------------------------------------------------ rebuild policy

    /** The sizing for a rebuild: at least the requested size, and room for twice the live keys. */
    public FilterSpec rebuildSpec() {
        return policy.rebuildSpec(counters.keysAdded());
    }

    /**
     * Whether the filter should be rebuilt: keys deleted or moved since the last build pass a
     * quarter of the live keys (their bits only cost false positives now), or the table holds more
     * keys than the filter was sized for (its false-positive rate is above target).
     */
    public boolean needsRebuild() {
        return policy.needsRebuild(filters.spec(), counters.keysAdded());
    }

    /** Estimated keys in the table: the last scan, plus inserts, minus deletes since. */
    public long liveKeys() {
        return policy.liveKeys(counters.keysAdded());
    }

    /** A row holding a key was deleted, or its key changed: its bits stay, as stale ones. */
    public void countStale() {
        policy.countStale();
    }

    /** {@code keys} rows holding keys were deleted, or their keys changed. */
    public void countStale(long keys) {
        policy.countStale(keys);
    }

    /** Keys deleted or moved since the last build. */
    public long staleKeys() {
        return policy.staleKeys();
    }

    // ------------------------------------------------------------------ adds and probes (see KeyFunnel)

    /** Adds the key in {@code key} (canonical bytes). */
    public void add(KeyBuffer key) {
        add(key.array(), 0, key.length());
    }

    /** Adds a key given as canonical bytes. */
    public void add(byte[] key, int offset, int length) {
        filters.add(key, offset, length);
        counted();
    }

    /** Adds an integer key (whose canonical bytes are its 8 little-endian bytes). */
    public void addLong(long key) {
        filters.addLong(key);
        counted();
    }

    /** Adds a key by its hash, as computed by {@link #hash}. */
    public void addHash(long hash) {
        filters.addHash(hash);
        counted();
    }

    private void counted() {
        counters.countKeysAdded(1);
    }

    /**
     * Adds a key a write through the gate carries (canonical bytes), before the write commits.
     * Counted in {@code keysAdded} only if no change feed reads it back: on PostgreSQL and
     * MySQL/MariaDB the feed adds and counts every committed key again, and counting both made the
     * table look twice its size to the rebuild policy (an online rebuild after half the expected
     * inserts, its swap passing a batch of lookups through).
     */
    public void addWritten(byte[] key, int offset, int length) {
        filters.add(key, offset, length);
        if (!feedCountsKeys) {
            counted();
        }
    }

    /** As {@link #addWritten(byte[], int, int)}, by the key's hash ({@link #hash}). */
    public void addWrittenHash(long hash) {
        filters.addHash(hash);
        if (!feedCountsKeys) {
            counted();
        }
    }

    /** A change feed reads and counts every committed key of this guard's table (see {@link #addWritten}). */
    public void feedCountsKeys(boolean counts) {
        feedCountsKeys = counts;
    }

    /** The hash of the canonical key in {@code key} (the same for every filter of this guard). */
    public long hash(KeyBuffer key) {
        return filters.current().hash(key.array(), 0, key.length());
    }

    public boolean mightContainHash(long hash) {
        return filters.current().mightContainHash(hash);
    }

    /** A snapshot of the counters and the filter's facts. */
    public GuardStats stats() {
        return new GuardStats(table.schema() + "." + table.table(), table.keyColumn(), lifecycle.state(),
                counters.avoided() + counters.passedThrough(), counters.avoided(), counters.passedThrough(),
                counters.truePositives(), counters.falsePositives(), counters.bypassedByReason(),
                counters.keysAdded(), staleKeys(), policy.rebuilds(), filters.current().facts());
    }

    @Override
    public String toString() {
        return "guard on " + table.schema() + "." + table.table() + "." + table.keyColumn() + " (" + lifecycle.state()
                + ")";
    }
}
