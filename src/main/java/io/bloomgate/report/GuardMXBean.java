package io.bloomgate.report;

import java.util.Map;

/**
 * One guard's counters and filter facts over JMX, registered by {@link BloomGateJmx} as
 * {@code io.bloomgate:type=Guard,table=<schema.table>,column=<column>}. The attributes mirror
 * {@link io.bloomgate.stats.GuardStats} and its {@link io.bloomgate.filter.FilterFacts}.
 */
public interface GuardMXBean {

    /** The guarded table, schema-qualified, as the database names it. */
    String getTable();

    /** The guarded key column, as the database names it. */
    String getColumn();

    /** The name of the guard's {@link io.bloomgate.stats.GuardState} ({@code READY}, {@code CLOSED}, ...). */
    String getState();

    /** Eligible lookups the filter was asked about. */
    long getLookups();

    /** Lookups answered absent by the filter, without a query. */
    long getAvoided();

    /** Lookups the filter could not rule out, sent to the database. */
    long getPassedThrough();

    /** Passed-through lookups that found a row. */
    long getTruePositives();

    /** Passed-through lookups that found nothing. */
    long getFalsePositives();

    /** Statements on the table the filter was not asked about, all reasons together. */
    long getBypassed();

    /** Bypassed statements per {@link io.bloomgate.stats.BypassReason} name (zero counts omitted). */
    Map<String, Long> getBypassedByReason();

    /** Keys added to the filter by writes, triggers and scans. */
    long getKeysAdded();

    /** Online rebuilds completed. */
    int getRebuilds();

    /** Keys deleted or moved since the last build, whose bits stay until a rebuild. */
    long getStaleKeys();

    /** The filter's layout: {@code BLOCKED}, {@code COUNTING} or {@code SCALABLE}. */
    String getLayout();

    /** Bits (or 4-bit counters) in the filter. */
    long getFilterBits();

    /** Hash positions per key. */
    int getHashes();

    /** Bytes held by the filter. */
    long getMemoryBytes();

    /** Keys the filter was sized for. */
    long getExpectedKeys();

    /** Distinct keys in the filter, estimated from its bits. */
    long getEstimatedKeys();

    /** Fraction of the filter's bits set. */
    double getFillRatio();

    /** The false-positive rate the filter was sized for. */
    double getTargetFpp();

    /** The false-positive rate to expect from the filter's fill. */
    double getEstimatedFpp();

    /** False positives among lookups for absent keys so far. */
    double getObservedFalsePositiveRate();
}
