package io.bloomgate.mysql;

import io.bloomgate.filter.FilterSpec;
import io.bloomgate.report.MySqlIoCounters;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.GuardSnapshot;
import io.bloomgate.sync.TableScanner;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a MySQL/MariaDB gate's guards, before its change feed starts: installs what is missing,
 * registers the instance, installs each guard's triggers, and fills each filter from its snapshot or
 * by scan, with the position the feed must start from. Separate from {@link MySqlSync}, which runs
 * the gate once built, because the order of these steps is what makes a build miss nothing:
 *
 * <p>The instance registers first (at position 0, so that no pruning passes it while it builds),
 * then every guard's triggers are in place (creating one waits for every open transaction that used
 * the table), then the feed's start position is taken ({@link LogExtent#startPosition}: the log's
 * highest id and every unread id below it), then the tables are scanned. A row committed before the
 * scan began is in the scan; any other was logged at or above the position, or in one of its holes,
 * which the feed reads.
 *
 * <p>From snapshots ({@link LogSnapshots}): a guard whose saved filter fits (same column, table
 * definition, triggers and filter shape) and whose position the log still holds is loaded instead of
 * scanned; the feed then starts at the union of the loaded positions and, if any guard is scanned,
 * the position taken before its scan ({@link FeedPosition#union}): every guard reads at least what it
 * lacks (a key read twice is harmless).
 *
 * @param guards    the guards, filled, not yet READY
 * @param keys      each guard's keys as filled (the count {@link Guard#ready} is given)
 * @param start     where the feed starts
 * @param server    the server the feed must reach ({@link LogConnection#identity}); null: not checked
 * @param instance  the registered instance
 * @param stats     its counters' rows; null when {@code bloomgate.instance_stats} is missing and could not be created
 * @param snapshots whether {@code bloomgate.snapshots} exists
 */
record LogBuild(List<LogGuard> guards, long[] keys, FeedPosition start, String server, LogInstance instance,
        MySqlInstanceStats stats, boolean snapshots) {

    private static final Logger LOG = LoggerFactory.getLogger(LogBuild.class);

    /**
     * Builds the guards of {@code columns} on a connection of {@code dataSource}; on failure the
     * instance is unregistered again.
     *
     * @param checkServer whether the feed has a data source of its own (then it must reach this server)
     */
    static LogBuild run(DataSource dataSource, boolean checkServer, List<CatalogReader.KeyColumn> columns,
            List<FilterSpec> sizes) throws SQLException {
        List<LogGuard> guards = new ArrayList<>();
        long[] rows = new long[columns.size()];
        String server = null;
        FeedPosition start;
        boolean snapshots;
        MySqlInstanceStats stats = null;
        LogInstance instance;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            if (checkServer) {
                server = LogConnection.identity(c);
            }
            String database;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
                rs.next();
                database = rs.getString(1);
            }
            UUID id = UUID.randomUUID();
            instance = new LogInstance(id, ManagementFactory.getRuntimeMXBean().getName() + " " + id + " (database "
                    + database + ")");
            MySqlSchema.install(c);
            snapshots = MySqlSchema.installSnapshots(c);
            MySqlSchema.installServerRun(c);
            if (MySqlSchema.installStats(c)) {
                stats = new MySqlInstanceStats(id.toString(), instance.description(), serverCounters(c));
            }
            // Registered before the position is taken, at 0: no pruning passes this instance while it builds
            // (nor, from here on, any snapshot's position it loads).
            instance.register(c);
            try {
                List<LogSnapshots.Loaded> loaded = new ArrayList<>();
                for (int i = 0; i < columns.size(); i++) {
                    CatalogReader.KeyColumn key = columns.get(i);
                    Guard guard = new Guard(key.table(), key.keyForm(), key.keyType(), key.columnTypes(), sizes.get(i));
                    guard.feedCountsKeys(true);
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
                LogExtent log = LogExtent.read(c);
                String serverRun = ServerRun.read(c);
                List<FeedPosition> positions = new ArrayList<>();
                boolean scans = false;
                for (int i = 0; i < guards.size(); i++) {
                    LogSnapshots.Loaded l = loaded.get(i);
                    if (l != null && !LogSnapshots.replayable(l, guards.get(i), log.prunedBelow(), log.maxId(),
                            serverRun)) {
                        loaded.set(i, null);
                    }
                    if (loaded.get(i) == null) {
                        scans = true;
                    } else {
                        positions.add(loaded.get(i).position());
                    }
                }
                if (scans) {
                    positions.add(LogExtent.startPosition(c)); // before the scans
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
                instance.unregister(c);
                throw e;
            }
        }
        return new LogBuild(guards, rows, start, server, instance, stats, snapshots);
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
}
