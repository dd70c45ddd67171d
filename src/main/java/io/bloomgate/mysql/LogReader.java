package io.bloomgate.mysql;

import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.KeyFunnel;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code bloomgate.change_log} rows into the guards' filters and keeps the feed's place in the
 * log: the high-water mark and the {@link Holes} below it. Log ids are {@code AUTO_INCREMENT} values
 * drawn when a trigger inserts its row, long before the writing transaction commits, so ids become
 * visible out of order: every id skipped by a read above the mark becomes a hole, and each poll reads
 * the open holes again, so that after a poll that began at T the filters hold every key logged by a
 * transaction that committed before T. Separate from {@link LogFeed} (when to read, what to do when
 * the position can no longer be trusted) and {@link HoleRetirement} (when a hole may stop being read).
 * Owned by the feed's thread, except {@link #highWaterMark} (volatile).
 */
final class LogReader {

    private static final int BATCH = 10_000;
    /** At most this many hole ranges per statement: the statement's text stays short. */
    static final int RANGES_PER_READ = 200;

    private final Map<Integer, LogGuard> byId = new HashMap<>();
    private final String rowColumns;
    private final String readSql;
    private final Holes holes = new Holes();
    private final KeyBuffer scratch = new KeyBuffer();
    private volatile long hwm;

    LogReader(List<LogGuard> guards) {
        StringBuilder ids = new StringBuilder();
        for (LogGuard g : guards) {
            byId.put(g.id, g);
            ids.append(ids.length() == 0 ? "" : ", ").append(g.id);
        }
        // Other gates' guards share the log: their ids are read (the holes are of the whole log) but not their keys.
        this.rowColumns = "SELECT id, guard_id, op, CASE WHEN guard_id IN (" + (ids.length() == 0 ? "NULL" : ids)
                + ") THEN k END FROM bloomgate.change_log WHERE ";
        this.readSql = rowColumns + "id > ? ORDER BY id LIMIT " + BATCH;
    }

    /** Starts reading from {@code start}: its high-water mark and holes replace the current ones. */
    void position(FeedPosition start) {
        holes.clear();
        long nanos = System.nanoTime(); // a hole's grace period starts anew (a snapshot's holes included)
        for (Holes.Range r : start.holes()) {
            holes.add(r.from(), r.to(), r.seenAtServer(), nanos);
        }
        hwm = start.highWaterMark();
    }

    /** The highest id read. */
    long highWaterMark() {
        return hwm;
    }

    Holes holes() {
        return holes;
    }

    /** The lowest id neither read nor retired. */
    long lowestUnread() {
        return holes.lowest(hwm + 1);
    }

    /** Reads every row above the high-water mark, recording the ids it skips as holes. */
    long readNew(Connection connection) throws SQLException {
        long rows = 0;
        double serverTime = Double.NaN;
        try (PreparedStatement ps = connection.prepareStatement(readSql)) {
            for (int batch = BATCH; batch == BATCH; ) {
                batch = 0;
                ps.setLong(1, hwm);
                long gapsBefore = holes.ids();
                long top = hwm;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        batch++;
                        long id = rs.getLong(1);
                        if (id > top + 1) {
                            holes.add(top + 1, id - 1, Double.NaN, System.nanoTime());
                        }
                        apply(rs);
                        top = id;
                    }
                }
                hwm = top;
                rows += batch;
                if (holes.ids() > gapsBefore && Double.isNaN(serverTime)) {
                    serverTime = serverTime(connection); // read after the rows: later than any drawing of a skipped id
                }
            }
        }
        if (!Double.isNaN(serverTime)) {
            holes.stampUnstamped(serverTime);
        }
        return rows;
    }

    private static double serverTime(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT UNIX_TIMESTAMP(NOW(6))")) {
            rs.next();
            return rs.getDouble(1);
        }
    }

    /** Reads the open holes again: a row committed in one since the last poll is added now. */
    long readHoles(Connection connection) throws SQLException {
        if (holes.isEmpty()) {
            return 0;
        }
        return readRanges(connection, holes.ranges(), "");
    }

    /**
     * Reads the rows in {@code ranges} (with {@code suffix}: a locking read), {@link #RANGES_PER_READ}
     * ranges a statement, adding them and closing their holes.
     */
    long readRanges(Connection connection, List<Holes.Range> ranges, String suffix) throws SQLException {
        long rows = 0;
        for (int i = 0; i < ranges.size(); i += RANGES_PER_READ) {
            rows += readSome(connection, ranges.subList(i, Math.min(ranges.size(), i + RANGES_PER_READ)), suffix);
        }
        return rows;
    }

    private long readSome(Connection connection, List<Holes.Range> ranges, String suffix) throws SQLException {
        StringBuilder sql = new StringBuilder(rowColumns);
        for (int j = 0; j < ranges.size(); j++) {
            sql.append(j == 0 ? "" : " OR ").append("id BETWEEN ? AND ?");
        }
        long rows = 0;
        try (PreparedStatement ps = connection.prepareStatement(sql + suffix)) {
            int p = 1;
            for (Holes.Range r : ranges) {
                ps.setLong(p++, r.from());
                ps.setLong(p++, r.to());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    if (holes.contains(rs.getLong(1))) {
                        holes.remove(rs.getLong(1));
                        apply(rs);
                    }
                }
            }
        }
        return rows;
    }

    private void apply(ResultSet rs) throws SQLException {
        LogGuard lg = byId.get(rs.getInt(2));
        if (lg == null) {
            return; // another gate's guard
        }
        String op = rs.getString(3);
        switch (op) {
            case "I" -> KeyFunnel.addLogged(lg.guard, rs.getBytes(4), scratch);
            case "D" -> lg.guard.countStale();
            default -> throw new SQLException("unknown change log operation '" + op + "' for " + lg.guard
                    + ": is bloomgate's jar older than its installed SQL?");
        }
    }
}
