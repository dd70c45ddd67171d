package io.bloomgate.postgres;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.FeedProgress;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.Settler;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the change log on one dedicated connection by polling it: each read takes every guard's
 * new log rows (see {@link FeedGuard#catchUp}: one index scan on {@code (guard_id, xid)} from the
 * guard's position). Adaptive: a read that found rows is followed by the next after {@link
 * #busyPause} (2 ms for a few rows, growing with the rows read to 5 ms under heavy load); each
 * empty one doubles the pause, up to the idle interval ({@link FeedSettings#pollInterval}, at most
 * a third of {@code staleAfter}). A settle request wakes it at once.
 *
 * <p>Why polling and not {@code LISTEN}/{@code NOTIFY}: a transaction that queued a notification
 * takes a database-wide lock at commit ({@code PreCommit_Notify}) and holds it through its WAL
 * flush, so every guarded write in the database would commit one at a time (measured: 0.22 of the
 * unguarded throughput at 32 writers). Polling costs writers nothing; it costs the server one
 * short read per guard and poll (docs/benchmarks.md measures it).
 *
 * <p>Fail open: when the connection dies the guards are unsynced (lookups pass through), the feed
 * reconnects with backoff, reads the log from where it was, and only then are the guards READY
 * again. Nothing written meanwhile is lost: the log is the source of truth.
 *
 * <p>Staleness is bounded per guard by {@link FeedSettings#staleAfter}, measured from the moment
 * before the last successful read's statement was sent (so before its snapshot), not from when it
 * returned: each lookup checks it ({@link Guard#ready}), and a watchdog ({@link FeedMaintenance})
 * unsyncs a guard whose bound has passed.
 *
 * <p>As a {@link Settler}, it settles writes through the gate with unknown keys: after their commit,
 * the next read sees their logged keys. The hand-offs with the threads that wait on it (settling,
 * waiting for reads, waking, stopping) are {@link FeedProgress}'s, as for MySQL/MariaDB's feed.
 */
final class ChangeFeed implements Settler, Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ChangeFeed.class);
    /**
     * The pause after a read that found rows: short, so that a stream of commits is followed
     * closely, yet long enough that under load each poll brings a batch of commits rather than one
     * or two: the poll's fixed cost (a round trip, a snapshot, an index descent) is paid less often.
     */
    static final long BUSY_POLL_NANOS = 2_000_000;
    /**
     * The longest pause after a read that found rows. Under a heavy write load the pause grows with
     * the rows each read brings ({@link #PAUSE_PER_ROW_NANOS} each) up to this: a poll's fixed cost
     * (two round trips, a snapshot, an index descent; about 150 µs of server and client CPU) is
     * then paid ~200 times a second instead of ~500, which on a CPU-bound server is throughput the
     * writers get back (docs/benchmarks.md), while a key still reaches the filter within ~5 ms of
     * its commit, as when the log is idle.
     */
    static final long MAX_BUSY_POLL_NANOS = 5_000_000;
    /** See {@link #MAX_BUSY_POLL_NANOS}: a read of 8 rows or fewer keeps the shortest pause. */
    static final long PAUSE_PER_ROW_NANOS = 250_000;
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final DataSource dataSource;
    private final String database;
    private final List<FeedGuard> guards;
    private final FeedSettings settings;
    private final Consumer<FeedGuard> rebuildRequest;
    private final long pollNanos;
    private final FeedProgress progress = new FeedProgress();
    private Connection connection; // the feed thread's (and start()'s) only

    /**
     * @param rebuildRequest asked (on the feed's thread; it must not block) to rebuild a guard whose
     *                       log rows were pruned, or whose stale keys call for it
     */
    ChangeFeed(DataSource dataSource, List<FeedGuard> guards, FeedSettings settings,
            Consumer<FeedGuard> rebuildRequest) {
        this(dataSource, null, guards, settings, rebuildRequest);
    }

    /**
     * @param database the database the feed must read ({@link FeedConnection#identity}), checked on
     *                 every connection when the feed has a data source of its own; null: not checked
     *                 (the gate's data source, whose database the guards were built on)
     */
    ChangeFeed(DataSource dataSource, String database, List<FeedGuard> guards, FeedSettings settings,
            Consumer<FeedGuard> rebuildRequest) {
        this.dataSource = dataSource;
        this.database = database;
        this.guards = List.copyOf(guards);
        this.settings = settings;
        this.rebuildRequest = rebuildRequest;
        // An idle log is read at least three times per staleness bound, so that a quiet guard
        // stays fresh (and answering) even when one poll is slow.
        this.pollNanos = Math.max(BUSY_POLL_NANOS,
                Math.min(settings.pollInterval().toNanos(), settings.staleAfter().toNanos() / 3));
    }

    List<FeedGuard> guards() {
        return guards;
    }

    /** Connects, reads the log once (so the guards can become READY), and starts following it. */
    void start() throws SQLException {
        connect();
        readAll();
        progress.start(this, "bloomgate-change-feed");
    }

    private void connect() throws SQLException {
        connection = FeedConnection.open(dataSource, database);
    }

    @Override
    public void run() {
        long backoff = 100;
        long pause = BUSY_POLL_NANOS;
        long nextPoll = System.nanoTime() + BUSY_POLL_NANOS; // start() has just read
        while (!progress.closed()) {
            try {
                if (connection == null) {
                    connect();
                    LOG.info("The change feed reconnected; reading the log from where it was");
                    nextPoll = System.nanoTime();
                }
                progress.sleepUntil(nextPoll);
                if (progress.closed()) {
                    break;
                }
                long rows = readAll();
                if (rows < 0) {
                    // A read that returned stale (it waited, before or after its snapshot, longer
                    // than staleAfter) leaves its guards passing through: read again at once.
                    pause = 0;
                } else if (rows > 0) {
                    pause = busyPause(rows); // commits are flowing: more are likely
                } else {
                    pause = Math.min(Math.max(2 * pause, BUSY_POLL_NANOS), pollNanos);
                }
                nextPoll = System.nanoTime() + pause;
                backoff = 100;
            } catch (SQLException | RuntimeException e) {
                if (progress.closed()) {
                    break;
                }
                LOG.warn("The change feed lost its connection ({}); lookups pass through until it reconnects and"
                        + " catches up (retry in {} ms)", e.toString(), backoff);
                unsyncAll("the change feed lost its connection: " + e.getMessage());
                FeedConnection.discard(connection);
                connection = null;
                progress.backOff(backoff);
                backoff = Math.min(2 * backoff, MAX_BACKOFF_MILLIS);
            }
        }
        FeedConnection.release(connection);
        connection = null;
    }

    /**
     * The pause after a read that found {@code rows} log rows: {@link #BUSY_POLL_NANOS} while
     * commits trickle in (so that one key is followed closely), longer as each read brings more
     * (see {@link #MAX_BUSY_POLL_NANOS}), never more than a third of {@code staleAfter}.
     */
    long busyPause(long rows) {
        long grown = Math.min(MAX_BUSY_POLL_NANOS, rows * PAUSE_PER_ROW_NANOS);
        return Math.min(Math.max(BUSY_POLL_NANOS, grown), Math.max(BUSY_POLL_NANOS, settings.staleAfter().toNanos() / 3));
    }

    /**
     * Reads every guard's new log rows, then settles what waited for a read started after its commit.
     *
     * @return the log rows read, or -1 if a guard whose read succeeded is nevertheless stale (the
     *     read took too long)
     */
    private long readAll() throws SQLException {
        List<Guard> settling = progress.takeSettling();
        boolean done = false;
        long rows = 0;
        List<FeedGuard> failed = new ArrayList<>();
        try {
            for (FeedGuard fg : guards) {
                // Taken before the read's statement is sent, so before its snapshot: every commit
                // before this moment is in what the read returns, however long it then takes.
                long readFrom = System.nanoTime();
                try {
                    rows += fg.catchUp(connection);
                    fg.readSucceeded(readFrom, settings.staleAfter().toNanos());
                } catch (LogPrunedException e) {
                    LOG.warn("{}; it is rebuilt by scan and passes lookups through meanwhile", e.getMessage());
                    fg.awaitRebuild(e.getMessage());
                    fg.rebuildAutomatically();
                    fg.position(FeedPositions.now(connection)); // the rebuild's scan covers the gap
                    rebuildRequest.accept(fg);
                } catch (SQLException e) {
                    if (connection.isClosed() || !connection.isValid(5)) {
                        throw e; // the connection's trouble: every guard is unsynced, the feed reconnects
                    }
                    // This guard's trouble (uninstalled, a key that no longer casts): it alone passes through.
                    LOG.warn("Reading the change log of {} failed; it passes lookups through: {}", fg.guard,
                            e.toString());
                    if (fg.guard.state() == GuardState.READY) {
                        fg.unsync("reading its change log failed: " + e.getMessage());
                    }
                    failed.add(fg);
                }
            }
            checkHooksOf(settling);
            done = true;
        } finally {
            if (!done) {
                progress.putBack(settling); // the read failed: they wait for the next one
            }
        }
        boolean fresh = true;
        for (FeedGuard fg : guards) {
            if (failed.contains(fg)) {
                continue;
            }
            fresh &= fg.guard.fresh();
            fg.resumeAfterCatchUp();
            if (fg.guard.state() == GuardState.READY && fg.guard.needsRebuild() && !fg.guard.rebuilding()
                    || fg.automaticRebuildDue() && !fg.guard.rebuilding()) {
                rebuildRequest.accept(fg);
            }
        }
        for (Guard g : settling) {
            g.settle();
        }
        progress.readCompleted();
        return fresh ? rows : -1;
    }

    /**
     * Before writes with unknown keys settle: the read just done holds the keys they logged, but
     * only if their table's triggers were in place when they ran. Each was queued after its
     * commit, so the catalog read here is later than the write; the fingerprint recorded when the
     * triggers were last installed or found in place is earlier than it (a write that ran before
     * that was committed before the install's CREATE TRIGGER could take its lock, so that build's
     * or rebuild's scan saw it). Equal fingerprints at both moments mean the same triggers,
     * enabled, on the same table throughout (see {@link PgSchema#hookFingerprint}); anything else
     * (a table dropped and recreated, renamed away, a trigger dropped or disabled, even if put
     * back since) and the guard waits for a rebuild by scan, which starts after the commit and so
     * sees the write's rows, before it answers again.
     */
    private void checkHooksOf(List<Guard> settling) throws SQLException {
        for (FeedGuard fg : guards) {
            if (!settling.contains(fg.guard) || fg.awaitingRebuild()) {
                continue;
            }
            String changed = fg.hookChanged(connection);
            if (changed != null) {
                LOG.error("{}; {} passes lookups through until it is rebuilt by scan", changed, fg.guard);
                fg.awaitRebuild(changed); // before the write settles below
                fg.rebuildAutomatically();
                rebuildRequest.accept(fg);
            }
        }
    }

    /**
     * Waits until {@code fg}'s position has passed transaction {@code xid}: every transaction that
     * had an id when {@code xid} was drawn has ended, and its log rows have been read.
     *
     * @return false if the feed closed first
     */
    boolean awaitPast(FeedGuard fg, long xid) throws InterruptedException {
        return progress.awaitUntil(() -> fg.position().xmin() > xid);
    }

    /** Waits for one complete read that starts after this call (tests, snapshots on close). */
    boolean awaitNextRead(long timeoutMillis) throws InterruptedException {
        return progress.awaitNextRead(timeoutMillis);
    }

    /**
     * Unsyncs every READY guard whose last successful read was sent more than {@code staleAfter}
     * ago (their lookups already pass through: {@link Guard#ready} checks the same bound; this
     * makes the state say so, and lets the next fresh read resume them).
     */
    void unsyncStale() {
        long now = System.nanoTime();
        for (FeedGuard fg : guards) {
            long lag = now - fg.readFrom();
            if (!progress.closed() && fg.guard.state() == GuardState.READY && !fg.guard.fresh()) {
                fg.unsync("the change feed's last complete read of it was sent " + lag / 1_000_000
                        + " ms ago (staleAfter " + settings.staleAfter().toMillis() + " ms)");
            }
        }
    }

    /**
     * How long ago the least recent of the guards' last successful reads was sent (before its
     * snapshot): how far behind the change log the filters may be. Long.MAX_VALUE when a guard has
     * not been read yet.
     */
    long lagNanos() {
        long now = System.nanoTime();
        long lag = 0;
        for (FeedGuard fg : guards) {
            long from = fg.readFrom();
            lag = Math.max(lag, from == 0 ? Long.MAX_VALUE : now - from);
        }
        return lag;
    }

    void unsyncAll(String reason) {
        for (FeedGuard fg : guards) {
            if (fg.guard.state() == GuardState.READY) {
                fg.unsync(reason);
            }
        }
    }

    @Override
    public void afterCommit(Guard guard) {
        progress.settleAfterNextRead(guard);
    }

    /** Stops following the log (the thread ends after the read in progress, if any). */
    @Override
    public void close() {
        progress.close(() -> FeedConnection.release(connection));
    }

    boolean closed() {
        return progress.closed();
    }
}
