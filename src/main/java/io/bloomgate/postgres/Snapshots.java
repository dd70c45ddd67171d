package io.bloomgate.postgres;

import io.bloomgate.stats.GuardState;
import io.bloomgate.filter.FilterFormatException;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.sync.Guard;
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

    /**
     * Decodes a snapshot and checks it fits the guard, or returns null (logging why) if it does not.
     */
    static GuardSnapshot usable(byte[] data, Guard guard, String keyType) {
        if (data == null) {
            return null;
        }
        GuardSnapshot snapshot;
        try {
            snapshot = GuardSnapshot.decode(data);
        } catch (FilterFormatException e) {
            LOG.warn("The snapshot of {} is unusable ({}); building it by scan instead", guard, e.getMessage());
            return null;
        }
        FilterSpec wanted = guard.requestedSpec();
        String why = null;
        if (!snapshot.signature().equals(signature(guard, keyType))) {
            why = "it was made for " + snapshot.signature();
        } else if (snapshot.spec().layout() != wanted.layout() || snapshot.spec().targetFpp() != wanted.targetFpp()
                || snapshot.spec().seed() != wanted.seed()) {
            why = "it has layout " + snapshot.spec().layout() + " at rate " + snapshot.spec().targetFpp()
                    + ", the gate is configured for " + wanted.layout() + " at " + wanted.targetFpp();
        }
        if (why != null) {
            LOG.warn("The snapshot of {} does not fit ({}); building it by scan instead", guard, why);
            return null;
        }
        return snapshot;
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
            data = new GuardSnapshot(Snapshots.signature(guard, fg.keyType()), position, guard.spec(),
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
