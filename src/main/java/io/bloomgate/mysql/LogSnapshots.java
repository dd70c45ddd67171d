package io.bloomgate.mysql;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.GuardSnapshot;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Saves MySQL/MariaDB guards' filters to {@code bloomgate.snapshots} with the change feed's position
 * they are exact for ({@link FeedPosition}: the high-water mark and the open holes), and loads them,
 * so that a new instance replays the log from there instead of scanning the table. The stored form
 * is the one PostgreSQL uses ({@link GuardSnapshot}); what differs is the position and what the
 * signature binds the snapshot to.
 *
 * <p>A snapshot is trusted only when nothing could have reached the table unlogged since it was
 * saved, and everything logged since is still in the log:
 * <ul>
 * <li>its signature is the guard's: the same column, key type and collation, the same columns and
 *     types of the table (a redefined table may compare keys otherwise), and the same trigger
 *     fingerprint (name, event, body and creation time of each of the three triggers: triggers that
 *     were dropped, replaced or re-created — with the table too — since the save may have missed
 *     writes); and the configured layout and rate ({@link GuardSnapshot#usable});</li>
 * <li>its position can be replayed: the server has not restarted since the save (InnoDB shows commits
 *     before their redo is flushed, so a crash can undo a commit the feed had read, and the server
 *     then draws its log id again: {@link FeedPosition}), the log was not pruned past its lowest
 *     unread id ({@code pruned_below}), and the log's highest id is not below its high-water mark (a
 *     log emptied by hand restarts its ids, or the snapshot came from another server).</li>
 * </ul>
 * Otherwise the guard is built by scan, with a warning saying why.
 *
 * <p>Unlike PostgreSQL's, a snapshot does not hold pruning back: the log is one id sequence for every
 * guard of the server, so a young snapshot of a guard nobody uses any more would keep every guard's
 * rows. Pruning only runs up to the lowest position of a live instance, so a restart of every
 * instance (or the only one) finds its rows; an instance restarting while others run loads its
 * snapshot only if their pruning (every {@code min(instanceTimeout / 2, 1 min)}) has not passed it.
 * {@code bloomgate.snapshots.position} (the lowest id a load replays from) says how far back that is.
 */
final class LogSnapshots {

    private static final Logger LOG = LoggerFactory.getLogger(LogSnapshots.class);

    private LogSnapshots() {
    }

    /** What a guard's snapshot must have been made for, with its triggers as {@code hook}. */
    static String signature(LogGuard lg, String hook) {
        Guard guard = lg.guard;
        StringBuilder b = new StringBuilder().append(guard.table().schema()).append('.').append(guard.table().table())
                .append('.').append(guard.table().keyColumn()).append(' ').append(lg.keyType).append(" columns");
        for (String column : guard.table().columns()) {
            b.append(' ').append(column).append('=').append(guard.columnType(column));
        }
        return b.append(" triggers ").append(hook).toString();
    }

    /** The raw snapshot of guard {@code id}, or null. */
    static byte[] read(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT data FROM bloomgate.snapshots WHERE guard_id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getBytes(1) : null;
            }
        }
    }

    /** Forgets guard {@code id}'s snapshot (writes may have gone unlogged since). */
    static void delete(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.snapshots WHERE guard_id = ?")) {
            ps.setInt(1, id);
            ps.executeUpdate();
        }
    }

    /** A snapshot that fits its guard, with its position parsed. */
    record Loaded(GuardSnapshot snapshot, FeedPosition position) {
    }

    /**
     * Decodes {@code data} and checks it fits {@code lg} with its triggers as found now ({@link
     * LogGuard#hook()}); null (logged) if it does not. Whether the log still holds its position is
     * {@link #replayable}'s question.
     */
    static Loaded usable(byte[] data, LogGuard lg) {
        GuardSnapshot snapshot = GuardSnapshot.usable(data, lg.guard, signature(lg, lg.hook()));
        if (snapshot == null) {
            return null;
        }
        try {
            return new Loaded(snapshot, FeedPosition.parse(snapshot.position(), System.nanoTime()));
        } catch (IllegalArgumentException e) {
            LOG.warn("The snapshot of {} holds no MySQL change-log position ({}); building it by scan instead", lg.guard,
                    e.getMessage());
            return null;
        }
    }

    /**
     * Whether the log still holds every row a feed starting at {@code loaded}'s position reads, given
     * the log's {@code prunedBelow} and highest id {@code maxId}, and the server has not restarted
     * since (its run now is {@code serverRun}: {@link ServerRun#read}); logs why not.
     */
    static boolean replayable(Loaded loaded, LogGuard lg, long prunedBelow, long maxId, String serverRun) {
        FeedPosition p = loaded.position();
        String why = !p.sameServerRun(serverRun) ? "the server restarted since it was saved, or its run is"
                + " unknown (a crash can undo commits the feed had read, and the server then draws their log ids again)"
                : p.lowestUnread() < prunedBelow ? "the change log was pruned up to id " + prunedBelow
                + " since, past the snapshot's lowest unread id " + p.lowestUnread()
                : maxId < p.highWaterMark() ? "the change log's highest id is " + maxId + ", below the snapshot's "
                + p.highWaterMark() + " (was bloomgate.change_log emptied, or the snapshot made on another server?)"
                : null;
        if (why != null) {
            LOG.warn("The snapshot of {} cannot be replayed ({}); building it by scan instead", lg.guard, why);
            return false;
        }
        return true;
    }

    /**
     * Saves every guard whose filter is known to hold every key of {@code feed}'s position: not one
     * waiting for a rebuild (its filter may lack keys), being built or closed, and whose triggers are
     * still the ones the feed recorded.
     */
    static void save(Connection c, List<LogGuard> guards, LogFeed feed) throws SQLException {
        for (LogGuard lg : guards) {
            Guard guard = lg.guard;
            GuardState state = guard.state();
            if (lg.awaitingRebuild() || state == GuardState.BUILDING || state == GuardState.CLOSED) {
                continue;
            }
            // The position first, then the filter: the filter read afterwards holds at least every key
            // the position says was read. Checked again after: a feed that lost rows marks its guards
            // before it publishes the position it restarts from.
            FeedPosition position = feed.saved();
            String hook = lg.hook();
            if (lg.awaitingRebuild() || hook == null || lg.hookChanged(c) != null) {
                continue; // the watchdog or the next build notices; nothing trustworthy to save now
            }
            String text = position.bounded().text();
            byte[] data;
            try {
                data = new GuardSnapshot(signature(lg, hook), text, guard.spec(), guard.liveKeys(), guard.staleKeys(),
                        guard.filter()).encode();
            } catch (IOException e) {
                throw new SQLException("cannot encode the snapshot of " + guard, e);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO bloomgate.snapshots (guard_id, saved_at,"
                    + " position, data) VALUES (?, NOW(6), ?, ?) ON DUPLICATE KEY UPDATE saved_at = VALUES(saved_at),"
                    + " position = VALUES(position), data = VALUES(data)")) {
                ps.setInt(1, lg.id);
                ps.setLong(2, position.lowestUnread());
                ps.setBytes(3, data);
                ps.executeUpdate();
            }
            LOG.debug("Saved a snapshot of {} at {} ({} bytes)", guard, position, data.length);
        }
    }
}
