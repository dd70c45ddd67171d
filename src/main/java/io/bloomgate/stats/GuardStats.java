package io.bloomgate.stats;

import io.bloomgate.filter.FilterFacts;
import java.util.Map;

/**
 * An immutable snapshot of one guard's counters and filter facts: what {@code BloomGate.stats()}
 * returns, and what the reports ({@code io.bloomgate.report}: metrics, JMX, HTML) read.
 *
 * <p>{@code lookups() == avoided() + passedThrough()}: a lookup is an eligible statement whose key
 * the filter was asked about. A passed-through lookup is later classified as a true positive (the
 * database returned a row) or a false positive (it returned none: the disk access the filter could
 * not save), when the application first calls {@code next()} on its result. Statements on the
 * table that were not asked about are {@code bypassed}, counted per {@link BypassReason}.
 *
 * @param table          the guarded table, as the database names it (schema-qualified)
 * @param column         the guarded key column, as the database names it
 * @param state          the guard's state
 * @param lookups        eligible lookups the filter was asked about
 * @param avoided        lookups answered "absent" by the filter, without a query
 * @param passedThrough  lookups the filter could not rule out, sent to the database
 * @param truePositives  passed-through lookups that found a row
 * @param falsePositives passed-through lookups that found nothing
 * @param bypassedByReason statements on the table not asked about, per reason (zero counts omitted)
 * @param keysAdded      keys added through writes seen by the gate, by triggers and by scans
 * @param staleKeys      keys deleted or moved since the last build: their bits stay (false
 *                       positives only) until a rebuild clears them
 * @param rebuilds       online rebuilds completed (after deletes, growth, or {@code rebuild()})
 * @param filter         the filter's facts: size, hashes, estimated keys and false-positive rate
 */
public record GuardStats(
        String table,
        String column,
        GuardState state,
        long lookups,
        long avoided,
        long passedThrough,
        long truePositives,
        long falsePositives,
        Map<BypassReason, Long> bypassedByReason,
        long keysAdded,
        long staleKeys,
        int rebuilds,
        FilterFacts filter) {

    /** Copies the map so the snapshot stays immutable. */
    public GuardStats {
        bypassedByReason = Map.copyOf(bypassedByReason);
    }

    /** Statements on the table that were not asked about, all reasons together. */
    public long bypassed() {
        return bypassedByReason.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Bypasses for one reason. */
    public long bypassed(BypassReason reason) {
        return bypassedByReason.getOrDefault(reason, 0L);
    }

    /**
     * The observed false-positive rate: false positives among lookups for absent keys
     * ({@code falsePositives / (avoided + falsePositives)}), or 0 before any.
     */
    public double observedFalsePositiveRate() {
        long absent = avoided + falsePositives;
        return absent == 0 ? 0 : (double) falsePositives / absent;
    }
}
