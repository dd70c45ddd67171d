package io.bloomgate.sync;

import io.bloomgate.GuardState;
import io.bloomgate.GuardStats;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.KeyForm;
import io.bloomgate.report.GuardCounters;
import io.bloomgate.sql.GuardedTable;
import java.sql.JDBCType;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One guarded key column: its filter, how its values become keys, its state and its counters.
 * Internal to bloomgate (public only so the jdbc and sync packages can share it).
 *
 * <p>The filter is answered from only while the guard is {@link GuardState#READY} and no write
 * with unknown keys is in flight ({@link #unsettled}). Writers add keys <em>before</em> the row
 * they belong to can become visible, so the filter is always a superset of what a reader can see.
 */
public final class Guard {

    private final GuardedTable table;
    private final KeyForm keyForm;
    private final JDBCType keyType;
    private final Map<String, JDBCType> columnTypes;
    private final GuardCounters counters = new GuardCounters();
    private final AtomicInteger unsettled = new AtomicInteger();
    private volatile BloomFilter filter;
    private volatile GuardState state = GuardState.BUILDING;

    /**
     * @param table       the table and key column as the catalog names them
     * @param keyForm     how the key column's values become canonical bytes
     * @param keyType     the key column's JDBC type
     * @param columnTypes every column's JDBC type, by catalog name
     * @param filter      the (still empty) filter
     */
    public Guard(GuardedTable table, KeyForm keyForm, JDBCType keyType, Map<String, JDBCType> columnTypes,
            BloomFilter filter) {
        this.table = table;
        this.keyForm = keyForm;
        this.keyType = keyType;
        this.columnTypes = Map.copyOf(columnTypes);
        this.filter = filter;
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

    /** Character string types. */
    public static boolean isText(JDBCType type) {
        return type == JDBCType.CHAR || type == JDBCType.VARCHAR || type == JDBCType.LONGVARCHAR
                || type == JDBCType.NCHAR || type == JDBCType.NVARCHAR || type == JDBCType.LONGNVARCHAR;
    }

    /** The JDBC type of a column of the guarded table, or null if there is no such column. */
    public JDBCType columnType(String column) {
        return columnTypes.get(column);
    }

    public GuardCounters counters() {
        return counters;
    }

    public GuardState state() {
        return state;
    }

    void state(GuardState newState) {
        state = newState;
    }

    /** The gate closed: lookups pass through from now on. */
    public void close() {
        state = GuardState.CLOSED;
    }

    public BloomFilter filter() {
        return filter;
    }

    /** Whether the filter may answer now; else the lookup passes through (and says why). */
    public boolean ready() {
        return state == GuardState.READY;
    }

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

    /** Adds the key in {@code key} (canonical bytes). */
    public void add(KeyBuffer key) {
        filter.add(key.array(), 0, key.length());
        counters.countKeysAdded(1);
    }

    /** Adds a key by its hash, as computed by {@link #hash}. */
    public void addHash(long hash) {
        filter.addHash(hash);
        counters.countKeysAdded(1);
    }

    /** The hash of the canonical key in {@code key}. */
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
                counters.keysAdded(), filter.facts());
    }

    @Override
    public String toString() {
        return "guard on " + table.schema() + "." + table.table() + "." + table.keyColumn() + " (" + state + ")";
    }
}
