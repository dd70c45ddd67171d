package io.bloomgate.mysql;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.Guard;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One guard as the MySQL/MariaDB change feed sees it: its id in {@code bloomgate.guards} (its log
 * rows' {@code guard_id}), its triggers' fingerprint when last installed or found in place, and
 * whether only a rebuild by scan can make it READY again. The fields are volatile: the feed, the
 * maintenance thread and the rebuild thread all read them.
 */
final class LogGuard {

    private static final long AUTOMATIC_REBUILD_RETRY_NANOS = 5_000_000_000L;

    final Guard guard;
    final int id;
    /** The key column's type as the catalog described it at build (type, size, collation): part of a snapshot's signature. */
    final String keyType;
    /** {@link Guard#unsyncCount()} right after the feed unsynced the guard (lost its connection); -1 if not. */
    private volatile int feedUnsyncs = -1;
    /** Writes may have gone unlogged or logged rows were lost: only a rebuild by scan makes it READY. */
    private volatile boolean awaitingRebuild;
    private volatile boolean automaticRebuild;
    private volatile long nextAutomaticRebuild;
    private volatile String hook;

    LogGuard(Guard guard, int id, String keyType) {
        this.guard = guard;
        this.id = id;
        this.keyType = keyType;
    }

    /** The feed lost track of the log (its connection): lookups pass through until {@link #resumeAfterCatchUp}. */
    void unsync(String reason) {
        synchronized (guard) {
            guard.unsync(reason);
            feedUnsyncs = guard.unsyncCount();
        }
    }

    /** A complete, fresh read succeeded: READY again if the feed alone had unsynced the guard. */
    void resumeAfterCatchUp() {
        if (!awaitingRebuild && feedUnsyncs >= 0 && guard.fresh() && guard.resume(feedUnsyncs)) {
            feedUnsyncs = -1;
        }
    }

    void awaitRebuild(String reason) {
        awaitingRebuild = true;
        guard.unsync(reason);
    }

    boolean awaitingRebuild() {
        return awaitingRebuild;
    }

    /** The sync requests the awaited rebuild itself, and again every few seconds until one succeeds. */
    void rebuildAutomatically() {
        automaticRebuild = true;
        nextAutomaticRebuild = System.nanoTime() + AUTOMATIC_REBUILD_RETRY_NANOS;
    }

    void stopAutomaticRebuild() {
        automaticRebuild = false;
    }

    boolean automaticRebuildDue() {
        if (!automaticRebuild || !awaitingRebuild || System.nanoTime() - nextAutomaticRebuild < 0) {
            return false;
        }
        nextAutomaticRebuild = System.nanoTime() + AUTOMATIC_REBUILD_RETRY_NANOS;
        return true;
    }

    /** A rebuild re-installed the triggers and scanned: what was awaited is done if the guard is READY. */
    void rebuilt() {
        synchronized (guard) {
            if (guard.state() == GuardState.READY) {
                awaitingRebuild = false;
                automaticRebuild = false;
                feedUnsyncs = -1;
            }
        }
    }

    void hook(String fingerprint) {
        hook = fingerprint;
    }

    /** The triggers' fingerprint when last installed or found in place. */
    String hook() {
        return hook;
    }

    /**
     * Null if the catalog still shows the triggers, columns and storage as they were when last
     * installed or found in place (so every write to the table since was logged), else why not.
     */
    String hookChanged(Connection c) throws SQLException {
        String now = MySqlSchema.hookFingerprint(c, guard.table(), id, guard.keyForm());
        if (now != null && now.equals(hook)) {
            return null;
        }
        String table = guard.table().schema() + "." + guard.table().table();
        String rewriting = now == null ? MySqlCatalog.rewritingTrigger(c, guard.table().schema(), guard.table().table())
                : null;
        if (rewriting != null) {
            return "the table " + table + " has the BEFORE trigger " + rewriting + " now, which may change the keys"
                    + " writes store: lookups pass through; drop it and call BloomGate.rebuild()";
        }
        return now == null ? "the table " + table + " or one of its change-log triggers (bloomgate_g" + id + "_*) is gone"
                : "the table " + table + " changed around the gate since its change-log triggers (bloomgate_g" + id
                + "_*) were installed: its triggers were replaced, its columns changed, or its storage was swapped"
                + " (EXCHANGE PARTITION, IMPORT TABLESPACE); rows may be there that no trigger logged";
    }

    @Override
    public String toString() {
        return guard + " (guard " + id + ")";
    }
}
