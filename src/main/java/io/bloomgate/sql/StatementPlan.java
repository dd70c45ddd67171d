package io.bloomgate.sql;

import io.bloomgate.stats.BypassReason;
import java.util.List;
import java.util.Objects;

/**
 * What the gate may do with one SQL text, decided once per distinct text by {@link
 * StatementClassifier}. When unsure the classifier answers {@link Bypass} (reads) or {@link
 * UnknownWrite} (anything that might write): being unsure costs speed, never correctness.
 */
public sealed interface StatementPlan {

    /**
     * An eligible lookup: when every key in {@code keys} is absent from the table, the database's
     * answer is provably empty.
     *
     * @param table            the guard whose key column the predicate tests
     * @param keys             the operands of the chosen key predicate ({@code key = x}: one; {@code
     *                         key IN (...)}: the list) — empty only if every one is absent
     * @param unqualifiedTable the table was named without a schema and resolved through the default
     *                         schema: the caller checks the connection's schema has not changed
     * @param limitParameters  1-based indexes of parameters in LIMIT/OFFSET/FETCH, ascending: the caller
     *                         checks they are bound to non-negative integers
     * @param otherParameters  every other parameter, ascending by index (see {@link OtherParameter})
     * @param rowsOnEmptyInput the statement may return rows even when the key is absent (aggregates
     *                         without GROUP BY, HAVING without GROUP BY, {@code SELECT EXISTS(...)},
     *                         a scalar subquery): its answer on empty input is the same for every
     *                         execution (no parameter or session-dependent function outside the
     *                         WHERE clause), so the caller copies it from one real execution whose
     *                         keys were absent and replays it; false: the answer is no rows
     * @param typeChecks       comparisons whose operands' declared types must agree for the text
     *                         to be answerable at all (see {@link TypeCheck})
     * @param readCommittedOnly the text is a MySQL/MariaDB locking read with {@code SKIP LOCKED}:
     *                         answerable only while the session runs READ COMMITTED, where InnoDB
     *                         takes no gap lock on an absent key and skips rows other transactions
     *                         have inserted but not committed, exactly as a plain read does not see
     *                         them (measured on MariaDB 10.11; docs/architecture.md, "MySQL and MariaDB")
     * @param joinedTables     the tables joined to the guarded one, each its folded name (schema first when
     *                         qualified): the database refuses the whole statement (PostgreSQL: 42501) for a
     *                         session that may not read one of them, whatever the key
     */
    record Lookup(GuardedTable table, List<KeyOperand> keys, boolean unqualifiedTable,
            List<Integer> limitParameters, List<OtherParameter> otherParameters, boolean rowsOnEmptyInput,
            List<TypeCheck> typeChecks, boolean readCommittedOnly, List<List<String>> joinedTables)
            implements StatementPlan {
        public Lookup {
            Objects.requireNonNull(table, "table");
            keys = List.copyOf(keys);
            limitParameters = List.copyOf(limitParameters);
            otherParameters = List.copyOf(otherParameters);
            typeChecks = List.copyOf(typeChecks);
            joinedTables = List.copyOf(joinedTables);
        }

        /** A lookup whose answer for absent keys is no rows, with no type checks. */
        public Lookup(GuardedTable table, List<KeyOperand> keys, boolean unqualifiedTable,
                List<Integer> limitParameters, List<OtherParameter> otherParameters) {
            this(table, keys, unqualifiedTable, limitParameters, otherParameters, false, List.of(), false, List.of());
        }

        /** The same lookup, answered on empty input by a replayed row (see {@code rowsOnEmptyInput}). */
        Lookup withRowsOnEmptyInput() {
            return new Lookup(table, keys, unqualifiedTable, limitParameters, otherParameters, true, typeChecks,
                    readCommittedOnly, joinedTables);
        }

        /** The same lookup, answerable only at READ COMMITTED (see {@code readCommittedOnly}). */
        Lookup withReadCommittedOnly() {
            return new Lookup(table, keys, unqualifiedTable, limitParameters, otherParameters, rowsOnEmptyInput,
                    typeChecks, true, joinedTables);
        }

        /** The same lookup, joining {@code tables} (see {@code joinedTables}). */
        Lookup withJoinedTables(List<List<String>> tables) {
            return new Lookup(table, keys, unqualifiedTable, limitParameters, otherParameters, rowsOnEmptyInput,
                    typeChecks, readCommittedOnly, tables);
        }

        /** The same lookup with {@code more} type checks. */
        Lookup withTypeChecks(List<TypeCheck> more) {
            if (more.isEmpty()) {
                return this;
            }
            List<TypeCheck> all = new java.util.ArrayList<>(typeChecks);
            all.addAll(more);
            return new Lookup(table, keys, unqualifiedTable, limitParameters, otherParameters, rowsOnEmptyInput, all,
                    readCommittedOnly, joinedTables);
        }
    }

    /**
     * A write through the gate that may add keys to a guarded table; the caller adds {@code keys}
     * before it executes.
     *
     * @param keysUnknown some row's key is not a plain parameter or literal (identity/default, {@code
     *                    INSERT ... SELECT}, an expression, a cast parameter, a standard MERGE): the
     *                    guard is unsettled until the write's keys are learned
     */
    record Write(GuardedTable table, List<KeyOperand> keys, boolean keysUnknown, boolean unqualifiedTable)
            implements StatementPlan {
        public Write {
            Objects.requireNonNull(table, "table");
            keys = List.copyOf(keys);
        }
    }

    /**
     * One write to a table that carries several guards (one per guarded key column): each {@link
     * Write} is the same statement seen from one guard. Every part's keys are added before it runs.
     *
     * @param writes two or more writes, one per guard whose key column the statement writes
     */
    record Writes(List<Write> writes) implements StatementPlan {
        public Writes {
            writes = List.copyOf(writes);
            if (writes.size() < 2) {
                throw new IllegalArgumentException("Writes holds two or more writes, not " + writes.size());
            }
        }
    }

    /**
     * Touches a guarded table but is not an eligible lookup; it passes through unchanged and is
     * counted per reason.
     *
     * @param table the guard concerned, or {@code null} when it cannot be pinned to one (count it
     *              against every guard)
     */
    record Bypass(GuardedTable table, BypassReason reason, String detail) implements StatementPlan {
        public Bypass {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * Might write to a guarded table in ways the classifier cannot see (unparseable or unrecognised
     * text that is not provably read-only and mentions a guarded table, procedure calls,
     * multi-statement text...). The caller treats its
     * keys as unknown.
     *
     * @param table the guard concerned, or {@code null} for every guard
     */
    record UnknownWrite(GuardedTable table, String detail) implements StatementPlan {
    }

    /** Mentions no guarded table: pass through, not counted. */
    record Unrelated() implements StatementPlan {
    }
}
