package io.bloomgate.h2;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.Guard;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.h2.engine.Database;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The guards on one H2 database: shared by every gate in this JVM and by guards created from SQL,
 * so a table's trigger feeds one filter per guarded column however many gates use it.
 */
final class GuardedDatabase {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedDatabase.class);

    /** One guard and who uses it. Guarded by the database's monitor. */
    static final class Shared {
        final Guard guard;
        final String keyTypeSignature;
        int users;
        /** One of the users is SQL ({@code BLOOM_GUARD}): it stays until {@code BLOOM_UNGUARD}. */
        boolean sqlUser;
        /** Rebuilds of this guard run one at a time (a caller's rebuild waits for a running one, then runs). */
        final java.util.concurrent.locks.ReentrantLock rebuildLock = new java.util.concurrent.locks.ReentrantLock();
        /** The database object the filter was last built on: another one means it closed and came back. */
        volatile WeakReference<Database> builtOn = new WeakReference<>(null);
        /** H2's id and type of the key column when the filter was last built (renames and copies change them). */
        volatile int keyColumnId = -1;
        volatile String keyColumnType;
        /**
         * The table's columns as the first build found them ({@link H2Watch#columns}): what every answer's
         * copied metadata describes. Null until then.
         */
        volatile String columns;
        /** Completes when the first build finished (or failed). */
        final java.util.concurrent.CompletableFuture<Void> built = new java.util.concurrent.CompletableFuture<>();

        Shared(Guard guard, String keyTypeSignature) {
            this.guard = guard;
            this.keyTypeSignature = keyTypeSignature;
        }
    }

    final Object key;
    final String name;
    private final ConcurrentHashMap<String, TableSlot> slots = new ConcurrentHashMap<>();
    private final Map<GuardedTable, Shared> shared = new LinkedHashMap<>();
    /** Data sources of open gates: background rebuilds borrow a connection from one. */
    private final List<DataSource> sources = new CopyOnWriteArrayList<>();
    private final Map<Guard, Future<?>> rebuilding = new ConcurrentHashMap<>();
    /** {@code BLOOM_MAY_CONTAIN}'s name lookups, as written in SQL; cleared whenever guards change. */
    private final ConcurrentHashMap<String, Guard> byWrittenName = new ConcurrentHashMap<>();
    private ScheduledExecutorService executor;
    /** Serialises BLOOM_GUARD / BLOOM_UNGUARD / BLOOM_UNGUARD_ALL on this database. */
    final java.util.concurrent.locks.ReentrantLock sqlLock = new java.util.concurrent.locks.ReentrantLock();

    GuardedDatabase(Object key, String name) {
        this.key = key;
        this.name = name;
    }

    /** Whether nothing refers to this database's guards any more: no guard, no live trigger. */
    synchronized boolean unused() {
        return shared.isEmpty() && slots.values().stream().noneMatch(TableSlot::hasTrigger);
    }

    TableSlot slot(String schema, String table) {
        return slots.computeIfAbsent(slotKey(schema, table), k -> new TableSlot(this, schema, table));
    }

    TableSlot findSlot(String schema, String table) {
        return slots.get(slotKey(schema, table));
    }

    private static String slotKey(String schema, String table) {
        return schema + '\u0000' + table;
    }

    /** The shared guard for {@code table}, or null. */
    synchronized Shared find(GuardedTable table) {
        return shared.get(table);
    }

    /**
     * Joins the guard on {@code table} if there is one, else registers {@code fresh} (which the
     * caller then builds). Either way the caller becomes one of its users.
     */
    synchronized Shared join(Guard fresh, String keyTypeSignature) {
        Shared s = shared.get(fresh.table());
        if (s == null) {
            s = new Shared(fresh, keyTypeSignature);
            shared.put(fresh.table(), s);
            slot(fresh.table().schema(), fresh.table().table()).add(fresh, keyTypeSignature);
            byWrittenName.clear();
        }
        s.users++;
        return s;
    }

    /** One user is done with the guard; the last one closes it. Returns whether it was closed. */
    synchronized boolean leave(Guard guard) {
        Shared s = shared.get(guard.table());
        if (s == null || s.guard != guard) {
            return false;
        }
        if (--s.users > 0) {
            return false;
        }
        shared.remove(guard.table());
        byWrittenName.clear();
        TableSlot slot = findSlot(guard.table().schema(), guard.table().table());
        if (slot != null) {
            slot.remove(guard);
        }
        guard.close();
        // A running rebuild sees the guard CLOSED and stops at its next wait; it is not interrupted,
        // since interrupting a thread in H2's file I/O can close the database's store.
        rebuilding.remove(guard);
        if (shared.isEmpty() && executor != null) {
            executor.shutdown();
            executor = null;
        }
        H2Registry.forgetIfUnused(this);
        return true;
    }

    /** A guard found by the names written in a SQL call, cached; null if none. */
    Guard byWrittenName(String key) {
        return byWrittenName.get(key);
    }

    void rememberWrittenName(String key, Guard guard) {
        synchronized (this) {
            if (shared.containsKey(guard.table())) {
                byWrittenName.put(key, guard);
            }
        }
    }

    /** Whether any guard remains on the table. */
    synchronized boolean guarded(String schema, String table) {
        return shared.keySet().stream().anyMatch(t -> t.schema().equals(schema) && t.table().equals(table));
    }

    /** Every guard, in the order they were created. */
    synchronized List<Guard> guards() {
        List<Guard> all = new ArrayList<>();
        for (Shared s : shared.values()) {
            all.add(s.guard);
        }
        return all;
    }

    void addSource(DataSource source) {
        sources.add(source);
    }

    void removeSource(DataSource source) {
        sources.remove(source);
        if (sources.isEmpty()) {
            unpin();
        }
    }

    /** One connection held open while a gate is open on this database: see {@link #pin}. */
    private Connection pin;

    /**
     * Keeps the database open while gates use it. An embedded H2 database closes with its last
     * connection, and one that closed and reopened must be rescanned (another process may have
     * written to the file meanwhile): without a pool, that would be after every statement.
     */
    synchronized void pin() {
        try {
            if (pin != null && !pin.isClosed() && pin.isValid(1)) {
                return;
            }
            if (pin != null) {
                try {
                    pin.close();
                } catch (SQLException ignored) {
                    // the old pin died with its database (SHUTDOWN); a new one replaces it
                }
            }
            pin = sources.isEmpty() ? null : sources.get(0).getConnection();
        } catch (SQLException | RuntimeException e) {
            pin = null;
            LOG.warn("Could not keep {} open with a connection of its own: if it closes and reopens, its guards"
                    + " are rescanned", name, e);
        }
    }

    private synchronized void unpin() {
        if (pin != null) {
            try {
                pin.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
            pin = null;
        }
    }

    /**
     * Rebuilds {@code guard} in the background if it needs it and no rebuild is running. Needs a
     * connection: without an open gate on this database (guards created from SQL only), the guard
     * keeps working with stale bits and {@code BLOOM_REBUILD} rebuilds it on request.
     */
    void rebuildIfNeeded(Guard guard) {
        if (rebuilding.containsKey(guard) || !guard.needsRebuild() || guard.rebuilding() || !guard.ready()) {
            return;
        }
        // At once: the filter is past its size (its false-positive rate climbs with every insert) or
        // holds many stale keys; the rebuild's scan waits for open writers by itself.
        schedule(guard, "stale or outgrown", 0, 0, false);
    }

    /**
     * Rebuilds {@code guard} in the background (if a gate lent a connection source), whatever its
     * state: for guards unsynced by a change the rebuild can repair (a table copy, a reopen).
     */
    void schedule(Guard guard, String why) {
        schedule(guard, why, 0, ATTEMPT_DELAYS_MILLIS[0], false);
    }

    /**
     * Rebuilds {@code guard} in the background after DDL through a gate unsynced it: even while
     * another rebuild is queued or running (that one read the guard's unsync count before the DDL,
     * so it cannot make the guard READY; this one can).
     */
    void scheduleAfterRedefinition(Guard guard) {
        schedule(guard, "DDL through the gate", 0, 0, true);
    }

    /** Delays before the attempts of a repairing rebuild: the first lets the DDL that prompted it finish. */
    private static final long[] ATTEMPT_DELAYS_MILLIS = {200, 2_000, 10_000, 60_000};

    private void schedule(Guard guard, String why, int attempt, long delayMillis, boolean evenIfQueued) {
        synchronized (this) {
            if (sources.isEmpty() || !shared.containsKey(guard.table())
                    || attempt == 0 && !evenIfQueued && rebuilding.containsKey(guard)) {
                return;
            }
            if (executor == null) {
                executor = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "bloomgate-h2-rebuild");
                    t.setDaemon(true);
                    return t;
                });
            }
            DataSource source = sources.get(0);
            rebuilding.put(guard, executor.schedule(() -> {
                boolean retry = false;
                boolean rebuilt = false;
                try {
                    if (guard.state() == GuardState.CLOSED) {
                        return;
                    }
                    pin();
                    LOG.info("Rebuilding {} online ({}): {} stale keys, about {} live keys, sized for {}", guard, why,
                            guard.staleKeys(), guard.liveKeys(), guard.rebuildSpec().expectedKeys());
                    H2Sync.rebuild(source, guard);
                    rebuilt = true;
                } catch (Exception e) {
                    retry = attempt + 1 < ATTEMPT_DELAYS_MILLIS.length && guard.state() != GuardState.CLOSED;
                    LOG.warn("Online rebuild of {} failed{}; its filter stays as it was (a superset, or UNSYNCED and"
                            + " passing lookups through)", guard, retry ? ", retrying" : "", e);
                } finally {
                    rebuilding.remove(guard);
                }
                if (retry) {
                    schedule(guard, why, attempt + 1, ATTEMPT_DELAYS_MILLIS[attempt + 1], false);
                } else if (rebuilt) {
                    // Writes during the rebuild may have outgrown the new filter already, and no
                    // further write may come to ask again. (Not after a failure: that would retry
                    // without pause; the next write asks again instead.)
                    rebuildIfNeeded(guard);
                }
            }, delayMillis, TimeUnit.MILLISECONDS));
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
