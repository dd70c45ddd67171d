package io.bloomgate.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code bloomgate.change_log} holds now: the pruning horizon ({@code bloomgate.state.pruned_below},
 * raised before pruning deletes) and the highest id. A position is replayable only while the log
 * holds it: its lowest unread id not below the horizon, its high-water mark not above the highest id
 * (a log emptied by hand restarts its ids). The build (which snapshots to load), the feed (whether it
 * lost rows) and the start position all read it, so it is read in one place.
 *
 * @param prunedBelow every id below this may have been deleted
 * @param maxId       the highest id (0 when the log is empty)
 */
record LogExtent(long prunedBelow, long maxId) {

    static LogExtent read(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT (SELECT pruned_below FROM"
                + " bloomgate.state WHERE id = 1), (SELECT COALESCE(MAX(id), 0) FROM bloomgate.change_log)")) {
            rs.next();
            return new LogExtent(rs.getLong(1), rs.getLong(2));
        }
    }

    /**
     * Why a feed that has not read {@code lowestUnread} and has read up to {@code highWaterMark} lost
     * log rows it needed (pruned past it while it was taken for dead, or the log truncated by hand);
     * null if it did not.
     */
    String lostRows(long lowestUnread, long highWaterMark) {
        return prunedBelow > lowestUnread ? "the change log was pruned up to id " + prunedBelow + " but this instance"
                + " had not read id " + lowestUnread + " (it was taken for dead: no heartbeat for instanceTimeout)"
                : maxId < highWaterMark ? "the change log's highest id is " + maxId + ", below the " + highWaterMark
                + " this instance had read (was bloomgate.change_log truncated or deleted by hand?)" : null;
    }

    /**
     * Where a feed starting now must begin so that, with a scan of the table that begins after this
     * call, it misses no key: the log's highest id, and every id between the pruning horizon and it
     * that is not (yet) a committed row. An id below the horizon was read or retired by every live
     * instance when it was pruned; an uncommitted id above it is a hole, retired by the usual rules.
     */
    static FeedPosition startPosition(Connection c) throws SQLException {
        long prunedBelow;
        long max;
        double serverTime;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT (SELECT pruned_below FROM"
                + " bloomgate.state WHERE id = 1), (SELECT COALESCE(MAX(id), 0) FROM bloomgate.change_log),"
                + " UNIX_TIMESTAMP(NOW(6))")) {
            rs.next();
            prunedBelow = rs.getLong(1);
            max = rs.getLong(2);
            serverTime = rs.getDouble(3);
        }
        List<Holes.Range> gaps = new ArrayList<>();
        long nanos = System.nanoTime();
        long from = Math.max(prunedBelow, 1);
        if (max >= from) {
            try (PreparedStatement ps = c.prepareStatement("SELECT prev + 1, id - 1 FROM (SELECT id, COALESCE(LAG(id)"
                    + " OVER (ORDER BY id), ?) AS prev FROM bloomgate.change_log WHERE id >= ? AND id <= ?) x"
                    + " WHERE id > prev + 1")) {
                ps.setLong(1, from - 1);
                ps.setLong(2, from);
                ps.setLong(3, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        gaps.add(new Holes.Range(rs.getLong(1), rs.getLong(2), serverTime, nanos));
                    }
                }
            }
        }
        return new FeedPosition(Math.max(max, from - 1), gaps, ServerRun.read(c));
    }
}
