package io.bloomgate.mysql;

import io.bloomgate.filter.FilterSpec;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.DatabaseSync;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.RebuildFence;
import io.bloomgate.sync.Redefinitions;
import io.bloomgate.sync.Settler;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one gate's guards in sync with a MySQL/MariaDB server through the change log
 * ({@code bloomgate.change_log}, filled by row triggers). Internal to bloomgate (public for {@code
 * BloomGate}, through {@link DatabaseSync}). It assembles the parts, each of which says why it is one:
 * the build ({@link LogBuild}: install, register, triggers, snapshots or scans, the start position),
 * the feed ({@link LogFeed}), online rebuilds ({@link LogRebuilds}) and the periodic chores ({@link
 * LogMaintenance}: heartbeat, counters, pruning, the trigger watchdog, snapshots). Snapshots are
 * saved every {@code snapshotEvery}, on {@link #saveSnapshots()} and on {@link #close()}.
 *
 * <p>Not yet: the read of the log by database (every instance reads the ids of every guarded table
 * of the server, and the keys of its own).
 */
public final class MySqlSync implements DatabaseSync {

    private static final Logger LOG = LoggerFactory.getLogger(MySqlSync.class);

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
    private final LogRebuilds rebuilds;
    private final LogMaintenance maintenance;
    private final LogInstance instance;
    /** Whether {@code bloomgate.snapshots} exists (an older install may lack it, and the user may not create it). */
    private final boolean snapshots;

    private MySqlSync(DataSource dataSource, DataSource feedSource, LogBuild built, Settings settings,
            RebuildFence fence) {
        this.dataSource = dataSource;
        this.instance = built.instance();
        this.snapshots = built.snapshots();
        this.feed = new LogFeed(feedSource, built.server(), built.guards(), settings, built.start(),
                this::requestRebuild);
        this.rebuilds = new LogRebuilds(dataSource, feed, settings, fence);
        this.maintenance = new LogMaintenance(dataSource, feed, settings, instance, built.stats(),
                this::requestRebuild);
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
        LogBuild built = LogBuild.run(dataSource, feedSource != null, keys, sizes);
        MySqlSync sync = new MySqlSync(dataSource, feedSource == null ? dataSource : feedSource, built, settings,
                fence);
        try {
            sync.feed.start();
            List<LogGuard> guards = built.guards();
            for (int i = 0; i < guards.size(); i++) {
                guards.get(i).guard.ready(built.keys()[i]);
                LOG.info("Guard on {} is READY ({}), following the change log", guards.get(i).guard.table(),
                        guards.get(i).guard.filter());
            }
            sync.maintenance.heartbeat();
            // A failure here must not fail the build.
            sync.maintenance.run("counters' write", () -> sync.maintenance.writeStats(false));
            sync.maintenance.start(sync::saveSnapshots);
            return sync;
        } catch (SQLException | RuntimeException e) {
            sync.close();
            throw e;
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
        rebuilds.request(lg);
    }

    /** Rebuilds {@code guard} online and returns when done. */
    @Override
    public void rebuild(Guard guard) throws SQLException {
        LogGuard lg = logGuard(guard);
        if (lg == null) {
            throw new IllegalArgumentException("not a guard of this gate: " + guard);
        }
        rebuilds.rebuildAndWait(lg);
    }

    /**
     * Stops following the log, saves snapshots (after a last poll, if the feed completes one within
     * 2 s) and unregisters the instance; the triggers stay (other instances use them).
     */
    @Override
    public void close() {
        maintenance.close();
        rebuilds.close();
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
            maintenance.writeStats(true);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Writing the instance's final counters failed: {}", e.toString());
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            instance.unregister(c);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Unregistering the gate instance failed; it times out instead: {}", e.toString());
        }
        for (LogGuard lg : feed.guards()) {
            lg.guard.close();
        }
    }
}
