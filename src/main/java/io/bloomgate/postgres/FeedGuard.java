package io.bloomgate.postgres;

import io.bloomgate.stats.GuardState;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One guard as the change feed sees it: its id in {@code bloomgate.guards}, the SQL type its logged
 * keys are cast back to, its position in the log and when its last read was sent. Used by the
 * feed's thread only, except {@link #position} (snapshots and heartbeats read it), {@link #readFrom}
 * (the watchdog) and {@link #covered} (the build, before the feed starts).
 */
final class FeedGuard {

    private static final int FETCH_SIZE = 10_000;

    final Guard guard;
    final int id;
    private final String keyType;
    private final String sql;
    private final KeyBuffer key = new KeyBuffer();
    private volatile LogPosition position;
    /** {@link Guard#unsyncCount()} right after the feed unsynced the guard; -1 if it did not. */
    private volatile int feedUnsyncs = -1;
    /** Only a rebuild can make the guard READY again (its triggers were missing, or the log was pruned). */
    private volatile boolean awaitingRebuild;
    /** The feed asks for that rebuild itself (the log was pruned), again after a failure. */
    private volatile boolean automaticRebuild;
    /**
     * A horizon (pruned or lost rows) a rebuild by scan already answers: every transaction whose
     * rows went had ended (pruning never passes the oldest running one; a TRUNCATE waits for every
     * writer of the log, a DELETE removes only committed rows), so a scan that starts later sees
     * all they committed. Without it a new position whose xmin lags behind the horizon would report
     * the same loss on every read.
     */
    private long acceptedHorizon;
    private volatile long nextAutomaticRebuild;
    /**
     * The hook's fingerprint ({@link PgSchema#hookFingerprint}) when its triggers were last
     * installed or found in place by a build or rebuild, before that one's scan: while the catalog
     * still shows the same, every write to the table since has been logged.
     */
    private volatile String hook;
    /** {@link #redefined()} calls so far. */
    private final java.util.concurrent.atomic.AtomicLong redefinitions = new java.util.concurrent.atomic.AtomicLong();
    private static final long AUTOMATIC_REBUILD_RETRY_NANOS = 5_000_000_000L;
    /**
     * {@link System#nanoTime()} taken before the statement of the last successful read was sent,
     * so before its snapshot: the filter holds every key committed before it. Freshness is
     * measured from here, not from when the read returned: a read that stalls after its snapshot
     * (a stopped backend, a slow network) returns without what was committed meanwhile.
     */
    private volatile long readFrom = System.nanoTime();

    /**
     * @param keyType the key column's type as {@code format_type} names it: logged keys are text,
     *                cast back to it so that they become keys exactly as a scan reads them
     */
    FeedGuard(Guard guard, int id, String keyType) {
        this.guard = guard;
        this.id = id;
        this.keyType = keyType;
        this.sql = readSql(keyType);
    }

    /**
     * The read: one statement, so one snapshot, and the new position and the rows it makes visible
     * agree. Parameters: the guard's id (1, 2, 3, 6) and the previous position (4, 5). Columns: one
     * header row (1 position, 2 pruned horizon, 6 lost horizon; the rest null), then one row per
     * key or count (3 op, 4 key, 5 count; the rest null). The header comes once, not with every
     * row: under load a position lists dozens of transactions in progress, and converting and
     * sending it with each of thousands of rows had made a read cost ~10 µs per row. Logged keys
     * are text, cast back to {@code keyType}.
     */
    static String readSql(String keyType) {
        return "SELECT h.pos, h.horizon, NULL::\"char\", CAST(NULL AS " + keyType + "), NULL::bigint, h.lost"
                + " FROM (SELECT pg_current_snapshot()::text AS pos,"
                + " (SELECT pruned_below::text FROM bloomgate.guards WHERE id = ?) AS horizon,"
                + " (SELECT lost_below::text FROM bloomgate.guards WHERE id = ?) AS lost) h"
                + " UNION ALL SELECT NULL, NULL, l.op, CASE WHEN l.op = 'I' THEN CAST(u.k AS " + keyType + ") END,"
                + " l.n, NULL FROM"
                // Not visible to the previous position = from its xmax on, or listed in progress by it.
                // (xid >= xmin AND NOT pg_visible_in_snapshot(...) says the same but reads every row
                // since the oldest open transaction, on every read, while one stays open.)
                // Two branches, each an index range or lookup on (guard_id, xid) whatever the
                // log's statistics: one OR of both let a generic plan made while the log was empty
                // (after pruning and ANALYZE) use guard_id alone and filter, reading the guard's whole
                // log on every poll (measured: 842 blocks a poll under 8 writers). The lateral
                // subquery (OFFSET 0 keeps it one) looks each in-progress transaction up on its own.
                + " (SELECT c.op, c.keys, c.n FROM bloomgate.change_log c"
                + " WHERE c.guard_id = ? AND c.xid >= pg_snapshot_xmax(CAST(? AS pg_snapshot))"
                + " UNION ALL SELECT p.op, p.keys, p.n FROM pg_snapshot_xip(CAST(? AS pg_snapshot)) AS x(xid)"
                + " CROSS JOIN LATERAL (SELECT c.op, c.keys, c.n FROM bloomgate.change_log c"
                + " WHERE c.guard_id = ? AND c.xid = x.xid OFFSET 0) p) l"
                + " LEFT JOIN LATERAL unnest(l.keys) AS u(k) ON true";
    }

    String keyType() {
        return keyType;
    }

    LogPosition position() {
        return position;
    }

    /** Where the next read starts: the filter holds every key logged by transactions visible in it. */
    void position(LogPosition start) {
        position = start;
    }

    /**
     * Reads the log rows committed since the last read into the guard (keys added; deletes and
     * truncates counted as stale) and moves the position. Runs in its own transaction on {@code c}
     * (pgjdbc streams only inside one).
     *
     * @return the rows read
     * @throws LogPrunedException if rows the guard needed were pruned
     */
    long catchUp(Connection c) throws SQLException, LogPrunedException {
        LogPosition from = position;
        long rows = 0;
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setFetchSize(FETCH_SIZE);
            ps.setInt(1, id);
            ps.setInt(2, id);
            ps.setInt(3, id);
            ps.setString(4, from.text());
            ps.setString(5, from.text());
            ps.setInt(6, id);
            LogPosition to = null;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String header = rs.getString(1);
                    if (header == null) {
                        rows++;
                        apply(rs.getString(3).charAt(0), rs);
                        continue;
                    }
                    to = LogPosition.parse(header);
                    String pruned = rs.getString(2);
                    if (pruned == null) {
                        throw new SQLException(guard + " is no longer installed (bloomgate.guards has no row "
                                + id + "): was sql/postgres/uninstall.sql run?");
                    }
                    if (to.xmax() < from.xmax()) {
                        // Not this server's history (a restore into another cluster, an
                        // asynchronous failover): transaction ids below from.xmax may be reused.
                        throw new LogPrunedException("the position of " + guard + " (" + from + ") is ahead of"
                                + " the server's (" + to + ")");
                    }
                    long prunedBelow = Long.parseLong(pruned);
                    // Rows deleted other than by pruning (a TRUNCATE or DELETE of the log by
                    // hand): the log's own triggers raise lost_below past every xid removed.
                    long lostBelow = Long.parseLong(rs.getString(6));
                    long horizon = Math.max(prunedBelow, lostBelow);
                    if (horizon > from.xmin() && horizon > acceptedHorizon) {
                        acceptedHorizon = horizon; // the rebuild this calls for covers every row below it
                        throw new LogPrunedException(lostBelow == horizon
                                ? "rows of the change log below transaction " + lostBelow + " were deleted other than"
                                + " by pruning (TRUNCATE or DELETE of bloomgate.change_log) while " + guard
                                + " had read only up to " + from.xmin()
                                : "the change log was pruned up to transaction " + horizon + " but " + guard
                                + " had read only up to " + from.xmin());
                    }
                }
            }
            if (to == null) {
                throw new SQLException("the change log read of " + guard + " returned no position row");
            }
            c.commit();
            position = to;
        } finally {
            if (!c.isClosed()) {
                c.rollback();
                c.setAutoCommit(autoCommit);
            }
        }
        return rows;
    }

    private void apply(char op, ResultSet rs) throws SQLException {
        switch (op) {
            case 'I' -> KeyFunnel.addColumn(rs, 4, guard, null, key);
            case 'D' -> guard.countStale(rs.getLong(5));
            case 'T' -> guard.countStale(guard.liveKeys()); // every key is gone
            default -> throw new SQLException("unknown change log operation '" + op + "' for " + guard
                    + ": is bloomgate's jar older than its installed SQL?");
        }
    }

    /** A build by scan that starts now covers every row pruned or lost below {@code horizon}. */
    void covered(long horizon) {
        acceptedHorizon = Math.max(acceptedHorizon, horizon);
    }

    /**
     * A read whose statement was sent after {@code readFrom} ({@link System#nanoTime()}) succeeded:
     * the filter holds every key committed before then, and may answer until {@code staleAfter}
     * has passed since.
     */
    void readSucceeded(long readFrom, long staleAfterNanos) {
        this.readFrom = readFrom;
        guard.freshUntil(readFrom + staleAfterNanos);
    }

    /** When the last successful read's statement was sent ({@link System#nanoTime()}). */
    long readFrom() {
        return readFrom;
    }

    /** The feed lost track of the log: lookups pass through until {@link #resumeAfterCatchUp}. */
    void unsync(String reason) {
        synchronized (guard) {
            guard.unsync(reason);
            feedUnsyncs = guard.unsyncCount();
        }
    }

    /**
     * A read succeeded: READY again if the feed alone had unsynced the guard and the read is fresh
     * (one that stalled past the staleness bound after its snapshot is not: the next read decides).
     */
    void resumeAfterCatchUp() {
        if (!awaitingRebuild && feedUnsyncs >= 0 && guard.fresh() && guard.resume(feedUnsyncs)) {
            feedUnsyncs = -1;
        }
    }

    /**
     * Writes may have gone unlogged (the triggers are missing or disabled) or logged rows were lost
     * (pruned): lookups pass through until a rebuild by scan.
     */
    void awaitRebuild(String reason) {
        awaitingRebuild = true;
        guard.unsync(reason);
    }

    /** The feed requests the rebuild the guard awaits, and requests it again until one succeeds. */
    void rebuildAutomatically() {
        automaticRebuild = true;
        nextAutomaticRebuild = System.nanoTime() + AUTOMATIC_REBUILD_RETRY_NANOS;
    }

    /** Whether an automatic rebuild is still wanted and its retry is due (then the next is scheduled). */
    boolean automaticRebuildDue() {
        if (!automaticRebuild || !awaitingRebuild || System.nanoTime() - nextAutomaticRebuild < 0) {
            return false;
        }
        nextAutomaticRebuild = System.nanoTime() + AUTOMATIC_REBUILD_RETRY_NANOS;
        return true;
    }

    /**
     * A rebuild re-installed the triggers and scanned the table. If the guard is not READY after
     * it (it was unsynced meanwhile), what it awaits still stands: a feed unsync is resumed by the
     * feed's next read, an awaited rebuild is requested again.
     */
    void rebuilt() {
        synchronized (guard) {
            if (guard.state() == GuardState.READY) { // whether fresh or not: freshness is the feed's to restore
                awaitingRebuild = false;
                automaticRebuild = false;
                feedUnsyncs = -1;
            }
        }
    }

    boolean awaitingRebuild() {
        return awaitingRebuild;
    }

    /**
     * DDL through the gate on the table ended ({@code Redefinitions.after}): a verdict on the table
     * reached before now may be out of date, and the feed requests the rebuild the guard awaits
     * until one succeeds ({@link #rebuildAutomatically}). One step under the lock {@link
     * #stopAutomaticRebuild} takes, so that a stop decided on an older verdict cannot undo it.
     */
    void redefined() {
        synchronized (redefinitions) {
            redefinitions.incrementAndGet();
            rebuildAutomatically();
        }
    }

    /** How many times DDL through the gate on the table has ended: compare to see whether any did since. */
    long redefinitions() {
        return redefinitions.get();
    }

    /**
     * The table can no longer be rebuilt into this guard (its columns changed): no more automatic
     * attempts, unless DDL through the gate ended since the check that found it ({@code redefinitionsSeen},
     * read before it): the check may have read the catalog before that DDL committed (a table renamed
     * away and back, the back half committed after the check), and that DDL's own request for a
     * rebuild may have found this one still running. Its retry must stand.
     */
    void stopAutomaticRebuild(long redefinitionsSeen) {
        synchronized (redefinitions) {
            if (redefinitions.get() == redefinitionsSeen) {
                automaticRebuild = false;
            }
        }
    }

    String hook() {
        return hook;
    }

    private static final String PARTITIONS_CHANGED_PREFIX = "partitions of ";

    /**
     * Whether {@code change} (from {@link #hookChanged}) is only the table's partitions: then a rebuild
     * by scan covers it, and the guard is rebuilt without waiting for {@code BloomGate.rebuild()}.
     */
    static boolean partitionsOnly(String change) {
        return change.startsWith(PARTITIONS_CHANGED_PREFIX);
    }

    void hook(String fingerprint) {
        hook = fingerprint;
    }

    /**
     * Null if the catalog still shows the hook as it was when last installed or found in place (so
     * every write to the table since then was logged), else why not.
     */
    String hookChanged(Connection c) throws SQLException {
        String now = PgSchema.hookFingerprint(c, guard.table(), id);
        if (now != null && now.equals(hook)) {
            return null;
        }
        if (PgSchema.partitionsOnly(hook, now)) {
            return PARTITIONS_CHANGED_PREFIX + guard.table().schema() + "." + guard.table().table() + " were created,"
                    + " attached, detached or had a change-log trigger replaced: an attached partition's rows were"
                    + " never logged";
        }
        return now == null ? "the table " + guard.table().schema() + "." + guard.table().table() + " or a change-log"
                + " trigger of it (bloomgate_g" + id + "_*) is gone or disabled"
                : "the table " + guard.table().schema() + "." + guard.table().table() + ", its key column or its"
                + " change-log triggers (bloomgate_g" + id + "_*) were replaced, retyped or re-enabled since they were"
                + " installed: writes may have gone unlogged";
    }
}
