package io.bloomgate.stats;

/** The lifecycle of a guard. Lookups are answered from the filter only while it is {@link #READY}. */
public enum GuardState {
    /** The filter is being filled by a scan of the key column; lookups pass through. */
    BUILDING,
    /** The filter holds every key a reader could see. */
    READY,
    /**
     * The hook that keeps the filter in sync is gone (its trigger was dropped, or the table or the
     * key column's type changed): writes may be missed, so lookups pass through until a rebuild.
     */
    UNSYNCED,
    /** The gate was closed; lookups pass through. */
    CLOSED
}
