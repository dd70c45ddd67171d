package io.bloomgate.cli;

import io.bloomgate.stats.GuardStats;

/**
 * What one crawl did and cost.
 *
 * @param withGate     whether the lookups and inserts went through the gate
 * @param checks       discovered URLs looked up
 * @param found        lookups that found the URL (already visited)
 * @param inserted     new URLs inserted
 * @param nanos        wall time of the crawl (lookups, inserts and commits)
 * @param lookupNanos  of which looking up
 * @param lookupIo     the database's counters of the work while looking up, or null if it keeps none
 * @param insertIo     the same while inserting and committing, or null
 * @param guard        the guard's figures at the end (with the gate), or null
 * @param buildNanos   time to build the gate (scan the table), 0 without it
 */
record CrawlRun(boolean withGate, long checks, long found, long inserted, long nanos, long lookupNanos,
        Io lookupIo, Io insertIo, GuardStats guard, long buildNanos) {

    double seconds() {
        return nanos / 1e9;
    }

    /** Discovered URLs checked (and the new ones inserted) per second. */
    double checksPerSecond() {
        return checks / seconds();
    }

    /** Statements the lookups sent to the database: all of them without the gate; passed through or bypassed with it. */
    long databaseLookups() {
        return guard == null ? checks : guard.passedThrough() + guard.bypassed();
    }

    /** The database's counters over the whole crawl, or null. */
    Io io() {
        return lookupIo == null ? null : lookupIo.plus(insertIo);
    }
}
