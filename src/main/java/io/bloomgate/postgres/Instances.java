package io.bloomgate.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;

/**
 * The live gate instances ({@code bloomgate.instances}) and the pruning of the change log they
 * share. Each instance registers the oldest log position it still needs and refreshes it with a
 * heartbeat; log rows every live instance has read (and no recent snapshot needs) are deleted. An
 * instance silent for longer than the timeout no longer holds the log back: if it comes back, it
 * finds the log pruned past its position and rebuilds by scan. Registration and pruning take the
 * same advisory lock, so a new instance's position is never pruned while it registers.
 */
final class Instances {

    private static final long LOCK = 7262457261002L;

    private Instances() {
    }

    /**
     * Registers an instance that needs the log from {@code frontier} (a transaction id) on, or from
     * now if null.
     */
    static void register(Connection c, UUID instance, String description, Long frontier) throws SQLException {
        locked(c, () -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO bloomgate.instances (id, description, frontier)"
                    + " VALUES (?, ?, coalesce(CAST(? AS xid8), pg_snapshot_xmin(pg_current_snapshot())))"
                    + " ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), frontier = EXCLUDED.frontier")) {
                ps.setObject(1, instance);
                ps.setString(2, description);
                ps.setString(3, frontier == null ? null : Long.toString(frontier));
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** The instance is alive and needs the log from {@code frontier} on. */
    static void heartbeat(Connection c, UUID instance, String description, long frontier) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO bloomgate.instances (id, description, frontier)"
                + " VALUES (?, ?, CAST(? AS xid8))"
                + " ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), frontier = EXCLUDED.frontier")) {
            ps.setObject(1, instance);
            ps.setString(2, description);
            ps.setString(3, Long.toString(frontier));
            ps.executeUpdate();
        }
    }

    static void unregister(Connection c, UUID instance) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instances WHERE id = ?")) {
            ps.setObject(1, instance);
            ps.executeUpdate();
        }
    }

    /**
     * Forgets instances silent for longer than {@code instanceTimeout}, then deletes each guard's
     * log rows below the oldest position a live instance or the guard's snapshot (if younger than
     * {@code snapshotRetention}) still needs; returns the rows deleted.
     */
    static long prune(Connection c, Duration instanceTimeout, Duration snapshotRetention) throws SQLException {
        return locked(c, () -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instances"
                    + " WHERE heartbeat_at < now() - CAST(? AS interval)")) {
                ps.setString(1, instanceTimeout.toMillis() + " milliseconds");
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE bloomgate.guards g SET pruned_below ="
                    + " greatest(g.pruned_below, least((SELECT min(frontier) FROM bloomgate.instances),"
                    + " (SELECT pg_snapshot_xmin(s.position) FROM bloomgate.snapshots s"
                    + "   WHERE s.guard_id = g.id AND s.saved_at > now() - CAST(? AS interval)),"
                    + " pg_snapshot_xmin(pg_current_snapshot())))")) {
                ps.setString(1, snapshotRetention.toMillis() + " milliseconds");
                ps.executeUpdate();
            }
            try (Statement s = c.createStatement()) {
                return (long) s.executeUpdate("DELETE FROM bloomgate.change_log l USING bloomgate.guards g"
                        + " WHERE l.guard_id = g.id AND l.xid < g.pruned_below");
            }
        });
    }

    /**
     * The transaction id below which guard {@code id}'s log rows may be missing: pruned, or deleted
     * by hand (a TRUNCATE or DELETE of the log, which its triggers record in {@code lost_below}).
     */
    static long horizon(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT greatest(pruned_below, lost_below)::text FROM bloomgate.guards WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return Long.parseLong(rs.getString(1));
            }
        }
    }

    private interface Work<T> {
        T run() throws SQLException;
    }

    private static <T> T locked(Connection c, Work<T> work) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        boolean done = false;
        try {
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                ps.setLong(1, LOCK);
                ps.execute();
            }
            T result = work.run();
            c.commit();
            done = true;
            return result;
        } finally {
            if (!done) {
                c.rollback();
            }
            c.setAutoCommit(autoCommit);
        }
    }
}
