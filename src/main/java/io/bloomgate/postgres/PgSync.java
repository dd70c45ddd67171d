package io.bloomgate.postgres;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.DatabaseSync;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.Settler;
import io.bloomgate.sync.TableScanner;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one gate's guards in sync with a PostgreSQL database through the change log: installs the
 * schema and triggers, builds each guard from a snapshot plus the log (or by scan), follows the
 * log, rebuilds online, saves snapshots. Internal to bloomgate (public for {@code BloomGate}, through {@link DatabaseSync}).
 *
 * <p>A build by scan: the triggers exist first (creating them waits for every open writer of the
 * table), then the feed's start position is taken, then the table is scanned. A row committed before
 * the position is in the scan; any other is read from the log. A build from a snapshot starts the
 * feed at the snapshot's position instead.
 */
public final class PgSync implements DatabaseSync {

    private static final Logger LOG = LoggerFactory.getLogger(PgSync.class);

    private final DataSource dataSource;
    private final ChangeFeed feed;
    private final FeedMaintenance maintenance;
    private final Snapshots snapshots;
    private final InstanceStats stats;
    private final UUID instance;
    private final ExecutorService rebuilds;
    private final java.util.Set<FeedGuard> rebuildsQueued = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile Runnable beforeRebuildScan = () -> { };
    private volatile Runnable beforeRebuildSwap = () -> { };

    private PgSync(DataSource dataSource, DataSource feedSource, String database, List<FeedGuard> guards,
            FeedSettings settings, UUID instance, String description, InstanceStats stats) {
        this.dataSource = dataSource;
        this.instance = instance;
        this.stats = stats;
        this.snapshots = new Snapshots(dataSource);
        this.rebuilds = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bloomgate-pg-rebuild");
            t.setDaemon(true);
            return t;
        });
        this.feed = new ChangeFeed(feedSource, database, guards, settings, this::requestRebuild);
        this.maintenance = new FeedMaintenance(dataSource, feed, settings, instance, description, snapshots, stats);
    }

    /**
     * Installs what is missing, builds every guard (from its snapshot where one fits, else by scan),
     * starts following the log and returns when every guard is READY.
     *
     * @param keys  the resolved key columns
     * @param sizes their filters' sizing
     */
    public static PgSync build(DataSource dataSource, List<CatalogReader.KeyColumn> keys, List<FilterSpec> sizes,
            FeedSettings settings) throws SQLException {
        return build(dataSource, null, keys, sizes, settings);
    }

    /**
     * As {@link #build(DataSource, List, List, FeedSettings)}, with the change feed's connection from
     * {@code feedSource} (checked to reach the same database) instead of {@code dataSource}; null:
     * from {@code dataSource}.
     */
    public static PgSync build(DataSource dataSource, DataSource feedSource, List<CatalogReader.KeyColumn> keys,
            List<FilterSpec> sizes, FeedSettings settings) throws SQLException {
        UUID instance = UUID.randomUUID();
        Instant startedAt = Instant.now();
        Map<Integer, PostgresIoCounters> ioAtStart;
        String description = ManagementFactory.getRuntimeMXBean().getName() + " " + instance;
        List<FeedGuard> guards = new ArrayList<>();
        List<GuardSnapshot> loaded = new ArrayList<>();
        long[] keysAtBuild = new long[keys.size()];
        String database = null;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            if (feedSource != null) {
                database = FeedConnection.identity(c);
            }
            PgSchema.install(c);
            Long oldest = null;
            for (int i = 0; i < keys.size(); i++) {
                CatalogReader.KeyColumn key = keys.get(i);
                Guard guard = new Guard(key.table(), key.keyForm(), key.keyType(), key.columnTypes(), sizes.get(i));
                guard.freshUntil(System.nanoTime()); // bounded, and stale until the feed's first read
                PgSchema.InstalledGuard installed = PgSchema.installGuard(c, key.table());
                guards.add(new FeedGuard(guard, installed.id(), installed.keyType()));
                GuardSnapshot snapshot = null;
                if (installed.reinstalled()) {
                    // The triggers were missing, disabled or made for another table of that name:
                    // writes may have gone unlogged since any snapshot was saved.
                    Snapshots.delete(c, installed.id());
                } else {
                    snapshot = Snapshots.usable(Snapshots.read(c, installed.id()), guard, installed.keyType());
                }
                loaded.add(snapshot);
                if (snapshot != null) {
                    oldest = oldest == null ? snapshot.position().xmin() : Math.min(oldest, snapshot.position().xmin());
                }
            }
            ioAtStart = InstanceStats.baselines(c, guards);
            // Registered before any position is taken: pruning then keeps every row this instance needs.
            Instances.register(c, instance, description, oldest);
            for (int i = 0; i < guards.size(); i++) {
                FeedGuard fg = guards.get(i);
                GuardSnapshot snapshot = loaded.get(i);
                long horizon = Instances.horizon(c, fg.id);
                if (snapshot != null && snapshot.position().xmax() > FeedPositions.now(c).xmax()) {
                    LOG.warn("The snapshot of {} is ahead of this server's transaction ids (position {}): it was made"
                            + " on another cluster or before a failover; building it by scan instead", fg.guard,
                            snapshot.position());
                    snapshot = null;
                } else if (snapshot != null && snapshot.position().xmin() < horizon) {
                    LOG.warn("The snapshot of {} needs change-log rows that were pruned or deleted (position {}, horizon"
                            + " {}); building it by scan instead", fg.guard, snapshot.position(), horizon);
                    snapshot = null;
                }
                if (snapshot != null) {
                    fg.guard.restore(snapshot.filter(), snapshot.spec(), snapshot.liveKeys(), snapshot.staleKeys());
                    fg.position(snapshot.position());
                    keysAtBuild[i] = snapshot.liveKeys() + snapshot.staleKeys();
                    LOG.info("Loaded {} from its snapshot at {}; replaying the log from there", fg.guard,
                            snapshot.position());
                } else {
                    // Rows lost below the horizon belong to transactions that had ended: the scan sees them.
                    fg.covered(horizon);
                    fg.position(FeedPositions.now(c));
                    keysAtBuild[i] = TableScanner.scan(c, fg.guard, fg.guard.filter(), true);
                }
            }
        }
        PgSync sync = new PgSync(dataSource, feedSource == null ? dataSource : feedSource, database, guards,
                settings, instance, description,
                new InstanceStats(instance, description, startedAt, ioAtStart));
        try {
            sync.feed.start();
            for (int i = 0; i < guards.size(); i++) {
                FeedGuard fg = guards.get(i);
                fg.guard.ready(keysAtBuild[i]);
                LOG.info("Guard on {} is READY ({}), following the change log", fg.guard.table(), fg.guard.filter());
            }
            sync.maintenance.start();
            return sync;
        } catch (SQLException | RuntimeException e) {
            sync.close();
            throw e;
        }
    }

    @Override
    public List<Guard> guards() {
        List<Guard> guards = new ArrayList<>();
        for (FeedGuard fg : feed.guards()) {
            guards.add(fg.guard);
        }
        return List.copyOf(guards);
    }

    /** Settles writes through the gate with unknown keys (by the feed's next read after their commit). */
    @Override
    public Settler settler() {
        return feed;
    }

    /**
     * Hooks around an online rebuild: {@code beforeScan} returns once every write through the gate
     * that added keys before the rebuild began has executed; {@code beforeSwap} (run after the
     * scan, right before the new filter becomes current) tells the gate that older transactions
     * must not trust the new filter.
     */
    @Override
    public void rebuildHooks(Runnable beforeScan, Runnable beforeSwap) {
        this.beforeRebuildScan = beforeScan;
        this.beforeRebuildSwap = beforeSwap;
    }

    /** Saves every guard's filter to {@code bloomgate.snapshots} now. */
    @Override
    public void saveSnapshots() throws SQLException {
        snapshots.save(feed.guards());
    }

    /** How long ago the change feed last completed a read of the log. */
    @Override
    public Optional<Duration> changeFeedLag() {
        return Optional.of(Duration.ofNanos(feed.lagNanos()));
    }

    /** Waits until the feed completed a read that started after this call; false on timeout. */
    @Override
    public boolean awaitCatchUp(long timeoutMillis) throws InterruptedException {
        return feed.awaitNextRead(timeoutMillis);
    }

    private void requestRebuild(FeedGuard fg) {
        // Once per guard in the queue: the feed asks on every read until the rebuild has begun
        // (every millisecond while the log is busy), and a second queued rebuild would run again
        // right after the first.
        if (!fg.guard.rebuilding() && rebuildsQueued.add(fg)) {
            try {
                rebuilds.execute(() -> {
                    try {
                        rebuild(fg);
                    } catch (SQLException | RuntimeException e) {
                        LOG.warn("Rebuilding {} failed; it is retried when next needed", fg.guard, e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        rebuildsQueued.remove(fg);
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                rebuildsQueued.remove(fg); // closing
            }
        }
    }

    /** Rebuilds {@code guard} (one of this gate's) online and returns when it is done. */
    @Override
    public void rebuild(Guard guard) throws SQLException {
        for (FeedGuard fg : feed.guards()) {
            if (fg.guard == guard) {
                try {
                    rebuilds.submit(() -> {
                        rebuild(fg);
                        return null;
                    }).get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLException("interrupted while rebuilding " + guard, e);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof SQLException sql) {
                        throw sql;
                    }
                    throw new IllegalStateException("rebuilding " + guard + " failed", e.getCause());
                }
                return;
            }
        }
        throw new IllegalArgumentException("not a guard of this gate: " + guard);
    }

    /**
     * The online rebuild, on the rebuild thread: re-install the triggers if needed, start a new filter
     * that every add also reaches, wait for writes through the gate already past their add, scan in
     * a transaction that first draws a transaction id X, wait until the feed has read past X (every
     * transaction that could hold a key the scan missed has ended and been read), then swap.
     */
    private void rebuild(FeedGuard fg) throws SQLException, InterruptedException {
        Guard guard = fg.guard;
        if (guard.rebuilding() || feed.closed()) {
            return;
        }
        int unsyncsBefore = guard.unsyncCount();
        FilterSpec spec = guard.rebuildSpec();
        BloomFilter fresh = guard.beginRebuild(spec);
        boolean finished = false;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            if (fg.awaitingRebuild()) {
                PgSchema.installGuard(c, guard.table());
            }
            beforeRebuildScan.run();
            int unsyncsNow = guard.unsyncCount(); // before the flag: awaitRebuild sets the flag, then unsyncs
            if (!fg.awaitingRebuild()) {
                // No hook is missing: the scan below covers every unsync so far (the feed's
                // included: awaitPast waits for it to read past the scan); only later ones stand.
                unsyncsBefore = unsyncsNow;
            }
            c.setAutoCommit(false);
            long xid;
            long rows;
            try (Statement s = c.createStatement()) {
                s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
                try (ResultSet rs = s.executeQuery("SELECT pg_current_xact_id()::text")) {
                    rs.next();
                    xid = Long.parseLong(rs.getString(1));
                }
                rows = TableScanner.scan(c, guard, fresh, true);
                c.commit();
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
            if (!feed.awaitPast(fg, xid)) {
                return;
            }
            beforeRebuildSwap.run(); // before the swap: no older transaction may see the new filter unflagged
            guard.finishRebuild(spec, rows, unsyncsBefore);
            fg.rebuilt();
            finished = true;
            LOG.info("Rebuilt {} online: {} rows, {}", guard, rows, guard.filter());
        } finally {
            if (!finished) {
                guard.abandonRebuild();
            }
        }
    }

    /** Stops following the log, saves snapshots, writes the final counters and unregisters the instance. */
    @Override
    public void close() {
        maintenance.close();
        rebuilds.shutdownNow();
        try {
            feed.awaitNextRead(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        feed.close();
        try {
            snapshots.save(feed.guards());
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Saving snapshots on close failed; the next instance builds by scan: {}", e.toString());
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            stats.write(c, feed.guards(), true);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Writing the gate instance's final counters failed: {}", e.toString());
        }
        try (Connection c = dataSource.getConnection()) {
            Instances.unregister(c, instance);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Unregistering the gate instance failed; it times out instead: {}", e.toString());
        }
        for (FeedGuard fg : feed.guards()) {
            fg.guard.close();
        }
    }
}
