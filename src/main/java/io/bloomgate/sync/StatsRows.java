package io.bloomgate.sync;

import io.bloomgate.filter.FilterFacts;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An instance's rows in {@code bloomgate.instance_stats}, as every server database writes them
 * (PostgreSQL's {@code postgres.InstanceStats}, MySQL/MariaDB's {@code mysql.MySqlInstanceStats}):
 * which guards' rows are due, and the counter and filter columns they share. What differs per
 * database stays there: the upsert's dialect, the instance's columns, the I/O baseline's columns.
 * Internal (public for those packages).
 */
public final class StatsRows {

    /** Rows of instances that ended or fell silent this long ago are deleted by pruning. */
    public static final Duration RETENTION = Duration.ofDays(7);

    /** What each guard's counters were at its last write. */
    private final Map<Integer, Changes> written = new HashMap<>();

    /** Binds one guard's row to the statement (the statement is batched after it). */
    @FunctionalInterface
    public interface Row {
        void bind(int guardId, GuardStats stats) throws SQLException;
    }

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

    /**
     * Batches into {@code upsert} the rows of the guards (by id) whose counters changed since the last
     * write (every row when {@code ended}: close writes each once more), binding each with {@code
     * row}, and runs the batch. An idle gate writes nothing. Callers write from one thread at a time
     * (the maintenance thread, then close).
     */
    public void write(PreparedStatement upsert, Map<Integer, Guard> guards, boolean ended, Row row)
            throws SQLException {
        int batched = 0;
        Map<Integer, Changes> now = new HashMap<>();
        for (Map.Entry<Integer, Guard> e : guards.entrySet()) {
            Changes changes = Changes.of(e.getValue());
            if (!ended && changes.equals(written.get(e.getKey()))) {
                continue;
            }
            now.put(e.getKey(), changes);
            row.bind(e.getKey(), e.getValue().stats());
            upsert.addBatch();
            batched++;
        }
        if (batched > 0) {
            upsert.executeBatch();
            written.putAll(now); // only once written: a failed batch is written again next time
        }
    }

    /**
     * Binds the columns {@code state, lookups, avoided, passed_through, true_positives,
     * false_positives, bypassed_by_reason, keys_added, stale_keys, rebuilds, layout, bits,
     * hash_functions, stages, expected_keys, target_fpp, added_keys, estimated_keys, fill_ratio,
     * estimated_fpp, memory_bytes} from parameter {@code index} on.
     *
     * @return the index of the next parameter
     */
    public static int bindCounters(PreparedStatement ps, int index, GuardStats s) throws SQLException {
        FilterFacts f = s.filter();
        int i = index;
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
        return i;
    }

    /** {@code NOT_ELIGIBLE=3,FIRST_EXECUTION=1}, as H2's {@code BLOOM_STATS()} writes it. */
    public static String reasons(Map<BypassReason, Long> byReason) {
        return byReason.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey().name() + "=" + e.getValue()).collect(Collectors.joining(","));
    }
}
