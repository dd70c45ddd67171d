package io.bloomgate.sql;

/** Why a statement touching a guarded table is not an eligible lookup (the JDBC layer adds runtime reasons). */
public enum BypassReason {
    /** The text could not be lexed or parsed, or parsed into something not fully understood. */
    NOT_PARSED,
    /** Parsed, but its shape is not one whose empty answer is provably what the database returns. */
    NOT_ELIGIBLE,
    /**
     * Otherwise eligible, but an aggregate (or HAVING) without GROUP BY makes it return one row even
     * on empty input ({@code COUNT(*)} gives 0): never answer it with zero rows.
     */
    AGGREGATE_WITHOUT_GROUP_BY
}
