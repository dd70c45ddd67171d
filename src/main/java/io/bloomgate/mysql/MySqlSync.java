package io.bloomgate.mysql;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.report.MySqlIoCounters;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.DatabaseSync;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.GuardSnapshot;
import io.bloomgate.sync.OnlineRebuild;
import io.bloomgate.sync.RebuildFence;
import io.bloomgate.sync.Redefinitions;
import io.bloomgate.sync.Settler;
import io.bloomgate.sync.TableDefinition;
import io.bloomgate.sync.TableScanner;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one gate's guards in sync with a MySQL/MariaDB server through the change log
 * ({@code bloomgate.change_log}, filled by row triggers): installs the log and the triggers, builds
 * each guard by scan, follows the log ({@link LogFeed}), rebuilds online, prunes the log and watches
 * the triggers. Internal to bloomgate (public for {@code BloomGate}, through {@link DatabaseSync}).
 *
 * <p>A build: the instance registers first (at position 0, so that no pruning passes it while it
 * builds), then every guard's triggers are in place (creating one waits for every open transaction
 * that used the table), then the feed's start position is taken ({@link LogFeed#startPosition}: the
 * log's highest id and every unread id below it), then the tables are scanned. A row committed
 * before the scan began is in the scan; any other was logged at or above the position, or in one of
 * its holes, which the feed reads.
 *
 * <p>A build from snapshots ({@link LogSnapshots}): a guard whose saved filter fits (same column,
 * table definition, triggers and filter shape) and whose position the log still holds is loaded
 * instead of scanned; the feed then starts at the union of the loaded positions and, if any guard is
 * scanned, the position taken before its scan ({@link FeedPosition#union}): every guard reads at
 * least what it lacks (a key read twice is harmless). Snapshots are saved every {@code
 * snapshotEvery}, on {@link #saveSnapshots()} and on {@link #close()}.
 *
 * <p>Not yet: the read of the log by database (every instance reads the ids of every guarded table
 * of the server, and the keys of its own).
 */
public final class MySqlSync implements DatabaseSync {

    private static final Logger LOG = LoggerFactory.getLogger(MySqlSync.class);
    private static final long WATCHDOG_MILLIS = 2_000;
    private static final int PRUNE_BATCH = 10_000;
    /** Counters reach {@code bloomgate.instance_stats} at most this often (only when they changed). */
    private static final long STATS_EVERY_MILLIS = 1_000;

    /**
     * How a MySQL/MariaDB gate follows the change log. Internal (the builder fills it).
     *
     * @param staleAfter      lookups pass through once the last complete poll of the log began longer ago
     * @param pollInterval    the idle poll interval (at most a third of {@code staleAfter})
     * @param instanceTimeout an instance without a heartbeat for this long no longer holds the log back
     * @param holeGrace       without {@code PROCESS}: how long a hole in the log's ids stays open before
     *                        a lock probe may retire it
     * @param snapshotEvery   how often filters are saved to {@code bloomgate.snapshots} (also on close);
     *                        zero: on close only
     */
    public record Settings(Duration staleAfter, Duration pollInterval, Duration instanceTimeout, Duration holeGrace,
            Duration snapshotEvery) {

        /** The defaults: 5 s, 5 ms, 10 min, 60 s. */
        public static final Duration DEFAULT_HOLE_GRACE = Duration.ofSeconds(60);

        Duration heartbeatEvery() {
            return min(instanceTimeout.dividedBy(4), Duration.ofSeconds(5));
        }

        Duration pruneEvery() {
            return min(instanceTimeout.dividedBy(2), Duration.ofMinutes(1));
        }

        private static Duration min(Duration a, Duration b) {
            Duration m = a.compareTo(b) <= 0 ? a : b;
            return m.isZero() ? Duration.ofMillis(1) : m;
        }
    }

    private final DataSource dataSource;
    private final LogFeed feed;
    private final Settings settings;
    private final UUID instance;
    private final String description;
    private final ExecutorService rebuilds = Executors.newSingleThreadExecutor(r -> daemon(r, "bloomgate-mysql-rebuild"));
    private final ScheduledExecutorService maintenance = Executors.newSingleThreadScheduledExecutor(
            r -> daemon(r, "bloomgate-mysql-maintenance"));
    private final Set<LogGuard> rebuildsQueued = ConcurrentHashMap.newKeySet();
    private final RebuildFence fence;
    /** Null when {@code bloomgate.instance_stats} is missing and could not be created. */
    private final MySqlInstanceStats stats;

    /** Whether {@code bloomgate.snapshots} exists (an older install may lack it, and the user may not create it). */
    private final boolean snapshots;

    private MySqlSync(DataSource dataSource, LogFeed feed, Settings settings, UUID instance, String description,
            RebuildFence fence, MySqlInstanceStats stats, boolean snapshots) {
        this.dataSource = dataSource;
        this.snapshots = snapshots;
        this.feed = feed;
        this.settings = settings;
        this.instance = instance;
        this.description = description;
        this.fence = fence;
        this.stats = stats;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Installs what is missing, builds every guard (from its snapshot where one fits and the log still
     * holds its position, else by scan), starts following the log and returns when every guard is
     * READY.
     *
     * @param feedSource the change feed's data source (checked to reach the same server); null: {@code dataSource}
     * @param fence      the gate's side of online rebuilds
     */
    public static MySqlSync build(DataSource dataSource, DataSource feedSource, List<CatalogReader.KeyColumn> keys,
            List<FilterSpec> sizes, Settings settings, RebuildFence fence) throws SQLException {
        UUID instance = UUID.randomUUID();
        List<LogGuard> guards = new ArrayList<>();
        long[] rows = new long[keys.size()];
        String server = null;
        String description;
        FeedPosition start;
        boolean snapshots;
        MySqlInstanceStats stats = null;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            if (feedSource != null) {
                server = LogFeed.identity(c);
            }
            String database;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
                rs.next();
                database = rs.getString(1);
            }
            description = ManagementFactory.getRuntimeMXBean().getName() + " " + instance + " (database " + database + ")";
            MySqlSchema.install(c);
            snapshots = MySqlSchema.installSnapshots(c);
            MySqlSchema.installServerRun(c);
            if (MySqlSchema.installStats(c)) {
                stats = new MySqlInstanceStats(instance.toString(), description, serverCounters(c));
            }
            // Registered before the position is taken, at 0: no pruning passes this instance while it builds
            // (nor, from here on, any snapshot's position it loads).
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO bloomgate.instances (id, description, heartbeat,"
                    + " position) VALUES (?, ?, NOW(6), 0)")) {
                ps.setString(1, instance.toString());
                ps.setString(2, description.length() > 512 ? description.substring(0, 512) : description);
                ps.executeUpdate();
            }
            try {
                List<LogSnapshots.Loaded> loaded = new ArrayList<>();
                for (int i = 0; i < keys.size(); i++) {
                    CatalogReader.KeyColumn key = keys.get(i);
                    Guard guard = new Guard(key.table(), key.keyForm(), key.keyType(), key.columnTypes(), sizes.get(i));
                    guard.freshUntil(System.nanoTime()); // stale until the feed's first read
                    MySqlSchema.InstalledGuard installed = MySqlSchema.installGuard(c, key.table(), key.keyForm());
                    LogGuard lg = new LogGuard(guard, installed.id(), key.keyTypeSignature());
                    String hook = MySqlSchema.hookFingerprint(c, key.table(), installed.id(), key.keyForm());
                    if (hook == null) {
                        throw new SQLException("the change-log triggers of " + guard + " were not in place right after"
                                + " they were installed (DDL on the table in progress?); build again");
                    }
                    lg.hook(hook);
                    guards.add(lg);
                    loaded.add(snapshots ? loadSnapshot(c, installed, lg) : null);
                }
                long[] log = prunedBelowAndMaxId(c);
                String serverRun = LogFeed.serverRun(c);
                List<FeedPosition> positions = new ArrayList<>();
                boolean scans = false;
                for (int i = 0; i < guards.size(); i++) {
                    LogSnapshots.Loaded l = loaded.get(i);
                    if (l != null && !LogSnapshots.replayable(l, guards.get(i), log[0], log[1], serverRun)) {
                        loaded.set(i, null);
                    }
                    if (loaded.get(i) == null) {
                        scans = true;
                    } else {
                        positions.add(loaded.get(i).position());
                    }
                }
                if (scans) {
                    positions.add(LogFeed.startPosition(c)); // before the scans
                }
                start = FeedPosition.union(positions);
                for (int i = 0; i < guards.size(); i++) {
                    Guard guard = guards.get(i).guard;
                    LogSnapshots.Loaded l = loaded.get(i);
                    if (l == null) {
                        rows[i] = TableScanner.scan(c, guard, guard.filter(), false,
                                MySqlSchema.keyExpression(guard.keyForm(), "%s"));
                    } else {
                        GuardSnapshot saved = l.snapshot();
                        guard.restore(saved.filter(), saved.spec(), saved.liveKeys(), saved.staleKeys());
                        rows[i] = saved.liveKeys() + saved.staleKeys();
                        LOG.info("Loaded {} from its snapshot at {}; replaying the change log from {}", guard,
                                l.position(), start);
                    }
                }
            } catch (SQLException | RuntimeException e) {
                unregister(c, instance);
                throw e;
            }
        }
        MySqlSync[] self = new MySqlSync[1];
        LogFeed feed = new LogFeed(feedSource == null ? dataSource : feedSource, server, guards, settings, start,
                lg -> self[0].requestRebuild(lg));
        MySqlSync sync = new MySqlSync(dataSource, feed, settings, instance, description, fence, stats, snapshots);
        self[0] = sync;
        try {
            feed.start();
            for (int i = 0; i < guards.size(); i++) {
                guards.get(i).guard.ready(rows[i]);
                LOG.info("Guard on {} is READY ({}), following the change log", guards.get(i).guard.table(),
                        guards.get(i).guard.filter());
            }
            sync.heartbeat();
            sync.run("counters' write", () -> sync.writeStats(false)); // a failure here must not fail the build
            sync.startMaintenance();
            return sync;
        } catch (SQLException | RuntimeException e) {
            sync.close();
            throw e;
        }
    }

    /**
     * Guard {@code installed}'s snapshot if it can be trusted, else null (the guard is scanned).
     * A snapshot is a shortcut, never a condition of building: a failure to read or forget it (the
     * table dropped meanwhile, a right revoked) is logged and the guard scanned. Forgetting one
     * whose triggers were re-installed is belt and braces: its signature holds the triggers'
     * fingerprint, which no longer matches, so it would not be trusted anyway.
     */
    private static LogSnapshots.Loaded loadSnapshot(Connection c, MySqlSchema.InstalledGuard installed, LogGuard lg) {
        try {
            if (installed.reinstalled()) {
                // The triggers were missing or not this jar's: writes may have gone unlogged since any save.
                LogSnapshots.delete(c, installed.id());
                return null;
            }
            return LogSnapshots.usable(LogSnapshots.read(c, installed.id()), lg);
        } catch (SQLException e) {
            LOG.warn("Could not read the snapshot of {} ({}); scanning its table instead", lg.guard, e.getMessage());
            return null;
        }
    }

    /** The log's {@code pruned_below} and highest id (0 if empty). */
    private static long[] prunedBelowAndMaxId(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT (SELECT pruned_below FROM"
                + " bloomgate.state WHERE id = 1), (SELECT COALESCE(MAX(id), 0) FROM bloomgate.change_log)")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    private void startMaintenance() {
        if (!settings.snapshotEvery().isZero()) {
            maintenance.scheduleWithFixedDelay(() -> run("snapshot saving", this::saveSnapshots),
                    settings.snapshotEvery().toMillis(), settings.snapshotEvery().toMillis(), TimeUnit.MILLISECONDS);
        }
        maintenance.scheduleWithFixedDelay(() -> run("heartbeat", this::heartbeat),
                settings.heartbeatEvery().toMillis(), settings.heartbeatEvery().toMillis(), TimeUnit.MILLISECONDS);
        maintenance.scheduleWithFixedDelay(() -> run("counters' write", () -> writeStats(false)),
                STATS_EVERY_MILLIS, STATS_EVERY_MILLIS, TimeUnit.MILLISECONDS);
        maintenance.scheduleWithFixedDelay(() -> run("pruning", this::prune),
                settings.pruneEvery().toMillis(), settings.pruneEvery().toMillis(), TimeUnit.MILLISECONDS);
        maintenance.scheduleWithFixedDelay(() -> run("trigger watchdog", this::watchTriggers),
                WATCHDOG_MILLIS, WATCHDOG_MILLIS, TimeUnit.MILLISECONDS);
    }

    private interface Task {
        void run() throws SQLException;
    }

    private void run(String what, Task task) {
        try {
            task.run();
        } catch (SQLException | RuntimeException e) {
            if (!feed.closed()) {
                LOG.warn("The change log's {} failed (retried later): {}", what, e.toString());
            }
        }
    }

    /**
     * The server's read counters now, the baseline {@code bloomgate report} measures against; null
     * (logged) if they cannot be read: that costs the report its measured figures, never the start.
     */
    private static MySqlIoCounters serverCounters(Connection c) {
        try {
            return MySqlIoCounters.read(c).orElse(null);
        } catch (SQLException e) {
            LOG.warn("Reading the server's status counters failed; `bloomgate report` will not measure the server's"
                    + " reads for this instance: {}", e.toString());
            return null;
        }
    }

    /** Writes this instance's changed counters (every guard's, with ended_at, when {@code ended}). */
    void writeStats(boolean ended) throws SQLException {
        if (stats == null) {
            return;
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            stats.write(c, feed.guards(), ended);
        }
    }

    /** Says this instance is alive and which log rows it still needs (its position). */
    void heartbeat() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            try (PreparedStatement ps = c.prepareStatement("UPDATE bloomgate.instances SET heartbeat = NOW(6),"
                    + " position = ?, feed_connection = ? WHERE id = ?")) {
                ps.setLong(1, feed.position());
                ps.setLong(2, feed.feedConnectionId());
                ps.setString(3, instance.toString());
                if (ps.executeUpdate() == 0) {
                    try (PreparedStatement insert = c.prepareStatement("INSERT INTO bloomgate.instances (id,"
                            + " description, heartbeat, position, feed_connection) VALUES (?, ?, NOW(6), ?, ?)")) {
                        insert.setString(1, instance.toString());
                        insert.setString(2, description.length() > 512 ? description.substring(0, 512) : description);
                        insert.setLong(3, feed.position());
                        insert.setLong(4, feed.feedConnectionId());
                        insert.executeUpdate();
                    }
                }
            }
        }
    }

    /**
     * Deletes the log rows every live instance has read or retired (below the lowest position of an
     * instance with a recent heartbeat), keeping the newest row (the feeds compare their high-water
     * mark with it to notice a log emptied by hand). {@code pruned_below} is raised first, so that an
     * instance that needed a deleted row sees the horizon no later than the gap.
     */
    void prune() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            long below;
            // Snapshots do not hold pruning back (PostgreSQL's snapshotRetention): the log is one sequence for
            // every guard of the server, so a snapshot of a guard no longer used would keep every guard's rows.
            // A snapshot is loaded only while the log still holds its position (LogSnapshots.replayable).
            try (PreparedStatement ps = c.prepareStatement("SELECT (SELECT MIN(position) FROM bloomgate.instances"
                    + " WHERE heartbeat > NOW(6) - INTERVAL ? MICROSECOND), (SELECT MAX(id) FROM bloomgate.change_log),"
                    + " (SELECT pruned_below FROM bloomgate.state WHERE id = 1)")) {
                ps.setLong(1, settings.instanceTimeout().toNanos() / 1_000);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    long live = rs.getLong(1);
                    boolean anyLive = !rs.wasNull();
                    long max = rs.getLong(2);
                    if (!anyLive || rs.wasNull() || Math.min(live, max) <= rs.getLong(3)) {
                        return;
                    }
                    below = Math.min(live, max);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE bloomgate.state SET pruned_below ="
                    + " GREATEST(pruned_below, ?) WHERE id = 1")) {
                ps.setLong(1, below);
                ps.executeUpdate();
            }
            long deleted = 0;
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.change_log WHERE id < ? ORDER BY id"
                    + " LIMIT " + PRUNE_BATCH)) {
                ps.setLong(1, below);
                for (int n = PRUNE_BATCH; n == PRUNE_BATCH && !feed.closed(); deleted += n) {
                    n = ps.executeUpdate();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instances WHERE heartbeat < NOW(6)"
                    + " - INTERVAL 1 DAY")) {
                ps.executeUpdate();
            }
            if (stats != null) {
                MySqlInstanceStats.prune(c);
            }
            LOG.debug("Pruned the change log below id {} ({} rows)", below, deleted);
        }
    }

    /** The watchdog: a guard whose triggers vanished or changed waits for a rebuild, which re-installs them. */
    private void watchTriggers() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            for (LogGuard lg : feed.guards()) {
                if (lg.awaitingRebuild() || lg.guard.rebuilding()) {
                    continue;
                }
                String changed = lg.hookChanged(c);
                if (changed != null) {
                    LOG.error("{}; {} passes lookups through until it is rebuilt by scan", changed, lg.guard);
                    lg.awaitRebuild(changed);
                    lg.rebuildAutomatically();
                    requestRebuild(lg);
                }
            }
        }
    }

    private static void unregister(Connection c, UUID instance) {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instances WHERE id = ?")) {
            ps.setString(1, instance.toString());
            ps.executeUpdate();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Unregistering the gate instance failed; it times out instead: {}", e.toString());
        }
    }

    @Override
    public List<Guard> guards() {
        List<Guard> guards = new ArrayList<>();
        for (LogGuard lg : feed.guards()) {
            guards.add(lg.guard);
        }
        return List.copyOf(guards);
    }

    /** Settles writes through the gate with unknown keys (by the feed's next complete poll after their commit). */
    @Override
    public Settler settler() {
        return feed;
    }

    /**
     * DDL through the gate: before it runs the guard waits for a rebuild (the statement may drop the
     * table and its triggers); once its transaction ended the rebuild checks the columns, re-installs
     * the triggers on whatever table the name now denotes, and scans it.
     */
    @Override
    public Redefinitions redefinitions() {
        return new Redefinitions() {
            @Override
            public void before(Guard guard, String why) {
                LogGuard lg = logGuard(guard);
                if (lg != null) {
                    lg.awaitRebuild(why);
                } else {
                    guard.unsync(why);
                }
            }

            @Override
            public void after(Guard guard) {
                LogGuard lg = logGuard(guard);
                if (lg != null && lg.awaitingRebuild()) {
                    lg.rebuildAutomatically();
                    requestRebuild(lg);
                }
            }
        };
    }

    private LogGuard logGuard(Guard guard) {
        for (LogGuard lg : feed.guards()) {
            if (lg.guard == guard) {
                return lg;
            }
        }
        return null;
    }

    /** Saves every guard's filter, with the feed's position, to {@code bloomgate.snapshots} now. */
    @Override
    public void saveSnapshots() throws SQLException {
        if (!snapshots) {
            throw new SQLException("Cannot save snapshots: table bloomgate.snapshots is missing and this gate's user could"
                    + " not create it at build; an administrator runs " + MySqlSchema.SCRIPT + ", then build again");
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            LogSnapshots.save(c, feed.guards(), feed);
        }
    }

    /** How long ago the change feed's last complete poll began. */
    @Override
    public Optional<Duration> changeFeedLag() {
        return Optional.of(Duration.ofNanos(feed.lagNanos()));
    }

    /** Waits until the feed completed a poll that began after this call; false on timeout. */
    @Override
    public boolean awaitCatchUp(long timeoutMillis) throws InterruptedException {
        return feed.awaitNextRead(timeoutMillis);
    }

    /** Whether this instance retires log holes strictly (its user may read innodb_trx); for tests and reports. */
    public boolean strictHoles() {
        return Boolean.TRUE.equals(feed.strict());
    }

    private void requestRebuild(LogGuard lg) {
        if (!lg.guard.rebuilding() && rebuildsQueued.add(lg)) {
            try {
                rebuilds.execute(() -> {
                    try {
                        rebuild(lg);
                    } catch (SQLException | RuntimeException e) {
                        LOG.warn("Rebuilding {} failed; it is retried when next needed", lg.guard, e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        rebuildsQueued.remove(lg);
                    }
                });
            } catch (RejectedExecutionException e) {
                rebuildsQueued.remove(lg); // closing
            }
        }
    }

    /** Rebuilds {@code guard} online and returns when done. */
    @Override
    public void rebuild(Guard guard) throws SQLException {
        LogGuard lg = logGuard(guard);
        if (lg == null) {
            throw new IllegalArgumentException("not a guard of this gate: " + guard);
        }
        try {
            rebuilds.submit(() -> {
                rebuild(lg);
                return null;
            }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while rebuilding " + guard, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("rebuilding " + guard + " failed", e.getCause());
        }
    }

    /**
     * The online rebuild ({@link OnlineRebuild}) on the rebuild thread. The hook: the three triggers,
     * re-installed when the guard awaits a rebuild. The scan: one statement (one read view), begun
     * after the new filter began (every key the feed adds from then on reaches both filters). The
     * horizon: a complete poll of the feed that began after the scan ended, and the triggers found
     * as installed (a key committed after the scan's read view is read by a poll after its commit, so
     * into both filters; the fence flags the gate's transactions that may still see deleted rows).
     */
    private void rebuild(LogGuard lg) throws SQLException, InterruptedException {
        Guard guard = lg.guard;
        if (guard.rebuilding() || feed.closed()) {
            return;
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            String changed = TableDefinition.changed(guard,
                    MySqlCatalog.columnTypes(c, guard.table().schema(), guard.table().table()));
            if (changed != null) {
                lg.awaitRebuild(changed + ": build a new gate");
                lg.stopAutomaticRebuild();
                throw new IllegalStateException("Cannot rebuild " + guard + ": " + changed
                        + "; close the gate and build a new one");
            }
            OnlineRebuild.run(guard, new OnlineRebuild.Database() {
                @Override
                public void reinstallHook() throws SQLException {
                    if (lg.awaitingRebuild()) {
                        MySqlSchema.installGuard(c, guard.table(), guard.keyForm());
                        String hook = MySqlSchema.hookFingerprint(c, guard.table(), lg.id, guard.keyForm());
                        if (hook == null) {
                            throw new SQLException("the change-log triggers of " + guard + " were not in place right"
                                    + " after they were installed (DDL on the table in progress?); retrying later");
                        }
                        lg.hook(hook);
                    }
                }

                @Override
                public int unsyncsRepaired(int beforeHook) {
                    int now = guard.unsyncCount();
                    return lg.awaitingRebuild() ? beforeHook : now;
                }

                @Override
                public OnlineRebuild.Scanned scan(BloomFilter target) throws SQLException {
                    long rows = TableScanner.scan(c, guard, target, false,
                            MySqlSchema.keyExpression(guard.keyForm(), "%s"));
                    return new OnlineRebuild.Scanned(rows, () -> {
                        if (!feed.awaitNextRead(Math.max(60_000, 3 * settings.staleAfter().toMillis()))) {
                            if (feed.closed()) {
                                return false;
                            }
                            throw new SQLException("Rebuilding " + guard + ": the change feed did not complete a read"
                                    + " after the scan (disconnected?); retrying later");
                        }
                        String hookChanged = lg.hookChanged(c);
                        if (hookChanged != null) {
                            lg.awaitRebuild(hookChanged);
                            lg.rebuildAutomatically();
                            throw new SQLException("Rebuilding " + guard + " failed: " + hookChanged + "; retrying later");
                        }
                        return true;
                    });
                }

                @Override
                public void swapped() {
                    lg.rebuilt();
                }
            }, fence);
        }
    }

    /**
     * Stops following the log, saves snapshots (after a last poll, if the feed completes one within
     * 2 s) and unregisters the instance; the triggers stay (other instances use them).
     */
    @Override
    public void close() {
        maintenance.shutdownNow();
        rebuilds.shutdownNow();
        if (!feed.closed()) {
            try {
                feed.awaitNextRead(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        feed.close();
        try {
            saveSnapshots(); // the feed's thread has ended: its position and the filters no longer move
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Saving snapshots on close failed; the next instance builds by scan: {}", e.toString());
        }
        try {
            writeStats(true);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Writing the instance's final counters failed: {}", e.toString());
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            unregister(c, instance);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Unregistering the gate instance failed; it times out instead: {}", e.toString());
        }
        for (LogGuard lg : feed.guards()) {
            lg.guard.close();
        }
    }
}
