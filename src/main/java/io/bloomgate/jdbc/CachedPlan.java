package io.bloomgate.jdbc;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.KeyOperand;
import io.bloomgate.sql.ParameterCast;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.StatementPlan;
import io.bloomgate.sql.StatementShape;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.sql.JDBCType;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What the gate does with one SQL text, decided once and cached: the classifier's {@link
 * StatementPlan} resolved to guards, literal keys already in canonical form, and (after the first
 * real execution of a lookup) the metadata an empty answer needs. One final class per case: a
 * {@link Lookup} the filter may answer, a {@link Write} whose keys are added before it runs, an
 * {@link UnknownWrite} that may write keys the gate cannot see, a {@link Bypass} on a guarded table
 * and {@link Unrelated} text. Every case carries what its text may do to the session.
 */
abstract sealed class CachedPlan
        permits CachedPlan.Lookup, CachedPlan.Write, CachedPlan.UnknownWrite, CachedPlan.Bypass, CachedPlan.Unrelated {

    /**
     * A key operand: a parameter (1-based index; {@code array}: {@code key = ANY(?)}, the parameter
     * is an array of keys; {@code cast}: a cast around it, as jOOQ renders on H2, or null), or a
     * literal already canonicalised ({@code parameter} 0, {@code literal} EXACT, NULL or NOT_EXACT,
     * {@code literalBytes} the canonical bytes of an EXACT one).
     */
    record Key(int parameter, ParameterCast cast, Canonical literal, byte[] literalBytes, boolean array) {

        static Key parameter(int index, ParameterCast cast) {
            return new Key(index, cast, null, null, false);
        }

        static Key arrayParameter(int index) {
            return new Key(index, null, null, null, true);
        }

        static Key literal(Object value, Guard guard, KeyBuffer buffer) {
            Canonical canonical = KeyFunnel.canonical(guard, value, buffer);
            return new Key(0, null, canonical, canonical == Canonical.EXACT ? buffer.toByteArray() : null, false);
        }

        boolean isLiteral() {
            return parameter == 0;
        }
    }

    /**
     * A parameter in another conjunct of a lookup: the type of the column it is compared with (null:
     * none known), a cast around it (or null), and, for a LIKE pattern, its escape character (or
     * null: not a pattern).
     */
    record OtherParameter(int index, ColumnType type, ParameterCast cast, Character likeEscape) {
    }

    /** The guard concerned, or null (an unknown write on every guard, unrelated text, a write to several guards). */
    final Guard guard;
    /** The SQL text (for a shape's plan: the abstracted text). */
    final String sql;
    /** Whether executing it may add keys (a write or a statement that may write). */
    final boolean writes;
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
    /** The text may run code the gate does not see: a procedure or a non-built-in function ({@link SessionEffects#mayRunCode}). */
    final boolean mayRunCode;
    /**
     * MySQL/MariaDB: the text may put the session in locked-tables mode ({@code LOCK TABLES}, {@code
     * FLUSH TABLES ... WITH READ LOCK}), in which the server refuses a read of any table the
     * statement did not lock (1100): lookups pass through until {@link #unlocksTables}.
     */
    final boolean mayLockTables;
    /** The text is {@code UNLOCK TABLES}: the session leaves locked-tables mode. */
    final boolean unlocksTables;
    /**
     * Guards whose table running the text may redefine (DDL: {@link
     * io.bloomgate.sql.StatementClassifier#mayRedefine}); null: none. Set once by {@link #of},
     * before the plan is published (through the plan cache's concurrent map).
     */
    Guard[] redefines;
    /** See {@link #readsDiagnostics(String)}. */
    final boolean readsDiagnostics;

    /** {@code SET TRANSACTION SNAPSHOT '...'}: see {@link #mentionsUnansweredIsolation}. */
    private static final java.util.regex.Pattern IMPORTS_SNAPSHOT =
            java.util.regex.Pattern.compile("transaction\\s+snapshot");

    private CachedPlan(Guard guard, String sql) {
        this.guard = guard;
        this.sql = sql;
        boolean lookup = this instanceof Lookup;
        boolean understood = lookup || this instanceof Write;
        this.writes = this instanceof Write || this instanceof UnknownWrite;
        String lower = sql.toLowerCase(Locale.ROOT);
        SessionEffects effects = SessionEffects.of(lower, understood);
        // SET TRANSACTION SNAPSHOT (PostgreSQL) gives the transaction another session's snapshot,
        // which may predate a rebuild that dropped keys it still sees: its age is unknown, so the
        // session is answered no more, as after naming SERIALIZABLE.
        this.mentionsUnansweredIsolation = lower.contains("serializable") || lower.contains("uncommitted")
                || lower.contains("lock_mode") || lower.contains("snapshot") && IMPORTS_SNAPSHOT.matcher(lower).find();
        this.mentionsSnapshotIsolation = lower.contains("repeatable") || lower.contains("snapshot")
                || lower.contains("isolation");
        this.mayChangeSchema = effects.mayChangeSchema();
        this.createsTemporaryTable = effects.createsTemporaryTable();
        String lead = SessionEffects.leadingWord(lower);
        // XA START opens a transaction (MySQL/MariaDB) whatever auto-commit says: not one statement each.
        this.mayBeginTransaction = !lookup && (lower.contains("begin") || lower.contains("transaction")
                || lead.equals("xa"));
        this.mayEndTransaction = effects.mayEndTransaction();
        this.mayChangeAutoCommit = lower.contains("autocommit");
        this.mayRunCode = effects.mayRunCode();
        this.mayLockTables = lead.equals("lock") || lead.equals("flush") && lower.contains("lock")
                || !understood && lower.contains("lock table");
        this.unlocksTables = lead.equals("unlock");
        this.readsDiagnostics = readsDiagnostics(lower);
    }

    /**
     * The text may read what the statement before it left in the session: MySQL's {@code
     * FOUND_ROWS()}, {@code ROW_COUNT()}, {@code SHOW WARNINGS}/{@code ERRORS}, {@code
     * @@warning_count}/{@code @@error_count}, {@code GET DIAGNOSTICS} (conservative: substrings).
     */
    private static boolean readsDiagnostics(String lower) {
        return lower.contains("found_rows") || lower.contains("row_count") || lower.contains("warning")
                || lower.contains("error") || lower.contains("diagnostics");
    }

    /**
     * A text of {@code shape}'s shape: the same text but for literals in key positions, which are
     * data compared with the key column and cannot change the session, its isolation or its
     * transaction. So the text's session facts are the shape's, not read again from the text: that
     * read (lower-casing, a scan for function calls) was a third of the cost of a string-built lookup.
     */
    private CachedPlan(CachedPlan shape, String sql) {
        this.guard = shape.guard;
        this.sql = sql;
        this.writes = shape.writes;
        this.mentionsUnansweredIsolation = shape.mentionsUnansweredIsolation;
        this.mentionsSnapshotIsolation = shape.mentionsSnapshotIsolation;
        this.mayChangeSchema = shape.mayChangeSchema;
        this.createsTemporaryTable = shape.createsTemporaryTable;
        this.mayBeginTransaction = shape.mayBeginTransaction;
        this.mayEndTransaction = shape.mayEndTransaction;
        this.mayChangeAutoCommit = shape.mayChangeAutoCommit;
        this.mayRunCode = shape.mayRunCode;
        this.mayLockTables = shape.mayLockTables;
        this.unlocksTables = shape.unlocksTables;
        this.readsDiagnostics = shape.readsDiagnostics;
    }

    /** The largest parameter index the gate reads, to size a statement's slots. */
    int parameterSlots() {
        return 0;
    }

    private static int maxParameter(Key[] keys, int max) {
        for (Key k : keys) {
            max = Math.max(max, k.parameter());
        }
        return max;
    }

    /** A lookup the filter may answer (see {@link LookupDecision}). */
    static final class Lookup extends CachedPlan {

        final Key[] keys;
        /** LIMIT/OFFSET parameters: only non-negative integers are answered. */
        final int[] limitParameters;
        final OtherParameter[] otherParameters;
        /**
         * The answer on empty input is a row (aggregates without GROUP BY, EXISTS, a scalar
         * subquery), replayed from {@link Copies#emptyInputRow} once a real execution with absent
         * keys has given it.
         */
        final boolean rowsOnEmptyInput;
        /** Answerable only while the session runs READ COMMITTED (a MySQL {@code SKIP LOCKED} read). */
        final boolean readCommittedOnly;
        /**
         * The tables joined to the guarded one (each {schema or null, table}, folded): the session must be
         * allowed to read each (see {@link LookupDecision.Session#mayReadJoined}); empty without joins.
         */
        final String[][] joinedTables;
        /**
         * What an answer of this plan copies from a real execution (its metadata, its row on empty
         * input), shared by every text of one {@link io.bloomgate.sql.StatementShape}.
         */
        private final Copies copies;
        /** This text's own copies, when the shape's cannot serve it (see {@link #copies()}). */
        private volatile Copies ownCopies;

        Lookup(Guard guard, String sql, Key[] keys, int[] limitParameters, OtherParameter[] otherParameters,
                boolean rowsOnEmptyInput, boolean readCommittedOnly, Copies copies) {
            this(guard, sql, keys, limitParameters, otherParameters, rowsOnEmptyInput, readCommittedOnly, copies,
                    new String[0][]);
        }

        Lookup(Guard guard, String sql, Key[] keys, int[] limitParameters, OtherParameter[] otherParameters,
                boolean rowsOnEmptyInput, boolean readCommittedOnly, Copies copies, String[][] joinedTables) {
            super(guard, sql);
            this.keys = keys;
            this.limitParameters = limitParameters;
            this.otherParameters = otherParameters;
            this.rowsOnEmptyInput = rowsOnEmptyInput;
            this.readCommittedOnly = readCommittedOnly;
            this.copies = copies;
            this.joinedTables = joinedTables;
        }

        /** A text of {@code shape}'s shape (see {@link CachedPlan#CachedPlan(CachedPlan, String)}). */
        private Lookup(Lookup shape, String sql, Key[] keys, int[] limitParameters, OtherParameter[] otherParameters) {
            super(shape, sql);
            this.keys = keys;
            this.limitParameters = limitParameters;
            this.otherParameters = otherParameters;
            this.rowsOnEmptyInput = shape.rowsOnEmptyInput;
            this.readCommittedOnly = shape.readCommittedOnly;
            this.copies = shape.copies;
            this.joinedTables = shape.joinedTables;
        }

        /** Drops what answers copy (the joined tables changed): the next real execution copies it again. */
        void forgetCopies() {
            copies.forget();
            Copies own = ownCopies;
            if (own != null) {
                own.forget();
            }
        }

        /** Whether texts of this shape need their own copies: the shape's metadata quotes its text in a label. */
        boolean needsOwnCopies() {
            Copies shared = copies;
            return shared.metaData != null && shared.labelsQuoteText;
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

        @Override
        int parameterSlots() {
            int max = maxParameter(keys, 0);
            for (int i : limitParameters) {
                max = Math.max(max, i);
            }
            for (OtherParameter p : otherParameters) {
                max = Math.max(max, p.index());
            }
            return max;
        }

        /**
         * The plan of one text of a shape, from the plan of the shape's abstracted text ({@code
         * this}): the shape's parameters that stand for the text's literals become literal keys, or
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
                if (k.isLiteral()) {
                    concrete[i] = k;
                } else if (sources[k.parameter() - 1] != 0) {
                    concrete[i] = new Key(sources[k.parameter() - 1], k.cast(), null, null, k.array());
                } else if (k.array() || k.cast() != null) {
                    return new Bypass(guard, BypassReason.NOT_ELIGIBLE, sql); // not abstracted so: never happens
                } else {
                    concrete[i] = Key.literal(literals[k.parameter() - 1], guard, buffer);
                }
            }
            int kept = 0;
            OtherParameter[] others = new OtherParameter[otherParameters.length];
            for (OtherParameter p : otherParameters) {
                int source = sources[p.index() - 1];
                if (source == 0) {
                    // A literal, typed by the database from its column: it must convert without an error.
                    Object literal = literals[p.index() - 1];
                    if (!BoundValues.acceptedLiteral(literal, p.type(), dialect) || p.likeEscape() != null
                            && !(literal instanceof String s && io.bloomgate.sql.OtherParameter.validLikePattern(s, p.likeEscape()))) {
                        return new Bypass(guard, BypassReason.PARAMETER, sql);
                    }
                    continue;
                }
                others[kept++] = new OtherParameter(source, p.type(), p.cast(), p.likeEscape());
            }
            int[] limits = new int[limitParameters.length];
            for (int i = 0; i < limits.length; i++) {
                limits[i] = sources[limitParameters[i] - 1];
                if (limits[i] == 0) {
                    return new Bypass(guard, BypassReason.NOT_ELIGIBLE, sql);
                }
            }
            return new Lookup(this, sql, concrete, limits, Arrays.copyOf(others, kept));
        }
    }

    /**
     * A write whose keys the gate adds before it runs: one part per guard whose key column it
     * writes. {@link #guard} is the guard of a single part, null for several.
     */
    static final class Write extends CachedPlan {

        /**
         * One guard's keys: the key operands of the rows written, and whether some row's key is not
         * a plain parameter or literal (then the guard is unsettled until the write ends).
         */
        record Part(Guard guard, Key[] keys, boolean keysUnknown) {
        }

        final Part[] parts;

        Write(String sql, Part... parts) {
            super(parts.length == 1 ? parts[0].guard() : null, sql);
            this.parts = parts;
        }

        @Override
        int parameterSlots() {
            int max = 0;
            for (Part part : parts) {
                max = maxParameter(part.keys(), max);
            }
            return max;
        }
    }

    /** A statement that may write keys the gate cannot see (on {@link #guard}, or on every guard when null). */
    static final class UnknownWrite extends CachedPlan {

        UnknownWrite(Guard guard, String sql) {
            super(guard, sql);
        }
    }

    /** A statement on a guarded table (or none known) that always runs; counted under {@link #reason}. */
    static final class Bypass extends CachedPlan {

        final BypassReason reason;

        Bypass(Guard guard, BypassReason reason, String sql) {
            super(guard, sql);
            this.reason = reason;
        }
    }

    /** SQL the gate leaves entirely to the driver (but for what it may do to the session). */
    static final class Unrelated extends CachedPlan {

        Unrelated(String sql) {
            super((Guard) null, sql);
        }
    }

    /** For SQL the gate must leave entirely to the driver. */
    static final CachedPlan UNRELATED = new Unrelated("");

    /** Copied from real executions; until they are, lookups run for real. */
    static final class Copies {
        /** The result's metadata, from the first real execution of a lookup. */
        private volatile MetaDataCopy metaData;
        /** The database's answer on empty input, when the plan's {@link Lookup#rowsOnEmptyInput}. */
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

        /** When the metadata was copied ({@link System#nanoTime()}), once {@link #metaData()} is set. */
        private volatile long copiedAt;

        long copiedAt() {
            return copiedAt;
        }

        /** Forgets every copy (see {@link Lookup#forgetCopies}). */
        void forget() {
            metaData = null;
            emptyInputRow = null;
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
            copiedAt = System.nanoTime();
            metaData = copy; // last: publishes the three above
        }
    }

    static CachedPlan of(StatementPlan plan, String sql, GateContext context) {
        CachedPlan cached = ofPlan(plan, sql, context);
        if ((cached instanceof Unrelated || cached instanceof Bypass) && cached.mayRunCode
                && context.dialect != Dialect.H2) {
            // SELECT f(...) names no guarded table, but the function may write one (PostgreSQL,
            // MySQL/MariaDB: its rows reach the filter only through the change feed, after the
            // statement). A write with unknown keys: lookups pass through until the feed has read
            // it. On H2 the trigger adds such keys inside the write. A text the gate passes through
            // unread (a Bypass: SELECT * FROM f('...') is not parsed) may call one as well.
            cached = new UnknownWrite(null, sql);
        }
        cached.redefines = context.redefinedBy(sql);
        return cached;
    }

    private static CachedPlan ofPlan(StatementPlan plan, String sql, GateContext context) {
        if (plan instanceof StatementPlan.Lookup l) {
            Guard guard = context.guard(l.table());
            OtherParameter[] others = new OtherParameter[l.otherParameters().size()];
            for (int i = 0; i < others.length; i++) {
                io.bloomgate.sql.OtherParameter p = l.otherParameters().get(i);
                others[i] = new OtherParameter(p.index(), p.column() == null ? null : guard.columnType(p.column()),
                        p.cast(), p.likeEscape());
            }
            String unsafe = TypeChecks.failing(l.typeChecks(), guard, context.dialect);
            if (unsafe != null) {
                return new Bypass(guard, BypassReason.NOT_ELIGIBLE, sql);
            }
            int[] limits = l.limitParameters().stream().mapToInt(Integer::intValue).toArray();
            String semantics = comparisonSemanticsDiffer(l.keys(), guard);
            if (semantics != null) {
                return new Bypass(guard, BypassReason.NOT_ELIGIBLE, sql);
            }
            String[][] joined = new String[l.joinedTables().size()][];
            for (int i = 0; i < joined.length; i++) {
                List<String> name = l.joinedTables().get(i);
                joined[i] = new String[] {name.size() > 1 ? name.get(0) : null, name.get(name.size() - 1)};
            }
            return new Lookup(guard, sql, keys(l.keys(), guard), limits, others, l.rowsOnEmptyInput(),
                    l.readCommittedOnly(), new Copies(), joined);
        }
        if (plan instanceof StatementPlan.Write w) {
            return new Write(sql, part(w, context));
        }
        if (plan instanceof StatementPlan.Writes ws) {
            Write.Part[] parts = new Write.Part[ws.writes().size()];
            for (int i = 0; i < parts.length; i++) {
                parts[i] = part(ws.writes().get(i), context);
            }
            return new Write(sql, parts);
        }
        if (plan instanceof StatementPlan.UnknownWrite u) {
            return new UnknownWrite(u.table() == null ? null : context.guard(u.table()), sql);
        }
        if (plan instanceof StatementPlan.Bypass b) {
            Guard guard = b.table() == null ? null : context.guard(b.table());
            return new Bypass(guard, b.reason(), sql);
        }
        return new Unrelated(sql);
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

    private static Write.Part part(StatementPlan.Write w, GateContext context) {
        Guard guard = context.guard(w.table());
        return new Write.Part(guard, keys(w.keys(), guard), w.keysUnknown());
    }

    private static Key[] keys(List<KeyOperand> operands, Guard guard) {
        Key[] keys = new Key[operands.size()];
        KeyBuffer buffer = new KeyBuffer();
        for (int i = 0; i < keys.length; i++) {
            KeyOperand operand = operands.get(i);
            if (operand instanceof KeyOperand.Parameter p) {
                keys[i] = Key.parameter(p.index(), p.cast());
            } else if (operand instanceof KeyOperand.ArrayParameter p) {
                keys[i] = Key.arrayParameter(p.index());
            } else {
                keys[i] = Key.literal(((KeyOperand.Literal) operand).value(), guard, buffer);
            }
        }
        return keys;
    }
}
