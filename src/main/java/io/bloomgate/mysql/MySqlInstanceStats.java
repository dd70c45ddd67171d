package io.bloomgate.mysql;

import io.bloomgate.report.MySqlIoCounters;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.StatsRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * This instance's counters in {@code bloomgate.instance_stats} (MySQL/MariaDB), for {@code
 * bloomgate report} to sum over instances, as {@code postgres.InstanceStats} does on PostgreSQL. A
 * guard's row is written only when its counters changed since the last write, so an idle gate writes
 * nothing; close writes every row once more, with {@code ended_at}. Times are the server's ({@code
 * NOW(6)}), so that instances on hosts with other clocks or time zones compare. Each row also keeps the server's
 * read counters when the instance started ({@link MySqlIoCounters}), the baseline the report measures
 * the server's work against. What both databases' rows share (when a row is due, the counter and
 * filter columns) is {@link StatsRows}'s.
 */
final class MySqlInstanceStats {

    private static final String UPSERT = "INSERT INTO bloomgate.instance_stats (instance_id, guard_id, description,"
            + " started_at, updated_at, ended_at, state, lookups, avoided, passed_through, true_positives,"
            + " false_positives, bypassed_by_reason, keys_added, stale_keys, rebuilds, layout, bits, hash_functions,"
            + " stages, expected_keys, target_fpp, added_keys, estimated_keys, fill_ratio, estimated_fpp,"
            + " memory_bytes, io_server_started_epoch, io_index_reads_at_start, io_page_requests_at_start,"
            + " io_disk_reads_at_start)"
            + " VALUES (?, ?, ?, NOW(6), NOW(6), IF(?, NOW(6), NULL), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON DUPLICATE KEY UPDATE updated_at = VALUES(updated_at), ended_at = VALUES(ended_at),"
            + " state = VALUES(state), lookups = VALUES(lookups), avoided = VALUES(avoided),"
            + " passed_through = VALUES(passed_through), true_positives = VALUES(true_positives),"
            + " false_positives = VALUES(false_positives), bypassed_by_reason = VALUES(bypassed_by_reason),"
            + " keys_added = VALUES(keys_added), stale_keys = VALUES(stale_keys), rebuilds = VALUES(rebuilds),"
            + " layout = VALUES(layout), bits = VALUES(bits), hash_functions = VALUES(hash_functions),"
            + " stages = VALUES(stages), expected_keys = VALUES(expected_keys), target_fpp = VALUES(target_fpp),"
            + " added_keys = VALUES(added_keys), estimated_keys = VALUES(estimated_keys),"
            + " fill_ratio = VALUES(fill_ratio), estimated_fpp = VALUES(estimated_fpp),"
            + " memory_bytes = VALUES(memory_bytes)";

    private final String instance;
    private final String description;
    /** The server's counters when this instance started; null if it did not report them. */
    private final MySqlIoCounters atStart;
    private final StatsRows rows = new StatsRows();

    MySqlInstanceStats(String instance, String description, MySqlIoCounters atStart) {
        this.instance = instance;
        this.description = description.length() > 512 ? description.substring(0, 512) : description;
        this.atStart = atStart;
    }

    /**
     * Writes the rows of guards whose counters changed since the last write (every row when {@code
     * ended}). Called from one thread at a time: the maintenance thread, then close.
     */
    synchronized void write(Connection c, List<LogGuard> guards, boolean ended) throws SQLException {
        Map<Integer, Guard> byId = new LinkedHashMap<>();
        for (LogGuard lg : guards) {
            byId.put(lg.id, lg.guard);
        }
        try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
            rows.write(ps, byId, ended, (guardId, s) -> bind(ps, guardId, s, ended));
        }
    }

    private void bind(PreparedStatement ps, int guardId, GuardStats s, boolean ended) throws SQLException {
        int i = 1;
        ps.setString(i++, instance);
        ps.setInt(i++, guardId);
        ps.setString(i++, description);
        ps.setBoolean(i++, ended);
        i = StatsRows.bindCounters(ps, i, s);
        if (atStart == null) {
            for (int k = 0; k < 4; k++) {
                ps.setNull(i++, Types.BIGINT);
            }
        } else {
            ps.setLong(i++, atStart.serverStartedAt().getEpochSecond());
            ps.setLong(i++, atStart.indexReads());
            ps.setLong(i++, atStart.pageRequests());
            ps.setLong(i++, atStart.diskReads());
        }
    }

    /**
     * Deletes the rows of instances no longer registered (ended, or timed out) that last wrote longer
     * than {@link StatsRows#RETENTION} ago.
     */
    static int prune(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instance_stats"
                + " WHERE updated_at < NOW(6) - INTERVAL ? SECOND"
                + " AND instance_id NOT IN (SELECT id FROM bloomgate.instances)")) {
            ps.setLong(1, StatsRows.RETENTION.toSeconds());
            return ps.executeUpdate();
        }
    }
}
