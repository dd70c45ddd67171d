package io.bloomgate.jdbc;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.ParameterCast;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import io.bloomgate.sync.SyncWatch;

/**
 * Whether the filter answers one execution of a lookup, or why the lookup passes through to the
 * database (docs/architecture.md section 2, the read path). No JDBC here: the statement wrapper
 * reads the parameters, runs what passes through and builds the answer; this class only decides,
 * from the cached plan, the bound values, the guard (state and filter) and what the session says
 * of itself.
 *
 * <p>The rules, in the order they are checked (the first that applies decides):
 * <ol>
 * <li>the guard is not ready (building, unsynced, stale) or the gate closed: pass through, NOT_READY;
 * <li>a write with unknown keys is in flight: UNSETTLED;
 * <li>a callable statement, a scrollable or updatable result: CALLABLE / NOT_ELIGIBLE;
 * <li>the isolation level (SERIALIZABLE, READ UNCOMMITTED) or a snapshot older than the filter: ISOLATION;
 * <li>the open transaction cannot be answered for: TRANSACTION;
 * <li>names may not resolve as when the guard was built: SCHEMA;
 * <li>a LIMIT/OFFSET parameter that is not a non-negative integer, or another parameter the
 *     database could refuse with an error: PARAMETER;
 * <li>the hook keeping the guard in sync is gone (H2: a dropped trigger): NOT_READY;
 * <li>some key cannot be canonicalised exactly, or its type does not fit the key column: PARAMETER;
 * <li>some key (a literal, a parameter, one element of {@code = ANY(?)}) may be in the filter:
 *     pass through, counted as a positive;
 * <li>every key is absent but DDL raced the lookup: NOT_READY;
 * <li>nothing copied yet from a real execution (metadata, the row on empty input): FIRST_EXECUTION;
 * <li>otherwise: answer, empty or with the captured row on empty input.
 * </ol>
 *
 * <p>Allocation-free: the verdict is a constant; the canonical key is written to the caller's buffer.
 */
final class LookupDecision {

    private LookupDecision() {
    }

    /**
     * What the decision asks of the session, in the order above and only as far as it gets (some
     * answers cost a round trip the first time, so they are not asked for eagerly).
     */
    interface Session {

        /** The gate closed: nothing is answered any more. */
        boolean gateClosed();

        /** A SERIALIZABLE or READ UNCOMMITTED transaction may be open. */
        boolean isolationForbidsAnswers();

        /**
         * The session is known to run READ COMMITTED (asked after {@link #isolationForbidsAnswers()},
         * only for plans that need it: a MySQL {@code SKIP LOCKED} read).
         */
        boolean readCommitted();

        /** The open transaction's snapshot predates a filter replaced by a rebuild. */
        boolean snapshotPredatesFilters();

        /** The open transaction cannot be answered for on {@code guard}'s table yet. */
        boolean transactionForbidsAnswer(Guard guard);

        /** Unqualified names resolve as when the guards were built. */
        boolean resolvesAsBuilt();

        /**
         * Whether the session may read every table {@code plan} joins, as the lookup needs (the
         * database refuses the statement otherwise, whatever the key), and they are the tables its
         * copied metadata describes. True where the gate's other checks cover it.
         */
        default boolean mayReadJoined(CachedPlan.Lookup plan) {
            return true;
        }

        /** How the database converts bound values. */
        Dialect dialect();

        /** Verifies the guards' hooks per lookup, or null. */
        SyncWatch watch();

        /** What {@link #watch()} needs of the connection (asked only when there is a watch). */
        Object watchAttachment();
    }

    /** What to do with the execution; for a pass-through, the reason it is counted under. */
    enum Verdict {
        /** Answer with an empty result. */
        ANSWER_EMPTY(null, true),
        /** Answer with the row the database returned on empty input (an aggregate, EXISTS). */
        ANSWER_ROW(null, true),
        /** Some key may be present: pass through, and count whether it was a false positive. */
        MAYBE_PRESENT(null, true),
        /** Keys absent, but no metadata copied yet: pass through, copy it. */
        FIRST_EXECUTION(BypassReason.FIRST_EXECUTION, true),
        /** Keys absent, the plan returns a row on empty input not captured yet: pass through, capture it. */
        CAPTURE_EMPTY_INPUT(BypassReason.FIRST_EXECUTION, true),
        NOT_READY(BypassReason.NOT_READY, false),
        UNSETTLED(BypassReason.UNSETTLED, false),
        CALLABLE(BypassReason.CALLABLE, false),
        NOT_ELIGIBLE(BypassReason.NOT_ELIGIBLE, false),
        ISOLATION(BypassReason.ISOLATION, false),
        TRANSACTION(BypassReason.TRANSACTION, false),
        SCHEMA(BypassReason.SCHEMA, false),
        /** A LIMIT or other (non-key) parameter the database could refuse or read otherwise. */
        PARAMETER(BypassReason.PARAMETER, false),
        /** The watch found the guard's hook gone (it unsynced the guard). */
        HOOK_GONE(BypassReason.NOT_READY, true),
        /** A key that cannot be canonicalised exactly, or whose type does not fit the key column. */
        KEY_NOT_EXACT(BypassReason.PARAMETER, true),
        /** Keys absent, but DDL raced the lookup: look again next time. */
        DDL_RACED(BypassReason.NOT_READY, true);

        /** Why the lookup passes through uncounted as a positive; null: answered or MAYBE_PRESENT. */
        final BypassReason reason;
        /**
         * The session passed every check (names resolve as at build): a real execution's metadata
         * may be copied for answers of the plan.
         */
        final boolean sessionAsBuilt;

        Verdict(BypassReason reason, boolean sessionAsBuilt) {
            this.reason = reason;
            this.sessionAsBuilt = sessionAsBuilt;
        }

        boolean answers() {
            return this == ANSWER_EMPTY || this == ANSWER_ROW;
        }
    }

    /** The lookup's keys are all certainly absent. */
    private static final int ABSENT = 0;
    /** Some key may be present. */
    private static final int MAYBE = 1;
    /** Some key's value cannot be canonicalised exactly. */
    private static final int NOT_EXACT = 2;

    /**
     * Decides one execution of {@code plan}.
     *
     * @param slots           the bound parameters; null for a plain statement's text
     * @param forwardReadOnly the result is forward-only and read-only (the only kind answered)
     * @param callable        the statement is a {@code CallableStatement}
     * @param buffer          scratch space for canonical keys
     */
    static Verdict decide(CachedPlan.Lookup plan, ParameterSlots slots, boolean forwardReadOnly, boolean callable,
            Session session, KeyBuffer buffer) {
        return decide(plan, slots, null, null, null, forwardReadOnly, callable, session, buffer);
    }

    /**
     * Decides one execution of a string-built text that {@code template} read (its literals at
     * {@code spans}) and {@link TemplatedLookup#decidesFromText decides from}: the same decision as
     * for the text's instantiated plan, made on the shape's plan with each key read from the text
     * (no other parameter, LIMIT or cast is involved: see {@link TemplatedLookup}).
     */
    static Verdict decide(TemplatedLookup template, String sql, int[] spans, boolean forwardReadOnly,
            Session session, KeyBuffer buffer) {
        return decide(template.plan, null, template, sql, spans, forwardReadOnly, false, session, buffer);
    }

    private static Verdict decide(CachedPlan.Lookup plan, ParameterSlots slots, TemplatedLookup template, String sql,
            int[] spans, boolean forwardReadOnly, boolean callable, Session session, KeyBuffer buffer) {
        Guard guard = plan.guard;
        Verdict bypass = sessionBypass(plan, slots, forwardReadOnly, callable, session);
        if (bypass != null) {
            return bypass;
        }
        SyncWatch watch = session.watch();
        Object watched = null;
        long stamp = 0;
        if (watch != null) {
            watched = session.watchAttachment();
            stamp = watch.stamp(watched);
            if (!watch.verify(watched, stamp, guard)) {
                return Verdict.HOOK_GONE;
            }
        }
        int keys = template == null ? keysAbsent(plan, slots, guard, buffer, session.dialect())
                : keysAbsentInText(template, sql, spans, guard, buffer);
        if (keys == ABSENT && watch != null && watch.stamp(watched) != stamp) {
            return Verdict.DDL_RACED;
        }
        if (keys == MAYBE) {
            return Verdict.MAYBE_PRESENT;
        }
        if (keys == NOT_EXACT) {
            return Verdict.KEY_NOT_EXACT;
        }
        CachedPlan.Copies copies = plan.copies();
        if (copies.metaData() == null || plan.rowsOnEmptyInput && copies.emptyInputRow == null) {
            return plan.rowsOnEmptyInput ? Verdict.CAPTURE_EMPTY_INPUT : Verdict.FIRST_EXECUTION;
        }
        return plan.rowsOnEmptyInput ? Verdict.ANSWER_ROW : Verdict.ANSWER_EMPTY;
    }

    /** Rules 1 to 7: the guard, the statement, the session and the non-key parameters. */
    private static Verdict sessionBypass(CachedPlan.Lookup plan, ParameterSlots slots, boolean forwardReadOnly,
            boolean callable, Session session) {
        Guard guard = plan.guard;
        if (!guard.ready() || session.gateClosed()) {
            return Verdict.NOT_READY;
        }
        if (guard.unsettled()) {
            return Verdict.UNSETTLED;
        }
        if (!forwardReadOnly || callable) {
            return callable ? Verdict.CALLABLE : Verdict.NOT_ELIGIBLE;
        }
        if (session.isolationForbidsAnswers() || session.snapshotPredatesFilters()) {
            return Verdict.ISOLATION;
        }
        // A MySQL locking read: at REPEATABLE READ it takes a gap lock on an absent key, which an
        // answer would not take (architecture.md, "MySQL and MariaDB").
        if (plan.readCommittedOnly && !session.readCommitted()) {
            return Verdict.ISOLATION;
        }
        if (session.transactionForbidsAnswer(guard)) {
            return Verdict.TRANSACTION;
        }
        // Every lookup, qualified or not: a joined table or a subquery may name a table without its
        // schema, and the answer's metadata (copied from a session that resolved names as at build)
        // would describe another table than the one this session reads.
        if (!session.resolvesAsBuilt() || plan.joinedTables.length > 0 && !session.mayReadJoined(plan)) {
            return Verdict.SCHEMA;
        }
        for (int index : plan.limitParameters) {
            if (!BoundValues.nonNegativeInteger(slots, index)) {
                return Verdict.PARAMETER;
            }
        }
        Dialect dialect = session.dialect();
        for (CachedPlan.OtherParameter other : plan.otherParameters) {
            ParameterCast cast = other.cast();
            if (!BoundValues.compatible(slots, other.index(), other.type(), dialect)
                    || cast != null && !BoundValues.castPreserves(slots, other.index(), cast)
                    || other.likeEscape() != null && !BoundValues.likePattern(slots, other.index(), other.likeEscape())) {
                return Verdict.PARAMETER;
            }
        }
        return null;
    }

    private static int keysAbsent(CachedPlan.Lookup plan, ParameterSlots slots, Guard guard, KeyBuffer buffer,
            Dialect dialect) {
        for (CachedPlan.Key key : plan.keys) {
            Canonical canonical;
            if (key.isLiteral()) {
                canonical = key.literal();
                if (canonical == Canonical.EXACT) {
                    if (KeyFunnel.mightContain(guard, key.literalBytes())) {
                        return MAYBE;
                    }
                    continue;
                }
            } else if (key.array()) {
                int verdict = arrayKeysAbsent(slots, key, guard, buffer, dialect);
                if (verdict != ABSENT) {
                    return verdict;
                }
                continue;
            } else {
                canonical = BoundValues.canonicalKey(slots, key, guard, buffer, true, dialect);
                if (canonical != Canonical.NOT_EXACT && !(key.cast() != null
                        ? BoundValues.castFits(key.cast(), guard.keyColumnType())
                        : BoundValues.accepted(slots, key.parameter(), guard.keyColumnType(), dialect))) {
                    return NOT_EXACT; // the database would raise an error converting it, not return rows
                }
            }
            if (canonical == Canonical.NOT_EXACT) {
                return NOT_EXACT;
            }
            if (canonical == Canonical.EXACT && KeyFunnel.mightContain(guard, buffer)) {
                return MAYBE;
            }
            // NULL never equals anything: this key contributes no rows.
        }
        return ABSENT;
    }

    /**
     * {@link #keysAbsent} of the text's instantiated plan, whose keys are the shape plan's literal
     * keys and, for each of its parameters, the text's literal as a literal key (canonical as {@link
     * CachedPlan.Key#literal}: NULL contributes no rows, NOT_EXACT passes through).
     */
    private static int keysAbsentInText(TemplatedLookup template, String sql, int[] spans, Guard guard,
            KeyBuffer buffer) {
        for (CachedPlan.Key key : template.plan.keys) {
            if (key.isLiteral()) {
                if (key.literal() == Canonical.NOT_EXACT) {
                    return NOT_EXACT;
                }
                if (key.literal() == Canonical.EXACT && KeyFunnel.mightContain(guard, key.literalBytes())) {
                    return MAYBE;
                }
                continue;
            }
            Canonical canonical = template.canonicalKey(sql, spans, key.parameter(), guard, buffer);
            if (canonical == Canonical.NOT_EXACT) {
                return NOT_EXACT;
            }
            if (canonical == Canonical.EXACT && KeyFunnel.mightContain(guard, buffer)) {
                return MAYBE;
            }
        }
        return ABSENT;
    }

    /** {@code key = ANY(?)}: absent when every element of the bound array is. */
    private static int arrayKeysAbsent(ParameterSlots slots, CachedPlan.Key key, Guard guard, KeyBuffer buffer,
            Dialect dialect) {
        Object[] elements = BoundValues.arrayElements(slots, key.parameter(), guard.keyColumnType(), dialect);
        if (elements == null) {
            return NOT_EXACT;
        }
        for (Object element : elements) {
            Canonical canonical = KeyFunnel.canonical(guard, element, buffer);
            if (canonical == Canonical.NOT_EXACT) {
                return NOT_EXACT;
            }
            if (canonical == Canonical.EXACT && KeyFunnel.mightContain(guard, buffer)) {
                return MAYBE;
            }
        }
        return ABSENT;
    }
}
