package io.bloomgate.sync;

/**
 * What a sync does about DDL sent through the gate that may change a guarded table (a table
 * dropped, recreated, renamed, truncated, a column retyped: docs/architecture.md section 4, "DDL
 * through the gate"). The gate calls {@link #before} before the statement runs, so that no lookup
 * is answered from a filter the statement may have cut off from its hook, and {@link #after} once
 * the statement's transaction has ended (committed or rolled back: PostgreSQL's DDL is
 * transactional, and a rebuild after a rollback only costs time). The guard comes back only
 * through the sync's verified path: its hook checked or re-installed, the table's columns found as
 * at build ({@link TableDefinition}), and a fresh scan. Never by the passage of time.
 */
public interface Redefinitions {

    /** The statement is about to run: the guard's lookups pass through from now on. */
    void before(Guard guard, String why);

    /** Its transaction ended: verify the table and rebuild the guard (in the background). */
    void after(Guard guard);

    /** Only unsyncs: for syncs that cannot rebuild on their own (tests). */
    Redefinitions UNSYNC_ONLY = new Redefinitions() {
        @Override
        public void before(Guard guard, String why) {
            guard.unsync(why);
        }

        @Override
        public void after(Guard guard) {
        }
    };
}
