package io.bloomgate.stats;

/**
 * Why a statement on a guarded table was passed to the database without consulting the filter.
 * Every bypass is counted per guard and reason, so a report shows why the gate did not help.
 *
 * <p>The one list of reasons: the statement analysis ({@code io.bloomgate.sql}) gives the first
 * three, the JDBC layer the runtime ones.
 */
public enum BypassReason {
    /** The SQL text could not be parsed, or holds several statements. */
    NOT_PARSED,
    /** The statement is not a point lookup the gate may answer (joins, OR over the key, functions on it, ...). */
    NOT_ELIGIBLE,
    /** Aggregates (or HAVING) without GROUP BY return one row even when no row matches. */
    AGGREGATE_WITHOUT_GROUP_BY,
    /** A key or other parameter was bound in a form whose conversion the gate cannot reproduce exactly. */
    PARAMETER,
    /** The filter is being built. */
    NOT_READY,
    /** A write with keys the gate does not know yet (generated, INSERT ... SELECT) is in flight. */
    UNSETTLED,
    /**
     * A SERIALIZABLE transaction may be open (skipping the read would drop its predicate locks), or
     * a READ UNCOMMITTED one (a dirty reader may see a row before its key is added).
     */
    ISOLATION,
    /** The statement names the table without a schema and the connection's schema may have changed. */
    SCHEMA,
    /** The first execution of a SQL text runs for real, so the empty answer can copy its metadata. */
    FIRST_EXECUTION,
    /** Lookups through {@code CallableStatement} are not short-circuited. */
    CALLABLE,
    /**
     * The open transaction cannot be answered for yet: a snapshot transaction (REPEATABLE READ) that
     * has not read the table through the database (its snapshot of it does not exist yet, so an
     * answer now could contradict a later read), or an aborted transaction (the database would raise
     * an error, not return rows).
     */
    TRANSACTION
}
