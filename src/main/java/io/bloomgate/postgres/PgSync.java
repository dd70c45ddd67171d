package io.bloomgate.postgres;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.report.PostgresIoCounters;
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
    /** The gate's side of its rebuilds (not final: tests wrap it to widen the windows they probe). */
    private volatile RebuildFence fence;
    /**
     * What a rebuild checks the table's definition with, before anything else: {@link
     * TableDefinition#changed} (not final: tests wrap it to hold a rebuild right after its check).
     */
    private volatile DefinitionCheck definitionCheck = TableDefinition::changed;

    /** {@link TableDefinition#changed}'s shape. */
    @FunctionalInterface
    interface DefinitionCheck {
        String changed(Connection connection, Guard guard) throws SQLException;
    }

    private PgSync(DataSource dataSource, DataSource feedSource, String database, List<FeedGuard> guards,
            FeedSettings settings, UUID instance, String description, InstanceStats stats, RebuildFence fence) {
        this.dataSource = dataSource;
        this.fence = fence;
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
     * @param fence the gate's side of online rebuilds: writes through it in flight, its filter generation
     */
    public static PgSync build(DataSource dataSource, List<CatalogReader.KeyColumn> keys, List<FilterSpec> sizes,
            FeedSettings settings, RebuildFence fence) throws SQLException {
        return build(dataSource, null, keys, sizes, settings, fence);
    }

    /**
     * As {@link #build(DataSource, List, List, FeedSettings, RebuildFence)}, with the change feed's
     * connection from {@code feedSource} (checked to reach the same database) instead of {@code
     * dataSource}; null: from {@code dataSource}.
     */
    public static PgSync build(DataSource dataSource, DataSource feedSource, List<CatalogReader.KeyColumn> keys,
            List<FilterSpec> sizes, FeedSettings settings, RebuildFence fence) throws SQLException {
        UUID instance = UUID.randomUUID();
        Instant startedAt = Instant.now();
        Map<Integer, PostgresIoCounters> ioAtStart;
        String description = ManagementFactory.getRuntimeMXBean().getName() + " " + instance;
        List<FeedGuard> guards = new ArrayList<>();
        List<Snapshots.Loaded> loaded = new ArrayList<>();
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
                guard.feedCountsKeys(true);
                guard.keysRewritable(PgSchema.hasRewritingTriggers(c, key.table()));
                guard.freshUntil(System.nanoTime()); // bounded, and stale until the feed's first read
                PgSchema.InstalledGuard installed = PgSchema.installGuard(c, key.table());
                FeedGuard installedGuard = new FeedGuard(guard, installed.id(), installed.keyType());
                installedGuard.hook(PgSchema.hookFingerprint(c, key.table(), installed.id())); // before the scan
                guards.add(installedGuard);
                Snapshots.Loaded snapshot = null;
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
                Snapshots.Loaded snapshot = loaded.get(i);
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
                    GuardSnapshot saved = snapshot.snapshot();
                    fg.guard.restore(saved.filter(), saved.spec(), saved.liveKeys(), saved.staleKeys());
                    fg.position(snapshot.position());
                    keysAtBuild[i] = saved.liveKeys() + saved.staleKeys();
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
                new InstanceStats(instance, description, startedAt, ioAtStart), fence);
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
     * DDL through the gate: before it runs the guard waits for a rebuild (the feed's reads alone
     * cannot make it READY again: the statement may leave the table without triggers, and its
     * writes unlogged); once its transaction ended the rebuild is requested. It checks the table's
     * columns, re-installs the triggers on whatever table the name now denotes, scans it and
     * verifies the triggers are still the ones it installed before the swap.
     */
    @Override
    public Redefinitions redefinitions() {
        return new Redefinitions() {
            @Override
            public void before(Guard guard, String why) {
                FeedGuard fg = feedGuard(guard);
                if (fg != null) {
                    fg.awaitRebuild(why);
                } else {
                    guard.unsync(why);
                }
            }

            @Override
            public void after(Guard guard) {
                FeedGuard fg = feedGuard(guard);
                if (fg != null && fg.awaitingRebuild()) {
                    fg.redefined(); // retried by the feed until one succeeds
                    requestRebuild(fg);
                }
            }
        };
    }

    private FeedGuard feedGuard(Guard guard) {
        for (FeedGuard fg : feed.guards()) {
            if (fg.guard == guard) {
                return fg;
            }
        }
        return null;
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
                    long redefinitions = fg.redefinitions();
                    try {
                        rebuild(fg);
                    } catch (SQLException | RuntimeException e) {
                        LOG.warn("Rebuilding {} failed; it is retried when next needed", fg.guard, e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        rebuildsQueued.remove(fg);
                    }
                    // DDL through the gate ended while this one ran: its request found this one queued
                    // and was dropped, and this one may have checked, scanned or hooked the table as it
                    // was before (renamed away, then back). Once more, now that the DDL is over.
                    if (fg.redefinitions() != redefinitions && fg.awaitingRebuild() && !feed.closed()) {
                        requestRebuild(fg);
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
     * The online rebuild ({@link OnlineRebuild}), on the rebuild thread. PostgreSQL's hook: the
     * change-log triggers, re-installed when the feed awaits a rebuild. Its scan: in a REPEATABLE READ
     * transaction that first draws a transaction id X. Its horizon: the feed has read past X (every
     * transaction that could hold a key the scan missed has ended and been read). Transactions through
     * the gate that began under the old filter are flagged by the fence (their snapshots may still
     * show rows the scan no longer saw).
     */
    private void rebuild(FeedGuard fg) throws SQLException, InterruptedException {
        Guard guard = fg.guard;
        if (guard.rebuilding() || feed.closed()) {
            return;
        }
        long redefinitions = fg.redefinitions(); // before the check: DDL that ends after it may make its verdict stale
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            String changed = definitionCheck.changed(c, guard);
            if (changed != null) {
                // The guard's key form, column types and copied metadata describe the old table.
                fg.awaitRebuild(changed + ": build a new gate");
                fg.stopAutomaticRebuild(redefinitions);
                throw new IllegalStateException("Cannot rebuild " + guard + ": " + changed
                        + "; close the gate and build a new one");
            }
            OnlineRebuild.run(guard, new OnlineRebuild.Database() {
                @Override
                public void reinstallHook() throws SQLException {
                    if (fg.awaitingRebuild()) {
                        PgSchema.installGuard(c, guard.table());
                        // Read after the install, before the scan: see ChangeFeed#checkHooksOf.
                        String hook = PgSchema.hookFingerprint(c, guard.table(), fg.id);
                        if (hook == null) {
                            throw new SQLException("the change-log triggers of " + guard + " were not in place right"
                                    + " after they were installed (DDL on the table in progress?); retrying later");
                        }
                        guard.keysRewritable(PgSchema.hasRewritingTriggers(c, guard.table()));
                        fg.hook(hook);
                    }
                }

                @Override
                public int unsyncsRepaired(int beforeHook) {
                    int now = guard.unsyncCount(); // before the flag: awaitRebuild sets the flag, then unsyncs
                    // No hook is missing: the scan covers every unsync so far (the feed's included: the
                    // horizon waits for it to read past the scan); only later ones stand.
                    return fg.awaitingRebuild() ? beforeHook : now;
                }

                @Override
                public OnlineRebuild.Scanned scan(BloomFilter target) throws SQLException {
                    c.setAutoCommit(false);
                    long xid;
                    long rows;
                    try (Statement s = c.createStatement()) {
                        s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
                        try (ResultSet rs = s.executeQuery("SELECT pg_current_xact_id()::text")) {
                            rs.next();
                            xid = Long.parseLong(rs.getString(1));
                        }
                        rows = TableScanner.scan(c, guard, target, true);
                        c.commit();
                    } finally {
                        c.rollback();
                        c.setAutoCommit(true);
                    }
                    return new OnlineRebuild.Scanned(rows, () -> {
                        if (!feed.awaitPast(fg, xid)) {
                            return false;
                        }
                        String hookChanged = fg.hookChanged(c);
                        if (hookChanged != null) {
                            // Writes since the install (or the build) may have gone unlogged: not this filter.
                            fg.awaitRebuild(hookChanged);
                            fg.rebuildAutomatically();
                            throw new SQLException("Rebuilding " + guard + " failed: " + hookChanged + "; retrying later");
                        }
                        return true;
                    });
                }

                @Override
                public void swapped() {
                    fg.rebuilt();
                }
            }, fence);
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
