package io.bloomgate.postgres;

import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.StatsRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance's counters in {@code bloomgate.instance_stats}, for {@code bloomgate report} to
 * aggregate over instances. A guard's row is written only when its counters changed since the last
 * write, so an idle gate writes nothing; close writes every row once more, with {@code ended_at}.
 * What it shares with MySQL/MariaDB's rows (when a row is due, the counter and filter columns) is
 * {@link StatsRows}'s.
 */
final class InstanceStats {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceStats.class);

    private static final String UPSERT = "INSERT INTO bloomgate.instance_stats (instance_id, guard_id, description,"
            + " started_at, ended_at, state, lookups, avoided, passed_through, true_positives, false_positives,"
            + " bypassed_by_reason, keys_added, stale_keys, rebuilds, layout, bits, hash_functions, stages,"
            + " expected_keys, target_fpp, added_keys, estimated_keys, fill_ratio, estimated_fpp, memory_bytes,"
            + " key_indexes, io_idx_scan_at_start, io_blks_read_at_start, io_blks_hit_at_start,"
            + " io_table_scans_at_start)"
            + " VALUES (?, ?, ?, ?, CASE WHEN ? THEN now() END, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            + " ?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (instance_id, guard_id) DO UPDATE SET updated_at = now(), ended_at = EXCLUDED.ended_at,"
            + " state = EXCLUDED.state, lookups = EXCLUDED.lookups, avoided = EXCLUDED.avoided,"
            + " passed_through = EXCLUDED.passed_through, true_positives = EXCLUDED.true_positives,"
            + " false_positives = EXCLUDED.false_positives, bypassed_by_reason = EXCLUDED.bypassed_by_reason,"
            + " keys_added = EXCLUDED.keys_added, stale_keys = EXCLUDED.stale_keys, rebuilds = EXCLUDED.rebuilds,"
            + " layout = EXCLUDED.layout, bits = EXCLUDED.bits, hash_functions = EXCLUDED.hash_functions,"
            + " stages = EXCLUDED.stages, expected_keys = EXCLUDED.expected_keys, target_fpp = EXCLUDED.target_fpp,"
            + " added_keys = EXCLUDED.added_keys, estimated_keys = EXCLUDED.estimated_keys,"
            + " fill_ratio = EXCLUDED.fill_ratio, estimated_fpp = EXCLUDED.estimated_fpp,"
            + " memory_bytes = EXCLUDED.memory_bytes";

    private final UUID instance;
    private final String description;
    private final Instant startedAt;
    /** Each guard's index counters when this instance started (absent: no index on the key). */
    private final Map<Integer, PostgresIoCounters> atStart;
    private final StatsRows rows = new StatsRows();

    InstanceStats(UUID instance, String description, Instant startedAt, Map<Integer, PostgresIoCounters> atStart) {
        this.instance = instance;
        this.description = description;
        this.startedAt = startedAt;
        this.atStart = Map.copyOf(atStart);
    }

    /**
     * Reads each guard's index counters now: the baseline the report measures I/O against. A
     * failure only costs the report its measured I/O, never the gate's start.
     */
    static Map<Integer, PostgresIoCounters> baselines(Connection c, List<FeedGuard> guards) {
        Map<Integer, PostgresIoCounters> baselines = new HashMap<>();
        try {
            for (FeedGuard fg : guards) {
                PostgresIoCounters.read(c, fg.guard.table().schema(), fg.guard.table().table(),
                        fg.guard.table().keyColumn()).ifPresent(io -> baselines.put(fg.id, io));
            }
        } catch (SQLException e) {
            LOG.warn("Reading the key indexes' statistics failed; `bloomgate report` will not measure this"
                    + " instance's index I/O: {}", e.toString());
        }
        return baselines;
    }

    /**
     * Writes the rows of guards whose counters changed since the last write (every row when
     * {@code ended}). Called from one thread at a time: the maintenance thread, then close.
     */
    synchronized void write(Connection c, List<FeedGuard> guards, boolean ended) throws SQLException {
        Map<Integer, Guard> byId = new LinkedHashMap<>();
        for (FeedGuard fg : guards) {
            byId.put(fg.id, fg.guard);
        }
        try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
            rows.write(ps, byId, ended, (guardId, s) -> bind(ps, guardId, s, ended));
        }
    }

    private void bind(PreparedStatement ps, int guardId, GuardStats s, boolean ended) throws SQLException {
        int i = 1;
        ps.setObject(i++, instance);
        ps.setInt(i++, guardId);
        ps.setString(i++, description);
        ps.setTimestamp(i++, Timestamp.from(startedAt));
        ps.setBoolean(i++, ended);
        i = StatsRows.bindCounters(ps, i, s);
        PostgresIoCounters io = atStart.get(guardId);
        if (io == null) {
            for (int k = 0; k < 5; k++) {
                ps.setNull(i++, k == 0 ? Types.INTEGER : Types.BIGINT);
            }
        } else {
            ps.setInt(i++, io.keyIndexes());
            ps.setLong(i++, io.keyIndexScans());
            ps.setLong(i++, io.keyIndexBlocksRead());
            ps.setLong(i++, io.keyIndexBlocksHit());
            ps.setLong(i++, io.tableIndexScans());
        }
    }

    /**
     * Deletes the rows of instances no longer registered (ended, or timed out) that last wrote longer
     * than {@link StatsRows#RETENTION} ago.
     */
    static int prune(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instance_stats"
                + " WHERE updated_at < now() - CAST(? AS interval)"
                + " AND instance_id NOT IN (SELECT id FROM bloomgate.instances)")) {
            ps.setString(1, StatsRows.RETENTION.toSeconds() + " seconds");
            return ps.executeUpdate();
        }
    }
}
