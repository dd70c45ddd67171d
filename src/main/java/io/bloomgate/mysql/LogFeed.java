package io.bloomgate.mysql;

import io.bloomgate.key.KeyBuffer;
import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import io.bloomgate.sync.Settler;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows {@code bloomgate.change_log} on a MySQL/MariaDB server by polling it on one dedicated
 * connection at READ COMMITTED, adding the keys its guards' triggers logged to their filters
 * (docs/architecture.md section 4, "MySQL and MariaDB").
 *
 * <p><b>Gap safety.</b> Log ids are {@code AUTO_INCREMENT} values drawn when a trigger inserts its
 * row, long before the writing transaction commits, so ids become visible out of order. The feed
 * reads every id above its high-water mark, and records each id it skipped as a <em>hole</em>
 * ({@link Holes}); every poll reads the open holes again. Hence after a poll that began at time T,
 * the filters hold every key logged by a transaction that committed before T: the guards answer
 * until T + {@code staleAfter}. A hole is <em>retired</em> (no longer read) only once it is provably
 * empty for good, in one of two modes, chosen by whether the user may read {@code
 * information_schema.innodb_trx} (the {@code PROCESS} privilege):
 * <ul>
 * <li><b>strict</b> (with {@code PROCESS}): the id was drawn before the hole was first seen (ids are
 *     drawn in increasing order, and a higher id was already committed), so by a transaction that
 *     started before then. In one transaction of its own the feed reads {@code innodb_trx}; the read
 *     counts only if it lists the feed's own transaction (InnoDB refreshes that table's cache only
 *     when nobody read it for 100 ms, so a busy reader can see an old copy: the canary proves the copy
 *     is newer than the transaction). Holes first seen more than a second (the column's resolution)
 *     before every other listed transaction started are read once more and retired. A long
 *     transaction holds holes open, as it holds back PostgreSQL's xmin;
 * <li><b>grace period</b> (without {@code PROCESS}): a hole older than the grace period is probed
 *     with a locking read ({@code LOCK IN SHARE MODE NOWAIT}): an uncommitted row in it fails the
 *     probe and keeps it open; otherwise it is retired. What this mode cannot see: a transaction that
 *     drew the id and has not inserted the row for longer than the grace period (InnoDB draws the id
 *     just before inserting the row, so only a stall inside that step: page latches, I/O), or a
 *     server clock that jumps. Documented in the README.
 * </ul>
 * Retiring late is always safe (the key arrives on the next read of the hole): retirement only
 * bounds the feed's memory and work, and lets pruning advance.
 *
 * <p><b>Lost rows.</b> Pruning raises {@code bloomgate.state.pruned_below} before it deletes. A read
 * that finds it above the lowest id the feed has not read (this instance was taken for dead), or
 * finds the log's highest id below its high-water mark (the log was truncated or emptied by hand),
 * makes every guard wait for a rebuild by scan from a new start position.
 *
 * <p><b>Fail open.</b> When the connection dies the guards are unsynced, the feed reconnects with
 * backoff and reads from where it was (high-water mark and holes are kept in memory), and only
 * then are they READY again — unless the server restarted meanwhile ({@link FeedPosition}: a crash
 * can undo a commit the feed read, and the server then draws its log id again, below the
 * high-water mark): then every guard is rebuilt by scan from a new start position. As a {@link Settler}, it settles writes through the gate with unknown
 * keys after a complete read that began after their commit, once the table's triggers are found
 * unchanged.
 */
final class LogFeed implements Runnable, Settler {

    private static final Logger LOG = LoggerFactory.getLogger(LogFeed.class);
    static final long BUSY_POLL_NANOS = 2_000_000;
    private static final int BATCH = 10_000;
    private static final int RANGES_PER_READ = 200;
    private static final long MAX_BACKOFF_MILLIS = 5_000;
    /** How often the strict check reads innodb_trx at most (and never faster than its 100 ms cache rule allows). */
    private static final long STRICT_CHECK_NANOS = 1_000_000_000L;
    /** A hole younger than this is not worth a strict check: trx_started has one-second resolution. */
    private static final long STRICT_MIN_AGE_NANOS = 1_500_000_000L;
    private static final int ER_LOCK_WAIT_TIMEOUT = 1205;
    private static final int ER_LOCK_NOWAIT = 3572;
    private static final int ER_SPECIFIC_ACCESS_DENIED = 1227;
    private static final int ER_NO_SUCH_TABLE = 1146;
    private static final int ER_TABLE_ACCESS_DENIED = 1142;
    /** The server (or the session's transaction) is read-only: --read-only / super_read_only. */
    private static final int ER_READ_ONLY = 1290;

    private final DataSource dataSource;
    private final String server;
    private final List<LogGuard> guards;
    private final Map<Integer, LogGuard> byId = new HashMap<>();
    private final MySqlSync.Settings settings;
    private final Consumer<LogGuard> rebuildRequest;
    private final long pollNanos;
    private final String readSql;
    private final String rowColumns;
    private final Holes holes = new Holes();
    private final KeyBuffer scratch = new KeyBuffer();
    private final ConcurrentLinkedQueue<Guard> settleAfterNextRead = new ConcurrentLinkedQueue<>();
    private final Object progress = new Object();
    private Connection connection;
    private String probeSuffix;
    private volatile Boolean strict;
    private volatile long hwm;
    private volatile long lowestUnread;
    private volatile long feedConnectionId;
    private volatile long lastReadFrom;
    private volatile FeedPosition published;
    /** The server's run as of the position ({@link #serverRun}); null: unknown. */
    private String serverRun;
    private boolean restartSeen;
    private long publishedChanges = -1;
    private long nextRetireCheck;
    private volatile Thread thread;
    private volatile boolean closed;
    private long reads;

    /**
     * @param server         the server the feed must read ({@link #identity}); null: not checked
     * @param start          the position the feed starts from (taken before the guards' scans)
     * @param rebuildRequest asked (on the feed's thread; must not block) to rebuild a guard
     */
    LogFeed(DataSource dataSource, String server, List<LogGuard> guards, MySqlSync.Settings settings,
            FeedPosition start, Consumer<LogGuard> rebuildRequest) {
        this.dataSource = dataSource;
        this.server = server;
        this.guards = List.copyOf(guards);
        for (LogGuard g : guards) {
            byId.put(g.id, g);
        }
        this.settings = settings;
        this.rebuildRequest = rebuildRequest;
        this.pollNanos = Math.max(BUSY_POLL_NANOS,
                Math.min(settings.pollInterval().toNanos(), settings.staleAfter().toNanos() / 3));
        StringBuilder ids = new StringBuilder();
        for (LogGuard g : guards) {
            ids.append(ids.length() == 0 ? "" : ", ").append(g.id);
        }
        // Other gates' guards share the log: their ids are read (the holes are of the whole log) but not their keys.
        this.rowColumns = "SELECT id, guard_id, op, CASE WHEN guard_id IN (" + (ids.length() == 0 ? "NULL" : ids)
                + ") THEN k END FROM bloomgate.change_log WHERE ";
        this.readSql = rowColumns + "id > ? ORDER BY id LIMIT " + BATCH;
        position(start);
    }

    private void position(FeedPosition start) {
        holes.clear();
        long nanos = System.nanoTime(); // a hole's grace period starts anew (a snapshot's holes included)
        for (Holes.Range r : start.holes()) {
            holes.add(r.from(), r.to(), r.seenAtServer(), nanos);
        }
        hwm = start.highWaterMark();
        lowestUnread = holes.lowest(hwm + 1);
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
        if (current != null && current.highWaterMark() == hwm && publishedChanges == holes.changes()
                && java.util.Objects.equals(current.serverRun(), serverRun)) {
            return;
        }
        publishedChanges = holes.changes();
        published = new FeedPosition(hwm, holes.ranges(), serverRun);
    }

    /**
     * The position of the last complete poll (or the start position before the first): every key
     * it says was read is in the filters of the guards not awaiting a rebuild. What a snapshot saves
     * with a filter read after this call.
     */
    FeedPosition saved() {
        return published;
    }

    /**
     * Where a feed starting now must begin so that, with a scan of the table that begins after this
     * call, it misses no key: the log's highest id, and every id between the pruning horizon and it
     * that is not (yet) a committed row. An id below the horizon was read or retired by every live
     * instance when it was pruned; an uncommitted id above it is a hole, retired by the usual rules.
     */
    static FeedPosition startPosition(Connection c) throws SQLException {
        long prunedBelow;
        long max;
        double serverTime;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT (SELECT pruned_below FROM"
                + " bloomgate.state WHERE id = 1), (SELECT COALESCE(MAX(id), 0) FROM bloomgate.change_log),"
                + " UNIX_TIMESTAMP(NOW(6))")) {
            rs.next();
            prunedBelow = rs.getLong(1);
            max = rs.getLong(2);
            serverTime = rs.getDouble(3);
        }
        List<Holes.Range> gaps = new ArrayList<>();
        long nanos = System.nanoTime();
        long from = Math.max(prunedBelow, 1);
        if (max >= from) {
            try (PreparedStatement ps = c.prepareStatement("SELECT prev + 1, id - 1 FROM (SELECT id, COALESCE(LAG(id)"
                    + " OVER (ORDER BY id), ?) AS prev FROM bloomgate.change_log WHERE id >= ? AND id <= ?) x"
                    + " WHERE id > prev + 1")) {
                ps.setLong(1, from - 1);
                ps.setLong(2, from);
                ps.setLong(3, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        gaps.add(new Holes.Range(rs.getLong(1), rs.getLong(2), serverTime, nanos));
                    }
                }
            }
        }
        return new FeedPosition(Math.max(max, from - 1), gaps, serverRun(c));
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
        thread = new Thread(this, "bloomgate-mysql-change-feed");
        thread.setDaemon(true);
        thread.start();
    }

    private void connect() throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            if (server != null && !server.equals(identity(c))) {
                throw new SQLException("The change feed's data source reaches " + identity(c) + ", not the server the"
                        + " gate guards (" + server + "): give BloomGate.Builder.feedDataSource a data source of the"
                        + " same server (not a replica)", "08001");
            }
            c.setAutoCommit(true);
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setNetworkTimeout(Runnable::run, 30_000);
            String version;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION(), CONNECTION_ID()")) {
                rs.next();
                version = rs.getString(1);
                feedConnectionId = rs.getLong(2);
            }
            String run = serverRun(c);
            if (serverRun == null || !serverRun.equals(run)) {
                // Unknown counts as restarted: a rebuild is only slower, a reused log id would be a lost key.
                restartSeen = true;
            }
            serverRun = run;
            // MariaDB: LOCK IN SHARE MODE NOWAIT; MySQL 8: FOR SHARE NOWAIT (its LOCK IN SHARE MODE takes no NOWAIT).
            probeSuffix = version.contains("MariaDB") ? " LOCK IN SHARE MODE NOWAIT" : " FOR SHARE NOWAIT";
            if (strict == null) {
                strict = canReadTransactions(c);
                LOG.info("The MySQL/MariaDB change feed retires log holes {}", strict
                        ? "strictly (this user may read information_schema.innodb_trx)"
                        : "after a grace period of " + settings.holeGrace().toSeconds() + " s (this user lacks the"
                        + " PROCESS privilege for information_schema.innodb_trx; see the README)");
            }
            connection = c;
        } catch (SQLException | RuntimeException e) {
            close(c);
            throw e;
        }
    }

    private static boolean canReadTransactions(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                // Not "WHERE 1 = 0": the server would skip filling the table, and the privilege check with it.
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.innodb_trx")) {
            return true;
        } catch (SQLException e) {
            if (e.getErrorCode() == ER_SPECIFIC_ACCESS_DENIED) {
                return false;
            }
            throw e;
        }
    }

    /** Which server a connection reaches: host name, port and data directory. */
    static String identity(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@hostname, @@port, @@datadir, @@read_only")) {
            rs.next();
            return "server " + rs.getString(1) + ":" + rs.getString(2) + " (" + rs.getString(3) + ")"
                    + (rs.getBoolean(4) ? " (read-only: a replica?)" : "");
        }
    }

    /**
     * Which run of the server {@code c} reaches: the token in {@code bloomgate.server_run}, inserted
     * by the first reader after a start (a MEMORY table: every restart, a crash included, empties it,
     * so a restart always changes the token, however soon after the previous start). Null when it is
     * unknown (the table is missing, or this user may not read or write it), which callers treat as
     * a restart. Not {@code now - Uptime}: two starts a second or two apart had the same start time
     * within its resolution, so a feed took such a restart for a lost connection and resumed above
     * ids the crash had undone and the server had drawn again for other rows, never reading their keys.
     */
    static String serverRun(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("INSERT IGNORE INTO bloomgate.server_run (id, run) VALUES (1, UUID())");
            try (ResultSet rs = s.executeQuery("SELECT run FROM bloomgate.server_run WHERE id = 1")) {
                // Empty only if the row was deleted by hand between the two statements: unknown.
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            if (e.getErrorCode() == ER_NO_SUCH_TABLE || e.getErrorCode() == ER_TABLE_ACCESS_DENIED
                    || e.getErrorCode() == ER_READ_ONLY) {
                LOG.debug("The MySQL/MariaDB server's run cannot be told (bloomgate.server_run): {}", e.toString());
                return null;
            }
            throw e;
        }
    }

    @Override
    public void run() {
        long backoff = 100;
        long pause = BUSY_POLL_NANOS;
        long nextPoll = System.nanoTime() + BUSY_POLL_NANOS;
        while (!closed) {
            try {
                if (connection == null) {
                    connect();
                    if (restartSeen) {
                        restartSeen = false;
                        restartFrom("the MySQL/MariaDB server restarted since the change feed's last read (a crash can"
                                + " undo commits the feed had read, and the server then draws their log ids again)");
                    } else {
                        LOG.info("The MySQL/MariaDB change feed reconnected; reading the log from id {} (holes {})",
                                hwm, holes);
                    }
                    nextPoll = System.nanoTime();
                }
                awaitPoll(nextPoll);
                if (closed) {
                    break;
                }
                long rows = readAll();
                pause = rows < 0 ? 0 : rows > 0 ? BUSY_POLL_NANOS : Math.min(Math.max(2 * pause, BUSY_POLL_NANOS), pollNanos);
                nextPoll = System.nanoTime() + pause;
                backoff = 100;
            } catch (SQLException | RuntimeException e) {
                if (closed) {
                    break;
                }
                LOG.warn("The MySQL/MariaDB change feed lost its connection ({}); lookups pass through until it"
                        + " reconnects and catches up (retry in {} ms)", e.toString(), backoff);
                unsyncAll("the change feed lost its connection: " + e.getMessage());
                close(connection);
                connection = null;
                sleep(backoff);
                backoff = Math.min(2 * backoff, MAX_BACKOFF_MILLIS);
            }
        }
        close(connection);
        connection = null;
    }

    private void awaitPoll(long nextPoll) {
        for (long left; !closed && settleAfterNextRead.isEmpty() && (left = nextPoll - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(this, left);
        }
    }

    /**
     * One poll: the new rows, the open holes, the lost-rows check, hole retirement; then the guards
     * are fresh as of the moment before its first statement, and waiting writes settle.
     *
     * @return the log rows read, or -1 if the poll took longer than {@code staleAfter}
     */
    private long readAll() throws SQLException {
        List<Guard> settling = new ArrayList<>();
        for (Guard g; (g = settleAfterNextRead.poll()) != null; ) {
            settling.add(g);
        }
        long readFrom = System.nanoTime(); // before the first statement, so before its read view
        long rows;
        boolean done = false;
        try {
            rows = readNew() + readHoles();
            if (lostRows()) {
                return 0; // waiting writes stay queued (finally): they settle after a poll from the new position
            }
            retireHoles();
            lowestUnread = holes.lowest(hwm + 1);
            publish();
            checkHooksOf(settling);
            done = true;
        } finally {
            if (!done) {
                settleAfterNextRead.addAll(settling);
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
        synchronized (progress) {
            reads++;
            progress.notifyAll();
        }
        return System.nanoTime() - readFrom > staleAfter ? -1 : rows;
    }

    /** Reads every row above the high-water mark, recording the ids it skips as holes. */
    private long readNew() throws SQLException {
        long rows = 0;
        double serverTime = Double.NaN;
        try (PreparedStatement ps = connection.prepareStatement(readSql)) {
            for (int batch = BATCH; batch == BATCH; ) {
                batch = 0;
                ps.setLong(1, hwm);
                long gapsBefore = holes.ids();
                long top = hwm;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        batch++;
                        long id = rs.getLong(1);
                        if (id > top + 1) {
                            holes.add(top + 1, id - 1, Double.NaN, System.nanoTime());
                        }
                        apply(rs);
                        top = id;
                    }
                }
                hwm = top;
                rows += batch;
                if (holes.ids() > gapsBefore && Double.isNaN(serverTime)) {
                    serverTime = serverTime(); // read after the rows: later than any drawing of a skipped id
                }
            }
        }
        if (!Double.isNaN(serverTime)) {
            holes.stampUnstamped(serverTime);
        }
        return rows;
    }

    private double serverTime() throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT UNIX_TIMESTAMP(NOW(6))")) {
            rs.next();
            return rs.getDouble(1);
        }
    }

    /** Reads the open holes again: a row committed in one since the last poll is added now. */
    private long readHoles() throws SQLException {
        if (holes.isEmpty()) {
            return 0;
        }
        List<Holes.Range> ranges = holes.ranges();
        long rows = 0;
        for (int i = 0; i < ranges.size(); i += RANGES_PER_READ) {
            rows += readRanges(ranges.subList(i, Math.min(ranges.size(), i + RANGES_PER_READ)), "");
        }
        return rows;
    }

    /** Reads the rows in {@code ranges} (with {@code suffix}: a locking read), adding them and closing their holes. */
    private long readRanges(List<Holes.Range> ranges, String suffix) throws SQLException {
        StringBuilder sql = new StringBuilder(rowColumns);
        for (int j = 0; j < ranges.size(); j++) {
            sql.append(j == 0 ? "" : " OR ").append("id BETWEEN ? AND ?");
        }
        long rows = 0;
        try (PreparedStatement ps = connection.prepareStatement(sql + suffix)) {
            int p = 1;
            for (Holes.Range r : ranges) {
                ps.setLong(p++, r.from());
                ps.setLong(p++, r.to());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    if (holes.contains(rs.getLong(1))) {
                        holes.remove(rs.getLong(1));
                        apply(rs);
                    }
                }
            }
        }
        return rows;
    }

    private void apply(ResultSet rs) throws SQLException {
        LogGuard lg = byId.get(rs.getInt(2));
        if (lg == null) {
            return; // another gate's guard
        }
        String op = rs.getString(3);
        switch (op) {
            case "I" -> KeyFunnel.addLogged(lg.guard, rs.getBytes(4), scratch);
            case "D" -> lg.guard.countStale();
            default -> throw new SQLException("unknown change log operation '" + op + "' for " + lg.guard
                    + ": is bloomgate's jar older than its installed SQL?");
        }
    }

    /**
     * Whether log rows this feed needed are gone (pruned past it while it was taken for dead, or the
     * log truncated by hand): then a new start position is taken and every guard waits for a rebuild
     * by scan, which begins after it.
     */
    private boolean lostRows() throws SQLException {
        long prunedBelow;
        long max;
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT (SELECT pruned_below"
                + " FROM bloomgate.state WHERE id = 1), (SELECT COALESCE(MAX(id), 0) FROM bloomgate.change_log)")) {
            rs.next();
            prunedBelow = rs.getLong(1);
            max = rs.getLong(2);
        }
        long lowest = holes.lowest(hwm + 1);
        String why = prunedBelow > lowest ? "the change log was pruned up to id " + prunedBelow + " but this instance had"
                + " not read id " + lowest + " (it was taken for dead: no heartbeat for instanceTimeout)"
                : max < hwm ? "the change log's highest id is " + max + ", below the " + hwm + " this instance had read"
                + " (was bloomgate.change_log truncated or deleted by hand?)" : null;
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
        FeedPosition fresh = startPosition(connection);
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

    /** Retires the holes that are provably empty for good (see the class comment), at most once a second. */
    private void retireHoles() throws SQLException {
        long now = System.nanoTime();
        if (holes.isEmpty() || now - nextRetireCheck < 0) {
            return;
        }
        if (Boolean.TRUE.equals(strict)) {
            nextRetireCheck = now + STRICT_CHECK_NANOS + ThreadLocalRandom.current().nextLong(250_000_000L);
            retireStrictly(now);
        } else {
            nextRetireCheck = now + Math.min(STRICT_CHECK_NANOS, settings.holeGrace().toNanos());
            retireAfterGrace(now);
        }
    }

    private void retireStrictly(long now) throws SQLException {
        List<Holes.Range> candidates = new ArrayList<>();
        for (Holes.Range r : holes.ranges()) {
            if (now - r.seenAtNanos() > STRICT_MIN_AGE_NANOS && !Double.isNaN(r.seenAtServer())) {
                candidates.add(r);
            }
        }
        if (candidates.isEmpty()) {
            return;
        }
        boolean seenSelf = false;
        double oldestOther = Double.POSITIVE_INFINITY;
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            // Starts this connection's own InnoDB transaction: the canary the cached table must list.
            s.executeQuery("SELECT id FROM bloomgate.change_log ORDER BY id DESC LIMIT 1").close();
            try (ResultSet rs = s.executeQuery("SELECT trx_mysql_thread_id = CONNECTION_ID(),"
                    + " UNIX_TIMESTAMP(trx_started) FROM information_schema.innodb_trx")) {
                while (rs.next()) {
                    if (rs.getBoolean(1)) {
                        seenSelf = true;
                    } else {
                        oldestOther = Math.min(oldestOther, rs.getDouble(2));
                    }
                }
            }
        } finally {
            connection.rollback();
            connection.setAutoCommit(true);
        }
        if (!seenSelf) {
            // An old copy of innodb_trx (another reader keeps its cache from refreshing): try again soon.
            nextRetireCheck = now + 150_000_000L + ThreadLocalRandom.current().nextLong(300_000_000L);
            return;
        }
        List<Holes.Range> retirable = new ArrayList<>();
        for (Holes.Range r : candidates) {
            // trx_started is truncated to the second: a transaction listed at second s started at or after
            // s, so one that started before the hole was seen shows s <= seen. One second more for clocks.
            if (r.seenAtServer() + 1 < oldestOther) {
                retirable.add(r);
            }
        }
        retire(retirable);
    }

    private void retireAfterGrace(long now) throws SQLException {
        List<Holes.Range> old = new ArrayList<>();
        for (Holes.Range r : holes.ranges()) {
            if (now - r.seenAtNanos() > settings.holeGrace().toNanos()) {
                old.add(r);
            }
        }
        for (Holes.Range r : old) {
            try {
                // At READ COMMITTED a locking read waits only for rows that exist: an uncommitted one fails
                // at once (NOWAIT), and the hole stays.
                readRanges(List.of(r), probeSuffix);
            } catch (SQLException e) {
                if (e.getErrorCode() == ER_LOCK_WAIT_TIMEOUT || e.getErrorCode() == ER_LOCK_NOWAIT) {
                    continue;
                }
                throw e;
            }
            holes.retire(r.from(), r.to());
        }
    }

    /** Reads the ranges once more (after the proof), then retires them. */
    private void retire(List<Holes.Range> ranges) throws SQLException {
        if (ranges.isEmpty()) {
            return;
        }
        for (int i = 0; i < ranges.size(); i += RANGES_PER_READ) {
            readRanges(ranges.subList(i, Math.min(ranges.size(), i + RANGES_PER_READ)), "");
        }
        for (Holes.Range r : ranges) {
            holes.retire(r.from(), r.to());
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
        long deadline = System.currentTimeMillis() + timeoutMillis;
        synchronized (progress) {
            long target = reads + 2; // the poll in progress may have begun before this call
            while (!closed && reads < target) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    return false;
                }
                progress.wait(left);
            }
        }
        return !closed;
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
        settleAfterNextRead.add(guard);
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    @Override
    public void close() {
        closed = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
        synchronized (progress) {
            progress.notifyAll();
        }
        if (t != null) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            close(connection);
        }
        for (Guard g; (g = settleAfterNextRead.poll()) != null; ) {
            g.settle(); // the gate is closed: nothing is answered any more
        }
    }

    boolean closed() {
        return closed;
    }

    private static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException | RuntimeException e) {
                LOG.debug("closing the change feed's connection failed", e);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
