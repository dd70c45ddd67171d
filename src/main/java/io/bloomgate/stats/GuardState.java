package io.bloomgate.stats;

/**
 * The lifecycle of a guard, as the internals (sync, the change feed, the JDBC wrappers) track it.
 * Lookups are answered from the filter only while it is {@link #READY}.
 *
 * <p>{@link io.bloomgate.GuardState} is the application's copy: the public API maps this enum to it
 * by constant name, and a test keeps the two lists of constants identical and in the same order.
 * Two enums, because the internals must not depend on the entry package (docs/architecture.md
 * section 7: the packages form no cycle) while applications keep their long-standing name.
 */
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
