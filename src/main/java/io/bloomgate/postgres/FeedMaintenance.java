package io.bloomgate.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The change feed's periodic chores, on their own thread and pool connections so that none delays
 * a read: the watchdog (fail open when the feed falls behind), the instance heartbeat, its counters
 * for {@code bloomgate report}, pruning the
 * log, checking that the triggers are still in place, and saving snapshots.
 */
final class FeedMaintenance implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FeedMaintenance.class);
    private static final long WATCHDOG_MILLIS = 100;
    private static final long TRIGGER_CHECK_MILLIS = 2_000;
    /** Counters reach {@code bloomgate.instance_stats} at most this often (only when they changed). */
    private static final long STATS_MILLIS = 1_000;

    private final DataSource dataSource;
    private final ChangeFeed feed;
    private final FeedSettings settings;
    private final UUID instance;
    private final String description;
    private final Snapshots snapshots;
    private final InstanceStats stats;
    private final ScheduledExecutorService executor;
    /** The watchdog's own thread: a chore blocked on the database must not silence it. */
    private final ScheduledExecutorService watchdogExecutor;
    private final AtomicBoolean logTriggersReported = new AtomicBoolean();

    FeedMaintenance(DataSource dataSource, ChangeFeed feed, FeedSettings settings, UUID instance, String description,
            Snapshots snapshots, InstanceStats stats) {
        this.dataSource = dataSource;
        this.feed = feed;
        this.settings = settings;
        this.instance = instance;
        this.description = description;
        this.snapshots = snapshots;
        this.stats = stats;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bloomgate-feed-maintenance");
            t.setDaemon(true);
            return t;
        });
        this.watchdogExecutor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bloomgate-feed-watchdog");
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        watchdogExecutor.scheduleWithFixedDelay(this::watchdog, WATCHDOG_MILLIS, WATCHDOG_MILLIS,
                TimeUnit.MILLISECONDS);
        every(settings.heartbeatEvery().toMillis(), this::heartbeat);
        every(settings.pruneEvery().toMillis(), this::prune);
        every(TRIGGER_CHECK_MILLIS, this::checkTriggers);
        every(STATS_MILLIS, this::writeStats);
        if (!settings.snapshotEvery().isZero()) {
            every(settings.snapshotEvery().toMillis(), () -> snapshots.save(feed.guards()));
        }
    }

    private interface Chore {
        void run() throws SQLException;
    }

    private void every(long millis, Chore chore) {
        executor.scheduleWithFixedDelay(() -> {
            try {
                chore.run();
            } catch (SQLException | RuntimeException e) {
                LOG.warn("A change-feed chore failed (it is retried): {}", e.toString());
            }
        }, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void watchdog() {
        if (!feed.closed()) {
            feed.unsyncStale();
        }
    }

    private void heartbeat() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            Instances.heartbeat(c, instance, description, frontier());
        }
    }

    /** The oldest log position this instance still needs. */
    long frontier() {
        long frontier = Long.MAX_VALUE;
        for (FeedGuard fg : feed.guards()) {
            frontier = Math.min(frontier, fg.position().xmin());
        }
        return frontier;
    }

    private void writeStats() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            stats.write(c, feed.guards(), false);
        }
    }

    private void prune() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            long deleted = Instances.prune(c, settings.instanceTimeout(), settings.snapshotRetention());
            InstanceStats.prune(c);
            if (deleted > 0) {
                LOG.debug("Pruned {} change-log rows every instance has read", deleted);
            }
        }
    }

    /** Missing or disabled triggers mean writes go unlogged: pass lookups through until a rebuild. */
    private void checkTriggers() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean logTriggers = PgSchema.logTriggersInPlace(c);
            if (!logTriggers && logTriggersReported.compareAndSet(false, true)) {
                // Nothing is lost by that alone, so the guards keep answering; but a TRUNCATE or
                // DELETE of the log would now go unnoticed.
                LOG.error("The triggers on bloomgate.change_log (change_log_truncated, change_log_deleted) are missing"
                        + " or not ENABLE ALWAYS: rows deleted from the change log by hand would go undetected; run "
                        + PgSchema.SCRIPT + " again (as the schema's owner) to restore them");
            } else if (logTriggers) {
                logTriggersReported.set(false);
            }
            for (FeedGuard fg : feed.guards()) {
                // A BEFORE row trigger or a rule created (or dropped) since: key writes through the
                // gate count as unknown from now on (see Guard#keysRewritable). The ones sent in the
                // 2 s before this check are in the filter once the feed has read them.
                fg.guard.keysRewritable(PgSchema.hasRewritingTriggers(c, fg.guard.table()));
                // The fingerprint, not only the triggers' count: triggers dropped and re-created, a
                // table replaced by one that got triggers of the same names, a retyped key column.
                String changed = fg.awaitingRebuild() ? null : fg.hookChanged(c);
                if (changed != null && FeedGuard.partitionsOnly(changed)) {
                    // A partition created or attached (monthly partitions, say): nothing of bloomgate's
                    // was touched by hand, so the guard is rebuilt by scan without being asked.
                    String reason = changed + "; rebuilding by scan, passing lookups through meanwhile";
                    LOG.warn(reason);
                    fg.awaitRebuild(reason);
                    fg.rebuildAutomatically();
                    Snapshots.delete(c, fg.id); // the attached rows are in no snapshot
                } else if (changed != null) {
                    String reason = changed + "; call BloomGate.rebuild() to re-install the triggers and scan the table";
                    LOG.error(reason);
                    fg.awaitRebuild(reason);
                    Snapshots.delete(c, fg.id); // writes went unlogged: no instance may start from it
                }
            }
        }
    }

    @Override
    public void close() {
        watchdogExecutor.shutdownNow();
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
