package io.bloomgate.sync;

import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.BloomFilters;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.KeyForm;
import io.bloomgate.stats.GuardCounters;
import io.bloomgate.sql.GuardedTable;
import java.sql.JDBCType;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
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
 * <p><b>Online rebuild.</b> A rebuild fills a new filter while the current one keeps answering.
 * From {@link #beginRebuild} on, every add goes to both; {@link #finishRebuild} makes the new one
 * current. Adders read {@code next} <em>before</em> {@code filter}, and the swap writes {@code
 * filter} before clearing {@code next} (both volatile): an adder that sees {@code next} cleared is
 * therefore guaranteed to see the new {@code filter}, so no add can land only in the retired one.
 */
public final class Guard {

    private static final Logger LOG = LoggerFactory.getLogger(Guard.class);

    /** Deletes below this count never trigger a rebuild on their own (small tables churn cheaply). */
    static final long MIN_STALE_FOR_REBUILD = 1_000;

    private final GuardedTable table;
    private final KeyForm keyForm;
    private final JDBCType keyType;
    private final Map<String, ColumnType> columnTypes;
    private final FilterSpec requested;
    private final GuardCounters counters = new GuardCounters();
    private final AtomicInteger unsettled = new AtomicInteger();
    private final LongAdder staleSinceBuild = new LongAdder();
    private final AtomicInteger rebuilds = new AtomicInteger();
    private volatile FilterSpec spec;
    private volatile BloomFilter filter;
    private volatile BloomFilter next;
    private volatile long keysAtBuild;
    /** {@code counters.keysAdded()} when the last build finished: keys added since = the difference. */
    private volatile long keysAddedAtBuild;
    private volatile GuardState state = GuardState.BUILDING;
    private volatile boolean syncedByTrigger;
    private volatile String unsyncedReason;
    /** Bumped by every {@link #unsync}: a rebuild that saw it move must not declare the guard READY. */
    private volatile int unsyncs;
    /** Opaque state of the {@link SyncWatch} that verifies this guard's hook. */
    private volatile Object syncCheck;
    /**
     * Guards that learn other writers' keys late (a PostgreSQL change feed) answer only while
     * {@link System#nanoTime()} is before this; {@link #freshUntil} sets it (and the flag) after
     * each read. Checked per lookup: one volatile read and a clock read, no lock.
     */
    private volatile long freshUntil;
    private volatile boolean freshnessBounded;

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
        this.keyType = keyType;
        this.columnTypes = Map.copyOf(columnTypes);
        this.requested = spec;
        this.spec = spec;
        this.filter = newFilter(table, spec, "Guard it with fewer expected keys or a higher rate"
                + " (BloomGate.Builder.guard(table, column, expectedKeys, fpp); in H2 SQL, BLOOM_GUARD(table, column,"
                + " expected_keys, fpp))");
    }

    /**
     * The filter for {@code spec}; when it cannot be made (too large for a Java array, a rate no
     * filter reaches, not enough heap) the error names the guard and its sizing: the filter
     * package's own message knows neither.
     */
    private static BloomFilter newFilter(GuardedTable table, FilterSpec spec, String whatToDo) {
        try {
            return BloomFilters.create(spec);
        } catch (IllegalArgumentException | IllegalStateException e) {
            String message = String.format(Locale.ROOT, "Cannot build the filter of the guard on %s (%,d expected"
                    + " keys, false-positive rate %s): %s. %s", table, spec.expectedKeys(), spec.targetFpp(),
                    e.getMessage(), whatToDo);
            throw e instanceof IllegalStateException ? new IllegalStateException(message, e)
                    : new IllegalArgumentException(message, e);
        }
    }

    public GuardedTable table() {
        return table;
    }

    public KeyForm keyForm() {
        return keyForm;
    }

    public JDBCType keyType() {
        return keyType;
    }

    /** Whether the key column holds character strings (its values may be bound with {@code setString}). */
    public boolean keyIsText() {
        return isText(keyType);
    }

    /** Whether the key column is an integer type (its canonical bytes are the value's 8 little-endian bytes). */
    public boolean keyIsInteger() {
        return keyType == JDBCType.TINYINT || keyType == JDBCType.SMALLINT || keyType == JDBCType.INTEGER
                || keyType == JDBCType.BIGINT;
    }

    /** Character string types. */
    public static boolean isText(JDBCType type) {
        return type == JDBCType.CHAR || type == JDBCType.VARCHAR || type == JDBCType.LONGVARCHAR
                || type == JDBCType.NCHAR || type == JDBCType.NVARCHAR || type == JDBCType.LONGNVARCHAR;
    }

    /** The declared type of a column of the guarded table, or null if there is no such column. */
    public ColumnType columnType(String column) {
        return columnTypes.get(column);
    }

    /** The declared type of the key column. */
    public ColumnType keyColumnType() {
        ColumnType type = columnTypes.get(table.keyColumn());
        return type != null ? type : ColumnType.of(keyType);
    }

    public GuardCounters counters() {
        return counters;
    }

    public GuardState state() {
        return state;
    }

    /** The sizing the guard was configured with (rebuilds may size larger). */
    public FilterSpec requestedSpec() {
        return requested;
    }

    // ------------------------------------------------------------------ lifecycle

    /** The first build filled the filter: lookups may be answered from now on. */
    public synchronized void ready(long rowsScanned) {
        if (state == GuardState.BUILDING) {
            keysAtBuild = rowsScanned;
            keysAddedAtBuild = counters.keysAdded();
            state = GuardState.READY;
        }
    }

    /**
     * The hook that keeps this guard in sync is gone or no longer matches the table: lookups pass
     * through until a rebuild. Idempotent.
     */
    public synchronized void unsync(String reason) {
        if (state != GuardState.CLOSED) {
            unsyncs++;
            syncCheck = null;
            if (state != GuardState.UNSYNCED) {
                LOG.warn("{} is UNSYNCED, its lookups pass through: {}",
                        this, reason);
            }
            unsyncedReason = reason;
            state = GuardState.UNSYNCED;
        }
    }

    /**
     * The hook is back and the filter caught up with it (a change feed reconnected): READY again,
     * unless the guard was unsynced once more since {@code expectedUnsyncs} was read (then that later
     * reason stands) or it is not UNSYNCED.
     *
     * @return whether the guard is READY now
     */
    public synchronized boolean resume(int expectedUnsyncs) {
        if (state == GuardState.UNSYNCED && unsyncs == expectedUnsyncs) {
            unsyncedReason = null;
            state = GuardState.READY;
            LOG.info("{} is READY again", this);
        }
        return state == GuardState.READY;
    }

    /**
     * Replaces the still-empty filter of a guard being built with one loaded from a snapshot, which
     * covers {@code liveKeys} keys of which {@code staleKeys} were deleted since its last build.
     */
    public synchronized void restore(BloomFilter loaded, FilterSpec loadedSpec, long liveKeys, long staleKeys) {
        if (state != GuardState.BUILDING || next != null) {
            throw new IllegalStateException("only a guard being built can be restored: " + this);
        }
        filter = loaded;
        spec = loadedSpec;
        keysAtBuild = liveKeys + staleKeys;
        keysAddedAtBuild = counters.keysAdded();
        staleSinceBuild.reset();
        staleSinceBuild.add(staleKeys);
    }

    /** The sizing of the current filter. */
    public FilterSpec spec() {
        return spec;
    }

    /** How often the guard was unsynced: read before re-installing a hook, passed to {@link #finishRebuild}. */
    public int unsyncCount() {
        return unsyncs;
    }

    public Object syncCheck() {
        return syncCheck;
    }

    public void syncCheck(Object check) {
        syncCheck = check;
    }

    /** Why the guard is {@link GuardState#UNSYNCED}, or null. */
    public String unsyncedReason() {
        return state == GuardState.UNSYNCED ? unsyncedReason : null;
    }

    /** The gate closed: lookups pass through from now on. */
    public synchronized void close() {
        state = GuardState.CLOSED;
        next = null;
    }

    /** Whether a database trigger adds every written key (so writes through the gate need no bookkeeping). */
    public boolean syncedByTrigger() {
        return syncedByTrigger;
    }

    public void syncedByTrigger(boolean synced) {
        syncedByTrigger = synced;
    }

    public BloomFilter filter() {
        return filter;
    }

    /**
     * Whether the filter may answer now; else the lookup passes through (and says why): the guard
     * is READY and, if its freshness is bounded, still fresh.
     */
    public boolean ready() {
        return state == GuardState.READY && fresh();
    }

    /**
     * The filter holds every key committed before a moment known to precede {@code deadlineNanos}
     * by the staleness bound (a change feed's read that started then): from now on lookups are
     * answered only until {@code deadlineNanos} ({@link System#nanoTime()} time), whatever the
     * state says. A guard never given one is fresh for ever (its hook adds keys before commit).
     */
    public void freshUntil(long deadlineNanos) {
        freshUntil = deadlineNanos; // before the flag: a reader that sees the flag sees a deadline
        freshnessBounded = true;
    }

    /** Whether the staleness bound, if any, still holds now. */
    public boolean fresh() {
        return !freshnessBounded || System.nanoTime() - freshUntil < 0;
    }

    // ------------------------------------------------------------------ rebuild

    /**
     * Starts a rebuild into a new, empty filter of {@code newSpec}: from now on every add also goes
     * to it. The caller then fills it by a scan and calls {@link #finishRebuild} (or {@link
     * #abandonRebuild}).
     *
     * @return the new filter, for the scan to fill
     */
    public synchronized BloomFilter beginRebuild(FilterSpec newSpec) {
        if (next != null) {
            throw new IllegalStateException("a rebuild of " + this + " is already running");
        }
        BloomFilter fresh = newFilter(table, newSpec, "A rebuild sizes the filter for twice the keys the table"
                + " holds (at least the expected keys the guard was configured with); the current filter keeps"
                + " answering. Guard the column at a higher rate for a smaller filter");
        next = fresh;
        return fresh;
    }

    /**
     * Makes the rebuilt filter current. The caller has made sure that it holds every key a reader
     * could still see (see the class comment for why no concurrent add is lost). The guard becomes
     * READY only if it was not unsynced since {@code unsyncCountBefore} was read (before the
     * rebuild re-installed its hook).
     */
    public synchronized void finishRebuild(FilterSpec newSpec, long rowsScanned, int unsyncCountBefore) {
        BloomFilter fresh = next;
        if (fresh == null || state == GuardState.CLOSED) {
            return;
        }
        filter = fresh; // before clearing next: see the class comment
        next = null;
        spec = newSpec;
        keysAtBuild = rowsScanned;
        keysAddedAtBuild = counters.keysAdded();
        staleSinceBuild.reset();
        rebuilds.incrementAndGet();
        if (unsyncs == unsyncCountBefore) {
            unsyncedReason = null;
            state = GuardState.READY;
        } // else the hook went away while the rebuild ran: stay UNSYNCED, the new filter may miss writes
    }

    /** Drops a rebuild that failed; the current filter stays (it is still a superset). */
    public synchronized void abandonRebuild() {
        next = null;
    }

    /** Whether a rebuild is filling a new filter. */
    public boolean rebuilding() {
        return next != null;
    }

    /** The sizing for a rebuild: at least the requested size, and room for twice the live keys. */
    public FilterSpec rebuildSpec() {
        long keys = Math.max(requested.expectedKeys(), 2 * liveKeys());
        return new FilterSpec(requested.layout(), keys, requested.targetFpp(), requested.seed());
    }

    /**
     * Whether the filter should be rebuilt: keys deleted or moved since the last build pass a
     * quarter of the live keys (their bits only cost false positives now), or the table holds more
     * keys than the filter was sized for (its false-positive rate is above target).
     */
    public boolean needsRebuild() {
        long stale = staleSinceBuild.sum();
        long live = liveKeys();
        return stale > Math.max(MIN_STALE_FOR_REBUILD, live / 4) || live > spec.expectedKeys();
    }

    /** Estimated keys in the table: the last scan, plus inserts, minus deletes since. */
    public long liveKeys() {
        long insertedSince = counters.keysAdded() - keysAddedAtBuild;
        return Math.max(0, keysAtBuild + insertedSince - staleSinceBuild.sum());
    }

    /** A row holding a key was deleted, or its key changed: its bits stay, as stale ones. */
    public void countStale() {
        staleSinceBuild.increment();
    }

    /** {@code keys} rows holding keys were deleted, or their keys changed. */
    public void countStale(long keys) {
        staleSinceBuild.add(keys);
    }

    /** Keys deleted or moved since the last build. */
    public long staleKeys() {
        return staleSinceBuild.sum();
    }

    // ------------------------------------------------------------------ unsettled writes

    /** Whether a write with keys the gate does not know is in flight. */
    public boolean unsettled() {
        return unsettled.get() != 0;
    }

    /** Marks a write with unknown keys as started: lookups pass through until {@link #settle()}. */
    public void unsettle() {
        unsettled.incrementAndGet();
    }

    /** The unknown keys of one write are in the filter now (or the write rolled back). */
    public void settle() {
        unsettled.decrementAndGet();
    }

    // ------------------------------------------------------------------ adds and probes

    /** Adds the key in {@code key} (canonical bytes). */
    public void add(KeyBuffer key) {
        add(key.array(), 0, key.length());
    }

    /** Adds a key given as canonical bytes. */
    public void add(byte[] key, int offset, int length) {
        BloomFilter rebuilt = next; // read before filter: see the class comment
        filter.add(key, offset, length);
        if (rebuilt != null) {
            rebuilt.add(key, offset, length);
        }
        counted();
    }

    /** Adds an integer key (whose canonical bytes are its 8 little-endian bytes). */
    public void addLong(long key) {
        BloomFilter rebuilt = next;
        filter.addLong(key);
        if (rebuilt != null) {
            rebuilt.addLong(key);
        }
        counted();
    }

    /** Adds a key by its hash, as computed by {@link #hash}. */
    public void addHash(long hash) {
        BloomFilter rebuilt = next;
        filter.addHash(hash);
        if (rebuilt != null) {
            rebuilt.addHash(hash);
        }
        counted();
    }

    private void counted() {
        counters.countKeysAdded(1);
    }

    /** The hash of the canonical key in {@code key} (the same for every filter of this guard). */
    public long hash(KeyBuffer key) {
        return filter.hash(key.array(), 0, key.length());
    }

    public boolean mightContainHash(long hash) {
        return filter.mightContainHash(hash);
    }

    /** A snapshot of the counters and the filter's facts. */
    public GuardStats stats() {
        return new GuardStats(table.schema() + "." + table.table(), table.keyColumn(), state,
                counters.avoided() + counters.passedThrough(), counters.avoided(), counters.passedThrough(),
                counters.truePositives(), counters.falsePositives(), counters.bypassedByReason(),
                counters.keysAdded(), staleKeys(), rebuilds.get(), filter.facts());
    }

    @Override
    public String toString() {
        return "guard on " + table.schema() + "." + table.table() + "." + table.keyColumn() + " (" + state + ")";
    }
}
