package io.bloomgate;

/** The lifecycle of a guard. Lookups are answered from the filter only while it is {@link #READY}. */
public enum GuardState {
    /** The filter is being filled by a scan of the key column; lookups pass through. */
    BUILDING,
    /** The filter holds every key a reader could see. */
    READY,
    /** The gate was closed; lookups pass through. */
    CLOSED
}
