package io.bloomgate.mysql;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.OnlineRebuild;
import io.bloomgate.sync.RebuildFence;
import io.bloomgate.sync.TableDefinition;
import io.bloomgate.sync.TableScanner;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds a MySQL/MariaDB gate's guards online, one at a time on the gate's rebuild thread: those
 * the feed, the watchdog or DDL through the gate ask for ({@link #request}), and those the
 * application asks for ({@link #rebuildAndWait}). Separate from {@link MySqlSync} because it is the
 * one place that supplies MySQL's hook, scan and horizon to {@link OnlineRebuild}.
 */
final class LogRebuilds {

    private static final Logger LOG = LoggerFactory.getLogger(LogRebuilds.class);

    private final DataSource dataSource;
    private final LogFeed feed;
    private final MySqlSync.Settings settings;
    private final RebuildFence fence;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "bloomgate-mysql-rebuild");
        t.setDaemon(true);
        return t;
    });
    private final Set<LogGuard> queued = ConcurrentHashMap.newKeySet();

    LogRebuilds(DataSource dataSource, LogFeed feed, MySqlSync.Settings settings, RebuildFence fence) {
        this.dataSource = dataSource;
        this.feed = feed;
        this.settings = settings;
        this.fence = fence;
    }

    /**
     * Queues a rebuild of {@code lg} unless one is queued or running (the feed asks on every poll
     * until it has begun); a failure is logged, and the rebuild is asked for again when next needed.
     * Does not block.
     */
    void request(LogGuard lg) {
        if (!lg.guard.rebuilding() && queued.add(lg)) {
            try {
                executor.execute(() -> {
                    try {
                        rebuild(lg);
                    } catch (SQLException | RuntimeException e) {
                        LOG.warn("Rebuilding {} failed; it is retried when next needed", lg.guard, e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        queued.remove(lg);
                    }
                });
            } catch (RejectedExecutionException e) {
                queued.remove(lg); // closing
            }
        }
    }

    /** Rebuilds {@code lg} on the rebuild thread and returns when done, with its failure if it failed. */
    void rebuildAndWait(LogGuard lg) throws SQLException {
        Guard guard = lg.guard;
        try {
            executor.submit(() -> {
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
                            String rewriting = MySqlCatalog.rewritingTrigger(c, guard.table().schema(),
                                    guard.table().table());
                            throw new SQLException(rewriting != null ? "the table of " + guard + " has the BEFORE"
                                    + " trigger " + rewriting + ", which may change the keys writes store; lookups pass"
                                    + " through until it is dropped; retrying later"
                                    : "the change-log triggers of " + guard + " were not in place right"
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

    /** Stops the rebuild thread (a rebuild in progress is interrupted; queued ones are dropped). */
    void close() {
        executor.shutdownNow();
    }
}
