package io.bloomgate.sync;

/**
 * One gate's side of the online rebuilds of its guards ({@link RebuildFence}): the writes through
 * the gate between adding their keys and executing ({@link #writes()}, counted by the gate's
 * statements), and the generation of its filters, bumped before every swap of a rebuilt filter and
 * read by its connections (a transaction whose first statement ran under an older generation passes
 * through until it ends). Created before the gate's {@link DatabaseSync} and its connections, and
 * handed to both, so neither has to be wired to the other afterwards.
 */
public final class GateFence implements RebuildFence {

    private final WritesInFlight writes = new WritesInFlight();
    private volatile long generation;

    /** The writes through the gate with their keys added but not yet executed. */
    public WritesInFlight writes() {
        return writes;
    }

    /** Bumped whenever a rebuild replaced a filter by one that may lack deleted keys. */
    public long generation() {
        return generation;
    }

    @Override
    public void awaitWritesInFlight() {
        writes.awaitEarlierWrites();
    }

    @Override
    public void filtersReplaced() {
        generation++; // one writer at a time: each sync runs its rebuilds on one thread
    }
}
