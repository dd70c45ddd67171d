package io.bloomgate.mysql;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.FeedProgress;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.Settler;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows {@code bloomgate.change_log} on a MySQL/MariaDB server by polling it on one dedicated
 * connection at READ COMMITTED ({@link LogConnection}), adding the keys its guards' triggers logged
 * to their filters (docs/architecture.md section 4, "MySQL and MariaDB"). This class is the poll loop
 * and what the feed's position means to the guards; the reading and the holes are {@link LogReader}'s,
 * their retirement {@link HoleRetirement}'s, the hand-offs with waiting threads {@link FeedProgress}'s.
 *
 * <p><b>Gap safety.</b> Log ids are drawn before commit, so they become visible out of order: the
 * reader records each id it skipped as a hole and every poll reads the open holes again. Hence after
 * a poll that began at time T, the filters hold every key logged by a transaction that committed
 * before T: the guards answer until T + {@code staleAfter}.
 *
 * <p><b>Lost rows.</b> Pruning raises {@code bloomgate.state.pruned_below} before it deletes. A read
 * that finds it above the lowest id the feed has not read (this instance was taken for dead), or
 * finds the log's highest id below its high-water mark (the log was truncated or emptied by hand),
 * makes every guard wait for a rebuild by scan from a new start position ({@link LogExtent}).
 *
 * <p><b>Fail open.</b> When the connection dies the guards are unsynced, the feed reconnects with
 * backoff and reads from where it was (high-water mark and holes are kept in memory), and only
 * then are they READY again — unless the server restarted meanwhile ({@link ServerRun}: a crash
 * can undo a commit the feed read, and the server then draws its log id again, below the
 * high-water mark): then every guard is rebuilt by scan from a new start position. As a {@link
 * Settler}, it settles writes through the gate with unknown keys after a complete read that began
 * after their commit, once the table's triggers are found unchanged.
 */
final class LogFeed implements Runnable, Settler {

    private static final Logger LOG = LoggerFactory.getLogger(LogFeed.class);
    static final long BUSY_POLL_NANOS = 2_000_000;
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final DataSource dataSource;
    private final String server;
    private final List<LogGuard> guards;
    private final MySqlSync.Settings settings;
    private final Consumer<LogGuard> rebuildRequest;
    private final long pollNanos;
    private final LogReader reader;
    private final HoleRetirement retirement;
    private final FeedProgress progress = new FeedProgress();
    private Connection connection;
    private String probeSuffix;
    private volatile Boolean strict;
    private volatile long lowestUnread;
    private volatile long feedConnectionId;
    private volatile long lastReadFrom;
    private volatile FeedPosition published;
    /** The server's run as of the position ({@link ServerRun}); null: unknown. */
    private String serverRun;
    private boolean restartSeen;
    private long publishedChanges = -1;

    /**
     * @param server         the server the feed must read ({@link LogConnection#identity}); null: not checked
     * @param start          the position the feed starts from (taken before the guards' scans)
     * @param rebuildRequest asked (on the feed's thread; must not block) to rebuild a guard
     */
    LogFeed(DataSource dataSource, String server, List<LogGuard> guards, MySqlSync.Settings settings,
            FeedPosition start, Consumer<LogGuard> rebuildRequest) {
        this.dataSource = dataSource;
        this.server = server;
        this.guards = List.copyOf(guards);
        this.settings = settings;
        this.rebuildRequest = rebuildRequest;
        this.pollNanos = Math.max(BUSY_POLL_NANOS,
                Math.min(settings.pollInterval().toNanos(), settings.staleAfter().toNanos() / 3));
        this.reader = new LogReader(this.guards);
        this.retirement = new HoleRetirement(reader, settings.holeGrace());
        position(start);
    }

    private void position(FeedPosition start) {
        reader.position(start);
        lowestUnread = reader.lowestUnread();
        serverRun = start.serverRun();
        publishedChanges = -1;
        publish();
    }

    /**
     * Makes the current position the one {@link #saved()} returns. Called only where every id read
     * so far has been applied to the filters (the end of a complete poll), so a filter read after
     * {@link #saved()} holds every key the position says was read.
     */
    private void publish() {
        FeedPosition current = published;
        Holes holes = reader.holes();
        if (current != null && current.highWaterMark() == reader.highWaterMark()
                && publishedChanges == holes.changes() && Objects.equals(current.serverRun(), serverRun)) {
            return;
        }
        publishedChanges = holes.changes();
        published = new FeedPosition(reader.highWaterMark(), holes.ranges(), serverRun);
    }

    /**
     * The position of the last complete poll (or the start position before the first): every key
     * it says was read is in the filters of the guards not awaiting a rebuild. What a snapshot saves
     * with a filter read after this call.
     */
    FeedPosition saved() {
        return published;
    }

    List<LogGuard> guards() {
        return guards;
    }

    /** Connects, reads the log once (so the guards can become READY), and starts following it. */
    void start() throws SQLException {
        connect();
        if (restartSeen && serverRun == null) {
            throw new SQLException("The change feed cannot tell which run of the MySQL/MariaDB server it reads"
                    + " (bloomgate.server_run is missing, or the feed's user may not read or write it), so it could not"
                    + " tell a restart (after which log ids are drawn again) from a lost connection: as an administrator"
                    + " run " + MySqlSchema.SCRIPT + " and GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO the"
                    + " feed's user; then build again", "08006");
        }
        if (restartSeen) {
            throw new SQLException("The MySQL/MariaDB server restarted while the gate was being built; build again",
                    "08006");
        }
        readAll();
        progress.start(this, "bloomgate-mysql-change-feed");
    }

    private void connect() throws SQLException {
        LogConnection opened = LogConnection.open(dataSource, server);
        feedConnectionId = opened.id();
        try {
            if (serverRun == null || !serverRun.equals(opened.run())) {
                // Unknown counts as restarted: a rebuild is only slower, a reused log id would be a lost key.
                restartSeen = true;
            }
            serverRun = opened.run();
            probeSuffix = opened.lockProbeSuffix();
            if (strict == null) {
                strict = opened.canReadTransactions();
                LOG.info("The MySQL/MariaDB change feed retires log holes {}", strict
                        ? "strictly (this user may read information_schema.innodb_trx)"
                        : "after a grace period of " + settings.holeGrace().toSeconds() + " s (this user lacks the"
                        + " PROCESS privilege for information_schema.innodb_trx; see the README)");
            }
            connection = opened.connection();
        } catch (SQLException | RuntimeException e) {
            LogConnection.close(opened.connection());
            throw e;
        }
    }

    @Override
    public void run() {
        long backoff = 100;
        long pause = BUSY_POLL_NANOS;
        long nextPoll = System.nanoTime() + BUSY_POLL_NANOS;
        while (!progress.closed()) {
            try {
                if (connection == null) {
                    connect();
                    if (restartSeen) {
                        restartSeen = false;
                        restartFrom("the MySQL/MariaDB server restarted since the change feed's last read (a crash can"
                                + " undo commits the feed had read, and the server then draws their log ids again)");
                    } else {
                        LOG.info("The MySQL/MariaDB change feed reconnected; reading the log from id {} (holes {})",
                                reader.highWaterMark(), reader.holes());
                    }
                    nextPoll = System.nanoTime();
                }
                progress.sleepUntil(nextPoll);
                if (progress.closed()) {
                    break;
                }
                long rows = readAll();
                pause = rows < 0 ? 0 : rows > 0 ? BUSY_POLL_NANOS : Math.min(Math.max(2 * pause, BUSY_POLL_NANOS), pollNanos);
                nextPoll = System.nanoTime() + pause;
                backoff = 100;
            } catch (SQLException | RuntimeException e) {
                if (progress.closed()) {
                    break;
                }
                LOG.warn("The MySQL/MariaDB change feed lost its connection ({}); lookups pass through until it"
                        + " reconnects and catches up (retry in {} ms)", e.toString(), backoff);
                unsyncAll("the change feed lost its connection: " + e.getMessage());
                LogConnection.close(connection);
                connection = null;
                progress.backOff(backoff);
                backoff = Math.min(2 * backoff, MAX_BACKOFF_MILLIS);
            }
        }
        LogConnection.close(connection);
        connection = null;
    }

    /**
     * One poll: the new rows, the open holes, the lost-rows check, hole retirement; then the guards
     * are fresh as of the moment before its first statement, and waiting writes settle.
     *
     * @return the log rows read, or -1 if the poll took longer than {@code staleAfter}
     */
    private long readAll() throws SQLException {
        List<Guard> settling = progress.takeSettling();
        long readFrom = System.nanoTime(); // before the first statement, so before its read view
        long rows;
        boolean done = false;
        try {
            rows = reader.readNew(connection) + reader.readHoles(connection);
            if (lostRows()) {
                return 0; // waiting writes stay queued (finally): they settle after a poll from the new position
            }
            retirement.retire(connection, Boolean.TRUE.equals(strict), probeSuffix);
            lowestUnread = reader.lowestUnread();
            publish();
            checkHooksOf(settling);
            done = true;
        } finally {
            if (!done) {
                progress.putBack(settling);
            }
        }
        lastReadFrom = readFrom;
        long staleAfter = settings.staleAfter().toNanos();
        for (LogGuard lg : guards) {
            lg.guard.freshUntil(readFrom + staleAfter);
            lg.resumeAfterCatchUp();
            if (lg.guard.state() == GuardState.READY && lg.guard.needsRebuild() && !lg.guard.rebuilding()
                    || lg.automaticRebuildDue() && !lg.guard.rebuilding()) {
                rebuildRequest.accept(lg);
            }
        }
        for (Guard g : settling) {
            g.settle();
        }
        progress.readCompleted();
        return System.nanoTime() - readFrom > staleAfter ? -1 : rows;
    }

    /**
     * Whether log rows this feed needed are gone (pruned past it while it was taken for dead, or the
     * log truncated by hand): then a new start position is taken and every guard waits for a rebuild
     * by scan, which begins after it.
     */
    private boolean lostRows() throws SQLException {
        String why = LogExtent.read(connection).lostRows(reader.lowestUnread(), reader.highWaterMark());
        if (why == null) {
            return false;
        }
        restartFrom(why);
        return true;
    }

    /**
     * The feed's position can no longer be trusted ({@code why}): a new start position is taken and
     * every guard waits for a rebuild by scan, which begins after it.
     */
    private void restartFrom(String why) throws SQLException {
        LOG.warn("{}; every guard of this gate is rebuilt by scan and passes lookups through meanwhile", why);
        FeedPosition fresh = LogExtent.startPosition(connection);
        for (LogGuard lg : guards) {
            // Before the new position is published: a snapshot saved with it would lack the lost keys.
            lg.awaitRebuild(why);
            lg.rebuildAutomatically();
        }
        position(fresh);
        for (LogGuard lg : guards) {
            rebuildRequest.accept(lg);
        }
    }

    /**
     * Before writes with unknown keys settle: the poll just done holds what they logged, if their
     * table's triggers were in place while they ran: the fingerprint recorded before (at install, or
     * found in place by a build or rebuild) must still be the catalog's, after their commit.
     */
    private void checkHooksOf(List<Guard> settling) throws SQLException {
        for (LogGuard lg : guards) {
            if (!settling.contains(lg.guard) || lg.awaitingRebuild()) {
                continue;
            }
            String changed = lg.hookChanged(connection);
            if (changed != null) {
                LOG.error("{}; {} passes lookups through until it is rebuilt by scan", changed, lg.guard);
                lg.awaitRebuild(changed);
                lg.rebuildAutomatically();
                rebuildRequest.accept(lg);
            }
        }
    }

    /** Waits for one complete poll that begins after this call; false on timeout or close. */
    boolean awaitNextRead(long timeoutMillis) throws InterruptedException {
        return progress.awaitNextRead(timeoutMillis);
    }

    /** How long ago the last complete poll began; Long.MAX_VALUE before the first. */
    long lagNanos() {
        long from = lastReadFrom;
        return from == 0 ? Long.MAX_VALUE : System.nanoTime() - from;
    }

    /** The lowest log id this instance has not read or retired: pruning must keep it and everything above. */
    long position() {
        return lowestUnread;
    }

    long feedConnectionId() {
        return feedConnectionId;
    }

    /** Whether holes are retired strictly (PROCESS); null before the first connection. */
    Boolean strict() {
        return strict;
    }

    void unsyncAll(String reason) {
        for (LogGuard lg : guards) {
            if (lg.guard.state() == GuardState.READY) {
                lg.unsync(reason);
            }
        }
    }

    @Override
    public void afterCommit(Guard guard) {
        progress.settleAfterNextRead(guard);
    }

    @Override
    public void close() {
        progress.close(() -> LogConnection.close(connection));
    }

    boolean closed() {
        return progress.closed();
    }
}
