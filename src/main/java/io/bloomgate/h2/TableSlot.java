package io.bloomgate.h2;

import io.bloomgate.sync.Guard;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where the trigger on one table finds the guards of that table. A slot outlives gates: a trigger
 * instance keeps a reference to it, so it is created once per table and never replaced.
 */
final class TableSlot {

    /** One guard on the table and the key column type it was built for. */
    record Entry(Guard guard, String keyTypeSignature) {
    }

    private static final Entry[] NONE = new Entry[0];

    final GuardedDatabase database;
    final String schema;
    final String table;
    /** Copy on write: the trigger reads it on every row. */
    volatile Entry[] entries = NONE;
    /** Trigger instances alive on this table (H2 starts a new one before retiring the old in ALTER TABLE). */
    private final AtomicInteger triggers = new AtomicInteger();
    /** Rows written while no guard was registered (no gate open on the table): a build will scan them. */
    final LongAdder unguardedRows = new LongAdder();

    TableSlot(GuardedDatabase database, String schema, String table) {
        this.database = database;
        this.schema = schema;
        this.table = table;
    }

    synchronized void add(Guard guard, String keyTypeSignature) {
        Entry[] more = Arrays.copyOf(entries, entries.length + 1);
        more[entries.length] = new Entry(guard, keyTypeSignature);
        entries = more;
    }

    synchronized void remove(Guard guard) {
        entries = Arrays.stream(entries).filter(e -> e.guard() != guard).toArray(Entry[]::new);
    }

    /** Whether a trigger instance is alive on the table (H2 loaded it and has not dropped it). */
    boolean hasTrigger() {
        return triggers.get() > 0;
    }

    void triggerStarted() {
        triggers.incrementAndGet();
    }

    /** The database closed: the trigger goes, but so do all writes until it reopens. */
    void triggerClosed() {
        triggers.decrementAndGet();
        H2Registry.forgetIfUnused(database);
    }

    /** The trigger was dropped (DROP TRIGGER, DROP TABLE, or replaced by ALTER TABLE's copy). */
    void triggerRemoved() {
        if (triggers.decrementAndGet() <= 0) {
            for (Entry e : entries) {
                e.guard().unsync("the trigger on " + schema + "." + table
                        + " was dropped (DROP TRIGGER or DROP TABLE): writes are no longer seen; rebuild the gate");
            }
        }
        H2Registry.forgetIfUnused(database);
    }

    @Override
    public String toString() {
        return schema + "." + table;
    }
}
