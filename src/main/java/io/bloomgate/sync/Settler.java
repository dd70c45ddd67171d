package io.bloomgate.sync;

/**
 * Settles writes whose keys the gate could not see (identity or default keys, {@code INSERT ...
 * SELECT}, statements it could not parse). Such a write makes its guard <em>unsettled</em> before
 * it executes, and its lookups pass through; once the write's transaction has ended the settler
 * makes sure every key it committed is in the filter, then settles the guard once.
 */
public interface Settler extends AutoCloseable {

    /** The transaction of an unsettled write on {@code guard} committed (or may have). */
    void afterCommit(Guard guard);

    /** The transaction of an unsettled write rolled back: it added no row, so it settles now. */
    default void afterRollback(Guard guard) {
        guard.settle();
    }

    @Override
    void close();
}
