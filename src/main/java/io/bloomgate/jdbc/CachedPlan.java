package io.bloomgate.jdbc;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.KeyOperand;
import io.bloomgate.sql.OtherParameter;
import io.bloomgate.sql.ParameterCast;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.StatementPlan;
import io.bloomgate.sql.StatementShape;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.Guard;
import java.sql.JDBCType;
import java.util.List;
import java.util.Locale;

/**
 * What the gate does with one SQL text, decided once and cached: the classifier's plan resolved to
 * guards, literal keys already in canonical form, and (after the first real execution of a lookup)
 * the metadata an empty answer needs.
 */
final class CachedPlan {

    enum Kind { LOOKUP, WRITE, UNKNOWN_WRITE, BYPASS, UNRELATED }

    /** A key operand: a parameter index, or a literal already canonicalised. */
    static final class Key {
        final int parameter;        // 1-based, or 0 for a literal
        final ParameterCast cast;   // a cast around the parameter (jOOQ renders one on H2), or null
        final Canonical literal;    // for literals: EXACT, NULL or NOT_EXACT
        final byte[] literalBytes;  // canonical bytes of an EXACT literal
        final boolean array;        // key = ANY(?): the parameter is an array of keys

        Key(int parameter, ParameterCast cast, Canonical literal, byte[] literalBytes) {
            this(parameter, cast, literal, literalBytes, false);
        }

        Key(int parameter, ParameterCast cast, Canonical literal, byte[] literalBytes, boolean array) {
            this.parameter = parameter;
            this.cast = cast;
            this.literal = literal;
            this.literalBytes = literalBytes;
            this.array = array;
        }
    }

    final Kind kind;
    final Guard guard;            // the guard concerned, or null (UNKNOWN_WRITE on every guard, UNRELATED,
                                  // a WRITE to a table with several guards)
    /** WRITE: one single-guard write per guard whose key column the statement writes ({this} for one). */
    final CachedPlan[] writeParts;
    final Key[] keys;             // LOOKUP and WRITE
    final boolean keysUnknown;    // WRITE: some row's key is not a plain parameter or literal
    final boolean unqualifiedTable;
    final int[] limitParameters;
    final int[] otherParameters;
    final ColumnType[] otherParameterTypes; // the compared column's type, or null
    final ParameterCast[] otherParameterCasts; // a cast around the parameter, or null
    final BypassReason bypassReason;
    /**
     * The text may switch a transaction to SERIALIZABLE or READ UNCOMMITTED (SET TRANSACTION, BEGIN
     * ISOLATION LEVEL ...), or turn H2's locking off ({@code SET LOCK_MODE}).
     */
    final boolean mentionsUnansweredIsolation;
    /**
     * The text may set a snapshot isolation level (REPEATABLE READ, SNAPSHOT) the driver does not
     * know about: transactions of the connection then count as snapshot transactions.
     */
    final boolean mentionsSnapshotIsolation;
    /**
     * Running the text may change how unqualified names resolve (schema, search path, role, a
     * temporary table, a function or procedure that may do any of these): the connection's
     * resolution is verified again before the next unqualified lookup is answered.
     */
    final boolean mayChangeSchema;
    /** The text creates a temporary table: it may shadow a guarded name for the rest of the session. */
    final boolean createsTemporaryTable;
    /** The text may open a transaction block the driver does not know about (BEGIN, START TRANSACTION). */
    final boolean mayBeginTransaction;
    /** The text may end the open transaction (COMMIT, ROLLBACK, or DDL, which H2 commits). */
    final boolean mayEndTransaction;
    /** The text may change auto-commit behind the driver's API (H2's {@code SET AUTOCOMMIT}). */
    final boolean mayChangeAutoCommit;
    /** Whether executing it may add keys (a write or a statement that may write). */
    final boolean writes;
    /**
     * What an answer of this plan copies from a real execution (its metadata, its row on empty
     * input), shared by every text of one {@link io.bloomgate.sql.StatementShape}.
     */
    private final Copies copies;
    /** This text's own copies, when the shape's cannot serve it (see {@link #copies()}). */
    private volatile Copies ownCopies;
    /** The SQL text (for a shape's plan: the abstracted text). */
    final String sql;

    /** Copied from real executions; until they are, lookups run for real. */
    static final class Copies {
        /** The result's metadata, from the first real execution of a lookup. */
        private volatile MetaDataCopy metaData;
        /** The database's answer on empty input, when the plan's {@link #rowsOnEmptyInput}. */
        volatile CapturedRow emptyInputRow;
        /** The text whose execution the metadata was copied from. */
        private volatile String copiedFrom;
        /**
         * A column label quotes the WHERE clause, literals and all (H2 labels an unaliased {@code
         * EXISTS(SELECT ... WHERE k = 5)} with its text): other texts of the shape label it otherwise.
         */
        private volatile boolean labelsQuoteText;

        MetaDataCopy metaData() {
            return metaData;
        }

        /** Keeps the metadata of {@code sql}'s first real execution (the first copy wins). */
        void metaData(java.sql.ResultSetMetaData md, String sql) throws java.sql.SQLException {
            if (metaData != null) {
                return;
            }
            MetaDataCopy copy = MetaDataCopy.of(md);
            boolean quotes = false;
            for (int i = 1; i <= md.getColumnCount(); i++) {
                String label = String.valueOf(md.getColumnLabel(i)).toUpperCase(java.util.Locale.ROOT);
                quotes |= label.contains("WHERE");
            }
            copiedFrom = sql;
            labelsQuoteText = quotes;
            metaData = copy; // last: publishes the two above
        }
    }

    /**
     * What this text's answers copy: its shape's, unless the shape's metadata was copied from
     * another text and quotes it in a label; then the text's own, from its own first execution.
     */
    Copies copies() {
        Copies shared = copies;
        if (shared.metaData != null && shared.labelsQuoteText && !sql.equals(shared.copiedFrom)) {
            Copies own = ownCopies;
            if (own == null) {
                own = ownCopies = new Copies();
            }
            return own;
        }
        return shared;
    }
    /**
     * LOOKUP: the answer on empty input is a row (aggregates without GROUP BY, EXISTS, a scalar
     * subquery), replayed from {@link Copies#emptyInputRow} once a real execution with absent keys has
     * given it.
     */
    final boolean rowsOnEmptyInput;

    private CachedPlan(Kind kind, Guard guard, Key[] keys, boolean keysUnknown, boolean unqualifiedTable,
            int[] limitParameters, int[] otherParameters, ColumnType[] otherParameterTypes,
            ParameterCast[] otherParameterCasts, BypassReason bypassReason, String sql) {
        this(kind, guard, keys, keysUnknown, unqualifiedTable, limitParameters, otherParameters, otherParameterTypes,
                otherParameterCasts, bypassReason, sql, null, false);
    }

    private CachedPlan(Kind kind, Guard guard, Key[] keys, boolean keysUnknown, boolean unqualifiedTable,
            int[] limitParameters, int[] otherParameters, ColumnType[] otherParameterTypes,
            ParameterCast[] otherParameterCasts, BypassReason bypassReason, String sql, CachedPlan[] writeParts,
            boolean rowsOnEmptyInput) {
        this(kind, guard, keys, keysUnknown, unqualifiedTable, limitParameters, otherParameters, otherParameterTypes,
                otherParameterCasts, bypassReason, sql, writeParts, rowsOnEmptyInput, new Copies());
    }

    private CachedPlan(Kind kind, Guard guard, Key[] keys, boolean keysUnknown, boolean unqualifiedTable,
            int[] limitParameters, int[] otherParameters, ColumnType[] otherParameterTypes,
            ParameterCast[] otherParameterCasts, BypassReason bypassReason, String sql, CachedPlan[] writeParts,
            boolean rowsOnEmptyInput, Copies copies) {
        this.kind = kind;
        this.rowsOnEmptyInput = rowsOnEmptyInput;
        this.copies = copies;
        this.sql = sql;
        this.guard = guard;
        this.writeParts = writeParts != null ? writeParts : kind == Kind.WRITE ? new CachedPlan[] {this} : null;
        this.keys = keys;
        this.keysUnknown = keysUnknown;
        this.unqualifiedTable = unqualifiedTable;
        this.limitParameters = limitParameters;
        this.otherParameters = otherParameters;
        this.otherParameterTypes = otherParameterTypes;
        this.otherParameterCasts = otherParameterCasts;
        this.bypassReason = bypassReason;
        String lower = sql.toLowerCase(Locale.ROOT);
        SessionEffects effects = SessionEffects.of(lower, kind == Kind.LOOKUP || kind == Kind.WRITE);
        this.mentionsUnansweredIsolation = lower.contains("serializable") || lower.contains("uncommitted")
                || lower.contains("lock_mode");
        this.mentionsSnapshotIsolation = lower.contains("repeatable") || lower.contains("snapshot")
                || lower.contains("isolation");
        this.mayChangeSchema = effects.mayChangeSchema();
        this.createsTemporaryTable = effects.createsTemporaryTable();
        this.mayBeginTransaction = kind != Kind.LOOKUP && (lower.contains("begin") || lower.contains("transaction"));
        this.mayEndTransaction = effects.mayEndTransaction();
        this.mayChangeAutoCommit = lower.contains("autocommit");
        this.writes = kind == Kind.WRITE || kind == Kind.UNKNOWN_WRITE;
    }

    /** For SQL the gate must leave entirely to the driver. */
    static final CachedPlan UNRELATED = new CachedPlan(Kind.UNRELATED, null, null, false, false, null, null, null,
            null, null, "");

    static CachedPlan of(StatementPlan plan, String sql, GateContext context) {
        if (plan instanceof StatementPlan.Lookup l) {
            Guard guard = context.guard(l.table());
            int[] others = new int[l.otherParameters().size()];
            ColumnType[] types = new ColumnType[others.length];
            ParameterCast[] casts = new ParameterCast[others.length];
            for (int i = 0; i < others.length; i++) {
                OtherParameter p = l.otherParameters().get(i);
                others[i] = p.index();
                types[i] = p.column() == null ? null : guard.columnType(p.column());
                casts[i] = p.cast();
            }
            int[] limits = l.limitParameters().stream().mapToInt(Integer::intValue).toArray();
            String semantics = comparisonSemanticsDiffer(l.keys(), guard);
            if (semantics != null) {
                return new CachedPlan(Kind.BYPASS, guard, null, false, false, null, null, null, null,
                        BypassReason.NOT_ELIGIBLE, sql);
            }
            return new CachedPlan(Kind.LOOKUP, guard, keys(l.keys(), guard), false, l.unqualifiedTable(), limits,
                    others, types, casts, null, sql, null, l.rowsOnEmptyInput());
        }
        if (plan instanceof StatementPlan.Write w) {
            return write(w, sql, context);
        }
        if (plan instanceof StatementPlan.Writes ws) {
            CachedPlan[] parts = new CachedPlan[ws.writes().size()];
            boolean unqualified = false;
            for (int i = 0; i < parts.length; i++) {
                parts[i] = write(ws.writes().get(i), sql, context);
                unqualified |= parts[i].unqualifiedTable;
            }
            return new CachedPlan(Kind.WRITE, null, null, false, unqualified, null, null, null, null, null, sql,
                    parts, false);
        }
        if (plan instanceof StatementPlan.UnknownWrite u) {
            Guard guard = u.table() == null ? null : context.guard(u.table());
            return new CachedPlan(Kind.UNKNOWN_WRITE, guard, null, true, false, null, null, null,
                    null, BypassReason.NOT_PARSED, sql);
        }
        if (plan instanceof StatementPlan.Bypass b) {
            Guard guard = b.table() == null ? null : context.guard(b.table());
            BypassReason reason = switch (b.reason()) {
                case NOT_PARSED -> BypassReason.NOT_PARSED;
                case AGGREGATE_WITHOUT_GROUP_BY -> BypassReason.AGGREGATE_WITHOUT_GROUP_BY;
                default -> BypassReason.NOT_ELIGIBLE;
            };
            return new CachedPlan(Kind.BYPASS, guard, null, false, false, null, null, null, null, reason, sql);
        }
        return new CachedPlan(Kind.UNRELATED, null, null, false, false, null, null, null, null, null, sql);
    }

    /**
     * Why comparing the key column with a key operand would not be the column's own equality, or
     * null if it is. A parameter cast to CHAR(n) compared with a VARCHAR or text key makes the
     * database compare with CHAR semantics, which ignore trailing spaces: 'abc ' in the column
     * equals CAST('abc' AS CHAR(3)), while the filter holds 'abc ' exactly.
     */
    private static String comparisonSemanticsDiffer(List<KeyOperand> operands, Guard guard) {
        JDBCType key = guard.keyType();
        boolean paddedKey = key == JDBCType.CHAR || key == JDBCType.NCHAR;
        for (KeyOperand operand : operands) {
            if (operand instanceof KeyOperand.Parameter p && p.cast() != null
                    && p.cast().type() == ParameterCast.Type.CHAR && !paddedKey) {
                return "a CHAR(n) cast compared with a " + key + " key ignores trailing spaces";
            }
        }
        return null;
    }

    private static CachedPlan write(StatementPlan.Write w, String sql, GateContext context) {
        Guard guard = context.guard(w.table());
        return new CachedPlan(Kind.WRITE, guard, keys(w.keys(), guard), w.keysUnknown(), w.unqualifiedTable(),
                null, null, null, null, null, sql);
    }

    private static Key[] keys(List<KeyOperand> operands, Guard guard) {
        Key[] keys = new Key[operands.size()];
        KeyBuffer buffer = new KeyBuffer();
        for (int i = 0; i < keys.length; i++) {
            KeyOperand operand = operands.get(i);
            if (operand instanceof KeyOperand.Parameter p) {
                keys[i] = new Key(p.index(), p.cast(), null, null);
            } else if (operand instanceof KeyOperand.ArrayParameter p) {
                keys[i] = new Key(p.index(), null, null, null, true);
            } else {
                Object value = ((KeyOperand.Literal) operand).value();
                Canonical canonical = guard.keyForm().canonicalize(value, buffer);
                keys[i] = new Key(0, null, canonical, canonical == Canonical.EXACT ? buffer.toByteArray() : null);
            }
        }
        return keys;
    }

    /**
     * The plan of one text of a shape, from the plan of the shape's abstracted text ({@code this},
     * a LOOKUP): the shape's parameters that stand for the text's literals become literal keys, or
     * are checked once here as the literals they are; the others are the text's own parameters.
     * The copies (metadata, row on empty input) are the shape's.
     */
    CachedPlan instantiate(StatementShape shape, String sql, Dialect dialect) {
        int[] sources = shape.sources();
        Object[] literals = shape.literals();
        Key[] concrete = new Key[keys.length];
        KeyBuffer buffer = new KeyBuffer();
        for (int i = 0; i < keys.length; i++) {
            Key k = keys[i];
            if (k.parameter == 0) {
                concrete[i] = k;
            } else if (sources[k.parameter - 1] != 0) {
                concrete[i] = new Key(sources[k.parameter - 1], k.cast, null, null, k.array);
            } else if (k.array || k.cast != null) {
                return bypass(BypassReason.NOT_ELIGIBLE, sql); // not abstracted so: never happens
            } else {
                Canonical canonical = guard.keyForm().canonicalize(literals[k.parameter - 1], buffer);
                concrete[i] = new Key(0, null, canonical, canonical == Canonical.EXACT ? buffer.toByteArray() : null);
            }
        }
        int kept = 0;
        int[] others = new int[otherParameters.length];
        ColumnType[] types = new ColumnType[others.length];
        ParameterCast[] casts = new ParameterCast[others.length];
        for (int i = 0; i < otherParameters.length; i++) {
            int source = sources[otherParameters[i] - 1];
            if (source == 0) {
                // A literal, typed by the database from its column: it must convert without an error.
                if (!BoundValues.acceptedLiteral(literals[otherParameters[i] - 1], otherParameterTypes[i], dialect)) {
                    return bypass(BypassReason.PARAMETER, sql);
                }
                continue;
            }
            others[kept] = source;
            types[kept] = otherParameterTypes[i];
            casts[kept++] = otherParameterCasts[i];
        }
        int[] limits = new int[limitParameters.length];
        for (int i = 0; i < limits.length; i++) {
            limits[i] = sources[limitParameters[i] - 1];
            if (limits[i] == 0) {
                return bypass(BypassReason.NOT_ELIGIBLE, sql);
            }
        }
        return new CachedPlan(Kind.LOOKUP, guard, concrete, false, unqualifiedTable, limits,
                java.util.Arrays.copyOf(others, kept), java.util.Arrays.copyOf(types, kept),
                java.util.Arrays.copyOf(casts, kept), null, sql, null, rowsOnEmptyInput, copies);
    }

    private CachedPlan bypass(BypassReason reason, String sql) {
        return new CachedPlan(Kind.BYPASS, guard, null, false, false, null, null, null, null, reason, sql);
    }

    /** The largest parameter index the gate reads, to size a statement's slots. */
    int parameterSlots() {
        int max = 0;
        if (writeParts != null && writeParts.length > 1) {
            for (CachedPlan part : writeParts) {
                max = Math.max(max, part.parameterSlots());
            }
        }
        if (keys != null) {
            for (Key k : keys) {
                max = Math.max(max, k.parameter);
            }
        }
        for (int[] indexes : new int[][] {limitParameters, otherParameters}) {
            if (indexes != null) {
                for (int i : indexes) {
                    max = Math.max(max, i);
                }
            }
        }
        return max;
    }
}
