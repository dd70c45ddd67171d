package io.bloomgate.postgres;

import io.bloomgate.stats.GuardState;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.GuardSnapshot;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Saves guards' filters to {@code bloomgate.snapshots} and loads them, so that a new instance
 * replays the log from a snapshot's position instead of scanning the table. A snapshot is trusted
 * only if it decodes (checksums, version), was made for the same column and key type, and has the
 * configured layout and false-positive rate; otherwise the guard is built by scan, with a warning.
 */
final class Snapshots {

    private static final Logger LOG = LoggerFactory.getLogger(Snapshots.class);

    private final DataSource dataSource;

    Snapshots(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** What a guard's snapshot must have been made for: its column and key type. */
    static String signature(Guard guard, String keyType) {
        return guard.table().schema() + "." + guard.table().table() + "." + guard.table().keyColumn() + " " + keyType;
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

    /** Forgets guard {@code id}'s snapshot (it may lack keys). */
    static void delete(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.snapshots WHERE guard_id = ?")) {
            ps.setInt(1, id);
            ps.executeUpdate();
        }
    }

    /** A snapshot that fits its guard, with its position parsed. */
    record Loaded(GuardSnapshot snapshot, LogPosition position) {
    }

    /**
     * Decodes a snapshot and checks it fits the guard ({@link GuardSnapshot#usable}) and holds a
     * {@code pg_snapshot}, or returns null (logging why) if it does not.
     */
    static Loaded usable(byte[] data, Guard guard, String keyType) {
        GuardSnapshot snapshot = GuardSnapshot.usable(data, guard, signature(guard, keyType));
        if (snapshot == null) {
            return null;
        }
        try {
            return new Loaded(snapshot, LogPosition.parse(snapshot.position()));
        } catch (IllegalArgumentException e) {
            LOG.warn("The snapshot of {} holds no PostgreSQL log position ({}); building it by scan instead", guard,
                    e.getMessage());
            return null;
        }
    }

    /** Saves every guard whose filter is known to cover its log position. */
    void save(List<FeedGuard> guards) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            for (FeedGuard fg : guards) {
                save(c, fg);
            }
        }
    }

    private void save(Connection c, FeedGuard fg) throws SQLException {
        Guard guard = fg.guard;
        GuardState state = guard.state();
        if (fg.awaitingRebuild() || state == GuardState.BUILDING || state == GuardState.CLOSED) {
            return; // the filter may lack keys: a snapshot of it would hand that on
        }
        // The position first: the filter read afterwards holds at least every key logged before it.
        LogPosition position = fg.position();
        byte[] data;
        try {
            data = new GuardSnapshot(Snapshots.signature(guard, fg.keyType()), position.text(), guard.spec(),
                    guard.liveKeys(), guard.staleKeys(), guard.filter()).encode();
        } catch (IOException e) {
            throw new SQLException("cannot encode the snapshot of " + guard, e);
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO bloomgate.snapshots (guard_id, position, data)"
                + " VALUES (?, CAST(? AS pg_snapshot), ?) ON CONFLICT (guard_id)"
                + " DO UPDATE SET saved_at = now(), position = EXCLUDED.position, data = EXCLUDED.data")) {
            ps.setInt(1, fg.id);
            ps.setString(2, position.text());
            ps.setBytes(3, data);
            ps.executeUpdate();
        }
        LOG.debug("Saved a snapshot of {} at {} ({} bytes)", guard, position, data.length);
    }
}
