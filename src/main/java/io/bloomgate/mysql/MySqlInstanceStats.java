package io.bloomgate.mysql;

import io.bloomgate.filter.FilterFacts;
import io.bloomgate.report.MySqlIoCounters;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.GuardCounters;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * This instance's counters in {@code bloomgate.instance_stats} (MySQL/MariaDB), for {@code
 * bloomgate report} to sum over instances, as {@code postgres.InstanceStats} does on PostgreSQL. A
 * guard's row is written only when its counters changed since the last write, so an idle gate writes
 * nothing; close writes every row once more, with {@code ended_at}. Times are the server's ({@code
 * NOW(6)}), so that instances on hosts with other clocks or time zones compare. Each row also keeps the server's
 * read counters when the instance started ({@link MySqlIoCounters}), the baseline the report measures
 * the server's work against.
 */
final class MySqlInstanceStats {

    /** Rows of instances that ended or fell silent this long ago are deleted by pruning. */
    static final Duration RETENTION = Duration.ofDays(7);

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
        try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
            int batched = 0;
            Map<Integer, Changes> now = new HashMap<>();
            for (LogGuard lg : guards) {
                Changes changes = Changes.of(lg.guard);
                if (!ended && changes.equals(written.get(lg.id))) {
                    continue;
                }
                now.put(lg.id, changes);
                bind(ps, lg.id, lg.guard.stats(), ended);
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
        ps.setString(i++, instance);
        ps.setInt(i++, guardId);
        ps.setString(i++, description);
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
                + " WHERE updated_at < NOW(6) - INTERVAL ? SECOND"
                + " AND instance_id NOT IN (SELECT id FROM bloomgate.instances)")) {
            ps.setLong(1, RETENTION.toSeconds());
            return ps.executeUpdate();
        }
    }
}
