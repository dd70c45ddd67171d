package io.bloomgate.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MySQL/MariaDB change feed's periodic chores, on their own thread and pool connections so that
 * none delays a poll: the instance's heartbeat, its counters for {@code bloomgate report}, pruning the
 * log, the trigger watchdog and saving snapshots. A chore that fails is logged and runs again at its
 * next turn.
 */
final class LogMaintenance {

    private static final Logger LOG = LoggerFactory.getLogger(LogMaintenance.class);
    private static final long WATCHDOG_MILLIS = 2_000;
    private static final int PRUNE_BATCH = 10_000;
    /** Counters reach {@code bloomgate.instance_stats} at most this often (only when they changed). */
    private static final long STATS_EVERY_MILLIS = 1_000;

    /** One chore. */
    interface Chore {
        void run() throws SQLException;
    }

    private final DataSource dataSource;
    private final LogFeed feed;
    private final MySqlSync.Settings settings;
    private final LogInstance instance;
    /** Null when {@code bloomgate.instance_stats} is missing and could not be created. */
    private final MySqlInstanceStats stats;
    private final Consumer<LogGuard> rebuildRequest;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bloomgate-mysql-maintenance");
        t.setDaemon(true);
        return t;
    });

    /** @param rebuildRequest asked to rebuild a guard whose triggers vanished or changed */
    LogMaintenance(DataSource dataSource, LogFeed feed, MySqlSync.Settings settings, LogInstance instance,
            MySqlInstanceStats stats, Consumer<LogGuard> rebuildRequest) {
        this.dataSource = dataSource;
        this.feed = feed;
        this.settings = settings;
        this.instance = instance;
        this.stats = stats;
        this.rebuildRequest = rebuildRequest;
    }

    /** Schedules every chore; {@code saveSnapshots} every {@code snapshotEvery} unless that is zero. */
    void start(Chore saveSnapshots) {
        if (!settings.snapshotEvery().isZero()) {
            every("snapshot saving", settings.snapshotEvery().toMillis(), saveSnapshots);
        }
        every("heartbeat", settings.heartbeatEvery().toMillis(), this::heartbeat);
        every("counters' write", STATS_EVERY_MILLIS, () -> writeStats(false));
        every("pruning", settings.pruneEvery().toMillis(), this::prune);
        every("trigger watchdog", WATCHDOG_MILLIS, this::watchTriggers);
    }

    private void every(String what, long millis, Chore chore) {
        executor.scheduleWithFixedDelay(() -> run(what, chore), millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Runs {@code chore} now, logging a failure (unless the feed closed meanwhile) instead of throwing it. */
    void run(String what, Chore chore) {
        try {
            chore.run();
        } catch (SQLException | RuntimeException e) {
            if (!feed.closed()) {
                LOG.warn("The change log's {} failed (retried later): {}", what, e.toString());
            }
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
            instance.heartbeat(c, feed.position(), feed.feedConnectionId());
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
                    rebuildRequest.accept(lg);
                }
            }
        }
    }

    /** Stops the chores (one in progress is interrupted). */
    void close() {
        executor.shutdownNow();
    }
}
