package io.bloomgate.postgres;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.filter.FilterFacts;
import io.bloomgate.sync.GuardCounters;
import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.sync.Guard;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance's counters in {@code bloomgate.instance_stats}, for {@code bloomgate report} to
 * aggregate over instances. A guard's row is written only when its counters changed since the last
 * write, so an idle gate writes nothing; close writes every row once more, with {@code ended_at}.
 */
final class InstanceStats {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceStats.class);

    /** Rows of instances that ended or fell silent this long ago are deleted by pruning. */
    static final Duration RETENTION = Duration.ofDays(7);

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
    /** What each guard's counters were at its last write. */
    private final Map<Integer, Changes> written = new HashMap<>();

    /**
     * The counters that say whether a guard changed, read without {@link Guard#stats()} (which
     * counts the filter's set bits: a scan of the whole filter, too much to do every second for
     * nothing). The filter's facts change only with keys added or a rebuild (a new filter object).
     */
    private record Changes(GuardState state, long avoided, long passedThrough, long truePositives,
            long falsePositives, Map<BypassReason, Long> bypassed, long keysAdded, long staleKeys, Object filter) {

        static Changes of(Guard guard) {
            GuardCounters c = guard.counters();
            return new Changes(guard.state(), c.avoided(), c.passedThrough(), c.truePositives(), c.falsePositives(),
                    c.bypassedByReason(), c.keysAdded(), guard.staleKeys(), guard.filter());
        }
    }

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
        try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
            int batched = 0;
            Map<Integer, Changes> now = new HashMap<>();
            for (FeedGuard fg : guards) {
                Changes changes = Changes.of(fg.guard);
                if (!ended && changes.equals(written.get(fg.id))) {
                    continue;
                }
                now.put(fg.id, changes);
                bind(ps, fg.id, fg.guard.stats(), ended);
                ps.addBatch();
                batched++;
            }
            if (batched > 0) {
                ps.executeBatch();
                written.putAll(now);
            }
        }
    }

    private void bind(PreparedStatement ps, int guardId, GuardStats s, boolean ended) throws SQLException {
        FilterFacts f = s.filter();
        int i = 1;
        ps.setObject(i++, instance);
        ps.setInt(i++, guardId);
        ps.setString(i++, description);
        ps.setTimestamp(i++, Timestamp.from(startedAt));
        ps.setBoolean(i++, ended);
        ps.setString(i++, s.state().name());
        ps.setLong(i++, s.lookups());
        ps.setLong(i++, s.avoided());
        ps.setLong(i++, s.passedThrough());
        ps.setLong(i++, s.truePositives());
        ps.setLong(i++, s.falsePositives());
        ps.setString(i++, reasons(s.bypassedByReason()));
        ps.setLong(i++, s.keysAdded());
        ps.setLong(i++, s.staleKeys());
        ps.setInt(i++, s.rebuilds());
        ps.setString(i++, f.layout().name());
        ps.setLong(i++, f.bits());
        ps.setInt(i++, f.hashes());
        ps.setInt(i++, f.stages());
        ps.setLong(i++, f.expectedKeys());
        ps.setDouble(i++, f.targetFpp());
        ps.setLong(i++, f.addedKeys());
        ps.setLong(i++, f.estimatedKeys());
        ps.setDouble(i++, Double.isNaN(f.fillRatio()) ? 0 : f.fillRatio());
        ps.setDouble(i++, f.estimatedFpp());
        ps.setLong(i++, f.memoryBytes());
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

    /** {@code NOT_ELIGIBLE=3,FIRST_EXECUTION=1}, as H2's {@code BLOOM_STATS()} writes it. */
    static String reasons(Map<BypassReason, Long> byReason) {
        return byReason.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey().name() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    /**
     * Deletes the rows of instances no longer registered (ended, or timed out) that last wrote longer
     * than {@link #RETENTION} ago.
     */
    static int prune(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instance_stats"
                + " WHERE updated_at < now() - CAST(? AS interval)"
                + " AND instance_id NOT IN (SELECT id FROM bloomgate.instances)")) {
            ps.setString(1, RETENTION.toSeconds() + " seconds");
            return ps.executeUpdate();
        }
    }
}
