package io.bloomgate.sql;

import io.bloomgate.stats.BypassReason;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.GroupField;
import org.jooq.Param;
import org.jooq.QueryPart;
import org.jooq.Select;
import org.jooq.SelectFieldOrAsterisk;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.QOM;

/**
 * Decides whether a parsed SELECT is an eligible lookup (docs/architecture.md section 2). Every check is a
 * whitelist: whatever is not recognised makes the statement ineligible.
 */
final class LookupAnalyzer {

    /**
     * What may remain once every clause the model exposes is removed: nothing but a row lock (and an
     * OFFSET, which jOOQ 3.19's {@code $offset(null)} does not always remove; it is checked apart).
     */
    private static final Pattern RESIDUAL = Pattern.compile(
            "select 1( offset (\\?|:bg_[0-9]+|[0-9]+) rows)?"
                    + "( for (update|no key update|share|key share)( of [^ ,]+(, [^ ,]+)*)?( of)?"
                    + "( nowait| skip locked| wait [0-9]+)?)?");

    private final Analysis a;
    private final Select<?> select;
    private GuardedTable table;          // the table in FROM (first guard on it until a key is chosen)
    private List<GuardedTable> tableGuards;
    private Resolver.Part alias;
    private final List<OtherParameter> others = new ArrayList<>();
    private final List<Integer> limits = new ArrayList<>();
    private final BitSet consumed = new BitSet();
    /** FROM as joined tables, left to right: the first is the guarded table (no ON), then INNER/LEFT joins. */
    private JoinTree joins = JoinTree.none();

    /** Comparisons whose operands' declared types must agree (WHERE and ON): see {@link TypeCheck}. */
    private final List<TypeCheck> typeChecks = new ArrayList<>();
    private SafeConditions onSafety;

    private LookupAnalyzer(Analysis a, Select<?> select) {
        this.a = a;
        this.select = select;
    }

    /**
     * @param unknownFunctions the text calls functions jOOQ does not know: any of them may be a
     *                         user-defined aggregate
     */
    static StatementPlan analyze(Analysis a, Select<?> select, boolean unknownFunctions) {
        LookupAnalyzer l = new LookupAnalyzer(a, select);
        l.unknownFunctions = unknownFunctions;
        return l.run();
    }

    private boolean unknownFunctions;
    /** The query holds a row lock clause (FOR UPDATE, FOR SHARE, ...): set by {@link #residual()}. */
    private boolean lockingRead;

    private StatementPlan notEligible(String detail) {
        return new StatementPlan.Bypass(table, BypassReason.NOT_ELIGIBLE, detail);
    }

    private StatementPlan run() {
        List<? extends Table<?>> from = select.$from();
        if (from.isEmpty()) {
            StatementPlan sub = subqueryForm();
            if (sub != null) {
                return sub;
            }
        }
        if (from.size() != 1) {
            return a.bypassTouched(select, BypassReason.NOT_ELIGIBLE,
                    from.isEmpty() ? "no FROM table" : "FROM is not exactly one table");
        }
        joins = JoinTree.read(a, from.get(0));
        if (joins.problem != null) {
            return a.bypassTouched(select, BypassReason.NOT_ELIGIBLE, joins.problem);
        }
        Table<?> ref = joins.first();
        List<Resolver.Part> name = Analysis.plainTableName(ref);
        if (name == null) {
            return a.bypassTouched(select, BypassReason.NOT_ELIGIBLE,
                    "FROM is not a plain table: " + Analysis.describe(ref));
        }
        Resolver.Resolved resolved = a.resolver.resolveRead(name);
        if (resolved == null) {
            return a.bypassTouched(select, BypassReason.NOT_ELIGIBLE, "FROM table is not a guarded table"
                    + (name.size() > 2 ? " (catalog-qualified)" : ""));
        }
        tableGuards = resolved.guards();
        table = resolved.first();
        if (ref instanceof QOM.TableAlias<?> ta) {
            List<Resolver.Part> aliasParts = Resolver.parts(ta.$alias());
            if (aliasParts == null || aliasParts.size() != 1) {
                return notEligible("unusual table alias");
            }
            alias = aliasParts.get(0);
        }
        String extras = JoinTree.referenceExtras(a, ref);
        if (extras != null) {
            return notEligible(extras);
        }
        for (int i = 1; i < joins.parts.size(); i++) {
            String problem = joinedTable(joins.parts.get(i));
            if (problem != null) {
                return notEligible(problem);
            }
        }
        String residual = residual();
        if (residual != null) {
            return notEligible(residual);
        }
        if (lockingRead && a.dialect == Dialect.POSTGRES) {
            // PostgreSQL refuses a locking read before it reads a row: in a read-only transaction
            // (25006: setReadOnly, SET TRANSACTION READ ONLY, default_transaction_read_only, a
            // standby) and for a role without UPDATE on the table (42501). Whether either holds is
            // the session's, per transaction; an answer would hide the error.
            return notEligible("a locking read (refused in read-only transactions)");
        }
        if (select.$qualify() != null) {
            return notEligible("QUALIFY");
        }

        // WHERE: a conjunction with a key predicate; every conjunct side-effect- and error-free.
        Condition where = select.$where();
        if (where == null) {
            return notEligible("no WHERE clause");
        }
        List<Condition> conjuncts = new ArrayList<>();
        flattenAnd(where, conjuncts);
        List<List<OtherParameter>> params = new ArrayList<>();
        SafeConditions safety = new SafeConditions(a, this::column, typeChecks);
        for (Condition c : conjuncts) {
            List<OtherParameter> ps = new ArrayList<>();
            if (!safety.safe(c, ps)) {
                return notEligible("WHERE conjunct not recognised as safe: " + Analysis.describe(c));
            }
            params.add(ps);
        }
        Candidate best = null;
        for (int i = 0; i < conjuncts.size(); i++) {
            Candidate c = keyPredicate(conjuncts.get(i), i);
            if (c != null && (best == null || c.keys.size() < best.keys.size())) {
                best = c;
            }
        }
        if (best == null) {
            return notEligible("no top-level key = ? / key IN (...) conjunct on a guarded key column");
        }
        table = best.guard;
        List<KeyOperand> keys = new ArrayList<>();
        for (Operand o : best.keys) {
            if (o instanceof Operand.Param p) {
                keys.add(new KeyOperand.Parameter(p.index(), p.cast()));
                consume(p.index());
            } else if (o instanceof Operand.ArrayParam p) {
                keys.add(new KeyOperand.ArrayParameter(p.index()));
                consume(p.index());
            } else {
                KeyOperand literal = a.lookupLiteral(((Operand.Literal) o).value());
                if (literal == null) {
                    return notEligible("key literal of an unsupported type");
                }
                keys.add(literal);
            }
        }
        for (int i = 0; i < conjuncts.size(); i++) {
            if (i != best.conjunct) {
                for (OtherParameter p : params.get(i)) {
                    if (SafeConditions.joined(p.column())) {
                        return notEligible("a parameter compared with a column of a joined table (type unknown)");
                    }
                    others.add(p);
                    consume(p.index());
                }
            }
        }

        // GROUP BY: any grouping, but not a grand total (which yields a row on empty input).
        List<? extends GroupField> groupBy = select.$groupBy();
        for (GroupField g : groupBy) {
            List<QueryPart> parts = visit(g);
            if (parts == null) {
                return notEligible("GROUP BY not understood");
            }
            for (QueryPart p : parts) {
                if (p instanceof QOM.EmptyGroupingSet || p instanceof QOM.GroupingSets || p instanceof QOM.Rollup
                        || p instanceof QOM.Cube) {
                    return notEligible("GROUP BY with a grand-total grouping set (ROLLUP, CUBE, GROUPING SETS, ())");
                }
            }
        }

        if (a.dialect == Dialect.MYSQL && (!groupBy.isEmpty() || select.$distinct())) {
            String computed = computedColumnOfGroupedRows();
            if (computed != null) {
                return notEligible("on MySQL, a computed column of a grouped or DISTINCT query (" + computed
                        + "): its metadata depends on the plan");
            }
        }

        // LIMIT / OFFSET
        String limitProblem = limitOperand(select.$limit());
        if (limitProblem == null) {
            limitProblem = limitOperand(select.$offset());
        }
        if (limitProblem != null) {
            return notEligible(limitProblem);
        }

        // Every parameter must be one we have placed: none in the select list, ORDER BY, GROUP BY, HAVING,
        // subqueries...
        int n = a.lexed.parameterCount;
        if (consumed.cardinality() != n || (n > 0 && consumed.nextClearBit(1) != n + 1)) {
            return notEligible("parameter outside the WHERE conjuncts and LIMIT/OFFSET");
        }

        others.sort(Comparator.comparingInt(OtherParameter::index));
        limits.sort(Comparator.naturalOrder());
        StatementPlan.Lookup lookup = new StatementPlan.Lookup(table, keys, resolved.unqualified(), limits, others)
                .withTypeChecks(typeChecks).withJoinedTables(joins.joinedTables);

        // Aggregates without GROUP BY answer one row on empty input: that row is replayed when it
        // is the same for every execution.
        if (groupBy.isEmpty()) {
            if (select.$having() != null) {
                String bare = ConstantRow.bareColumnBesideAggregates(a, select);
                if (bare != null) {
                    return new StatementPlan.Bypass(table, BypassReason.AGGREGATE_WITHOUT_GROUP_BY,
                            "HAVING without GROUP BY beside " + bare);
                }
                return oneRow(lookup, "HAVING without GROUP BY");
            }
            if (unknownFunctions) {
                return new StatementPlan.Bypass(table, BypassReason.AGGREGATE_WITHOUT_GROUP_BY,
                        "unknown function without GROUP BY (it may be a user-defined aggregate)");
            }
            List<QueryPart> scan = new ArrayList<>();
            for (SelectFieldOrAsterisk f : select.$select()) {
                // An aliased field renders as its alias alone outside the select list: visit what it names
                // (COUNT(*) AS n is an aggregate; the alias hid it, and an absent key was answered with no row).
                scan.add(f instanceof QOM.FieldAlias<?> alias ? alias.$field() : f);
            }
            for (SortField<?> f : select.$orderBy()) {
                scan.add(f);
            }
            for (QueryPart part : scan) {
                List<QueryPart> parts = visit(part);
                if (parts == null) {
                    return notEligible("select list or ORDER BY not understood");
                }
                for (QueryPart p : parts) {
                    if (ConstantRow.isAggregate(p)) {
                        String bare = ConstantRow.bareColumnBesideAggregates(a, select);
                        if (bare != null) {
                            return new StatementPlan.Bypass(table, BypassReason.AGGREGATE_WITHOUT_GROUP_BY,
                                    "aggregate without GROUP BY beside " + bare);
                        }
                        return oneRow(lookup, "aggregate without GROUP BY: " + Analysis.describe(p));
                    }
                }
            }
        }
        return lookup;
    }

    /**
     * A select item of a grouped or DISTINCT query other than a column, {@code *}, a literal or a
     * {@code COUNT}, or null. MariaDB describes such an item by how the plan produced the rows
     * (measured on 10.11, {@code FuzzFoundTest.fuzzMariaDBSeed31Episode72Step34}): through a
     * temporary table (an index or table scan that found nothing) the temporary table's field, 0
     * decimals for {@code MAX(k)}, {@code MIN('a')}, {@code UPPER(s)} of text; when the optimizer
     * decided on no rows before execution (a primary-key or unique-key lookup that missed, {@code
     * key = NULL}, {@code LIMIT 0}) the item itself, 39 decimals. Which one an absent key meets
     * depends on the key's index, the setter (a number against a text key uses no index), NULLs
     * and duplicates in an IN list: not known per text, so such texts pass through. Columns,
     * literals, counts and numeric aggregates were described alike by every plan; only columns,
     * literals and counts are let through (numeric types are not known here).
     */
    private String computedColumnOfGroupedRows() {
        for (SelectFieldOrAsterisk f : select.$select()) {
            Object item = f instanceof QOM.FieldAlias<?> alias ? alias.$field() : f;
            if (!(item instanceof org.jooq.TableField<?, ?> || item instanceof org.jooq.Asterisk
                    || item instanceof org.jooq.QualifiedAsterisk || item instanceof QOM.Count
                    || item instanceof Param<?> p && p.isInline())) {
                return Analysis.describe(item);
            }
        }
        return null;
    }

    /**
     * A lookup that returns one row (or none, under HAVING) on empty input: eligible when that
     * answer cannot vary between executions, else a bypass saying why.
     */
    private StatementPlan oneRow(StatementPlan.Lookup lookup, String what) {
        if (select.$limit() != null || select.$offset() != null) {
            return new StatementPlan.Bypass(table, BypassReason.AGGREGATE_WITHOUT_GROUP_BY,
                    what + ", with LIMIT/OFFSET");
        }
        String problem = variableWord();
        if (problem != null) {
            return new StatementPlan.Bypass(table, BypassReason.AGGREGATE_WITHOUT_GROUP_BY, what + ", " + problem);
        }
        return lookup.withRowsOnEmptyInput();
    }

    /**
     * {@code SELECT EXISTS (lookup)} or {@code SELECT (lookup)} without FROM: when the inner
     * lookup's keys are absent, its result, and so the outer row, is the one every execution gives.
     * Null when the statement is not of this form.
     */
    private StatementPlan subqueryForm() {
        List<? extends SelectFieldOrAsterisk> fields = select.$select();
        if (fields.size() != 1) {
            return null;
        }
        Object field = fields.get(0);
        boolean aliased = field instanceof QOM.FieldAlias<?>;
        if (field instanceof QOM.FieldAlias<?> alias) {
            field = alias.$field();
        }
        if (field instanceof QOM.ConditionAsField c) {
            field = c.$arg1(); // EXISTS (...) AS e: the parser wraps the aliased condition as a field
        }
        Select<?> inner = field instanceof QOM.Exists e ? e.$query()
                : field instanceof QOM.ScalarSubquery<?> q ? q.$arg1() : null;
        if (inner == null) {
            return null;
        }
        if (select.$where() != null || !select.$groupBy().isEmpty() || select.$having() != null
                || !select.$orderBy().isEmpty() || select.$limit() != null || select.$offset() != null
                || select.$distinct() || select.$with() != null) {
            return new StatementPlan.Bypass(null, BypassReason.NOT_ELIGIBLE, "clauses around a subquery");
        }
        String residual = residual();
        if (residual != null) {
            return new StatementPlan.Bypass(null, BypassReason.NOT_ELIGIBLE, residual);
        }
        LookupAnalyzer l = new LookupAnalyzer(a, inner);
        l.unknownFunctions = unknownFunctions;
        StatementPlan plan = l.run();
        if (!(plan instanceof StatementPlan.Lookup lookup)) {
            return plan;
        }
        if (unknownFunctions) {
            return new StatementPlan.Bypass(lookup.table(), BypassReason.NOT_ELIGIBLE, "unknown function around a subquery");
        }
        String problem = l.variableWord();
        if (problem != null) {
            return new StatementPlan.Bypass(lookup.table(), BypassReason.NOT_ELIGIBLE, "subquery: " + problem);
        }
        if (!aliased && a.dialect == Dialect.MYSQL) {
            // MySQL labels an unaliased expression with its text as the server received it: the key's
            // value is in it (Connector/J sends parameters inlined, and literal keys are inlined anyway),
            // so the label of a copied row would be another key's.
            return new StatementPlan.Bypass(lookup.table(), BypassReason.NOT_ELIGIBLE,
                    "an unaliased subquery on MySQL: its column label holds the key's value");
        }
        return lookup.withRowsOnEmptyInput();
    }

    /** See {@link FixedWords#variableWord}: names here are the tables', aliases' and columns'. */
    private String variableWord() {
        return FixedWords.variableWord(a.lexed, a.resolver, this::isName);
    }

    /** A name of a table in FROM, its alias, a column of the guarded table, or an alias of the select list. */
    private boolean isName(String folded) {
        for (SelectFieldOrAsterisk f : select.$select()) {
            if (f instanceof QOM.FieldAlias<?> fa) {
                List<Resolver.Part> parts = Resolver.parts(fa.$alias());
                if (parts != null && parts.size() == 1 && a.resolver.fold(parts.get(0)).equals(folded)) {
                    return true;
                }
            }
        }
        if (table.columns().contains(folded) || folded.equals(table.table()) || folded.equals(table.schema())) {
            return true;
        }
        if (alias != null && a.resolver.fold(alias).equals(folded)) {
            return true;
        }
        return joins.qualifiesJoined(folded);
    }

    private void consume(int index) {
        consumed.set(index);
    }

    private List<QueryPart> visit(QueryPart part) {
        try {
            return a.jooq.visit(part);
        } catch (RuntimeException e) {
            return null;
        }
    }


    /**
     * A joined table: a plain name and alias, joined ON a condition that cannot fail or call
     * anything. On H2 (and unknown databases) an INNER join is refused: the database may reorder it
     * before the guarded table and evaluate its ON condition on the joined table's rows, converting
     * their values per row to types the gate does not know (a LEFT join keeps the guarded table
     * first, and evaluates its ON only for guarded rows, of which an absent key has none).
     */
    private String joinedTable(JoinTree.Part part) {
        String extras = JoinTree.referenceExtras(a, part.table());
        if (extras != null) {
            return extras;
        }
        if (part.inner() && a.dialect != Dialect.POSTGRES) {
            return "an INNER JOIN (the database may evaluate its ON condition on the joined table's rows first)";
        }
        return safeOn(part.on()) ? null : "join condition not recognised as safe: " + Analysis.describe(part.on());
    }

    /**
     * ON conditions: AND of equalities between columns and literals, and IS [NOT] NULL (no
     * parameters, no functions), each with the type checks its operands need: two columns of the
     * guarded table of one family, a guarded column against a literal it accepts, and on
     * PostgreSQL a guarded column against a joined one only if it is of a family no implicit cast
     * of the joined side can fail for ({@link TypeCheck.Kind#JOIN_PARTNER}). Two joined tables'
     * columns compared with each other have types the gate does not know: on PostgreSQL, which may
     * reassociate joins and evaluate them without a guarded row, that is refused.
     */
    private boolean safeOn(Condition c) {
        if (onSafety == null) {
            onSafety = new SafeConditions(a, this::column, typeChecks);
        }
        if (c instanceof QOM.And x) {
            return safeOn(x.$arg1()) && safeOn(x.$arg2());
        }
        if (c instanceof QOM.Eq<?> x) {
            Operand l = a.operand(x.$arg1(), this::column);
            Operand r = a.operand(x.$arg2(), this::column);
            if (!(l instanceof Operand.Column || l instanceof Operand.Literal)
                    || !(r instanceof Operand.Column || r instanceof Operand.Literal)) {
                return false;
            }
            if (!(l instanceof Operand.Column)) {
                Operand t = l;
                l = r;
                r = t;
            }
            if (!(l instanceof Operand.Column lc)) {
                return true; // literal = literal: typed at parse time
            }
            if (r instanceof Operand.Literal lit) {
                if (!SafeConditions.joined(lc.name())) {
                    typeChecks.add(TypeCheck.literal(lc.name(), lit.value()));
                }
                return true; // a joined column against a literal: PostgreSQL types it at parse time,
                             // and H2 evaluates a LEFT join's ON only for guarded rows
            }
            return onSafety.joinedColumns(lc.name(), ((Operand.Column) r).name());
        }
        if (c instanceof QOM.IsNull x) {
            return columnOrLiteral(x.$field());
        }
        if (c instanceof QOM.IsNotNull x) {
            return columnOrLiteral(x.$field());
        }
        return false;
    }

    private boolean columnOrLiteral(Field<?> f) {
        Operand o = a.operand(f, this::column);
        return o instanceof Operand.Column || o instanceof Operand.Literal;
    }

    /**
     * What remains of the query once every clause the model exposes is removed: set operations
     * (UNION...), SELECT INTO and other clauses the open-source model hides show up here. Null if
     * nothing but an optional row lock remains.
     */
    private String residual() {
        try {
            Select<?> blank = select.$select(List.of()).$from(List.of()).$where(null).$groupBy(List.of())
                    .$groupByDistinct(false).$having(null).$orderBy(List.of()).$offset(null).$limit(null)
                    .$limitPercent(false).$limitWithTies(false).$distinct(false).$distinctOn(List.of())
                    .$qualify(null);
            if (!blank.$window().isEmpty()) {
                blank = blank.$window(List.of());
            }
            String rendered = a.jooq.render(blank).trim().toLowerCase(Locale.ROOT);
            lockingRead = rendered.contains(" for ");
            return RESIDUAL.matcher(rendered).matches() ? null : "unsupported clause: " + rendered;
        } catch (RuntimeException e) {
            return "query not understood";
        }
    }

    private String limitOperand(Field<? extends Number> f) {
        if (f == null) {
            return null;
        }
        if (f instanceof Param<?> p) {
            if (!p.isInline()) {
                int index = a.parameterIndex(p);
                if (index < 0 || a.lexed.casts.containsKey(index)) {
                    return "LIMIT/OFFSET parameter not understood";
                }
                limits.add(index);
                consume(index);
                return null;
            }
            Object v = p.getValue();
            if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                return ((Number) v).longValue() >= 0 ? null : "negative LIMIT/OFFSET";
            }
            if (v instanceof BigInteger b) {
                return b.signum() >= 0 ? null : "negative LIMIT/OFFSET";
            }
            if (v instanceof BigDecimal d) {
                return d.signum() >= 0 && d.stripTrailingZeros().scale() <= 0 ? null : "LIMIT/OFFSET not an integer";
            }
        }
        return "LIMIT/OFFSET is not a parameter or a non-negative integer literal";
    }

    private static void flattenAnd(Condition c, List<Condition> out) {
        if (c instanceof QOM.And and) {
            flattenAnd(and.$arg1(), out);
            flattenAnd(and.$arg2(), out);
        } else {
            out.add(c);
        }
    }

    // ------------------------------------------------------------------------------------------ key

    private record Candidate(GuardedTable guard, List<Operand> keys, int conjunct) {
    }

    private Candidate keyPredicate(Condition c, int index) {
        if (c instanceof QOM.Eq<?> eq) {
            Operand l = a.operand(eq.$arg1(), this::column);
            Operand r = a.operand(eq.$arg2(), this::column);
            if (l instanceof Operand.Column col && value(r)) {
                return candidate(col, List.of(r), index);
            }
            if (r instanceof Operand.Column col && value(l)) {
                return candidate(col, List.of(l), index);
            }
            return null;
        }
        if (c instanceof QOM.EqQuantified<?> eq) {
            Operand.ArrayParam array = a.anyArray(eq);
            if (array != null && a.operand(eq.$arg1(), this::column) instanceof Operand.Column col) {
                return candidate(col, List.of(array), index);
            }
            return null;
        }
        if (c instanceof QOM.InList<?> in) {
            if (!(a.operand(in.$field(), this::column) instanceof Operand.Column col)) {
                return null;
            }
            List<Operand> keys = new ArrayList<>();
            for (Field<?> f : in.$list()) {
                Operand o = a.operand(f, this::column);
                if (!value(o)) {
                    return null;
                }
                keys.add(o);
            }
            return keys.isEmpty() ? null : candidate(col, keys, index);
        }
        return null;
    }

    private static boolean value(Operand o) {
        return o instanceof Operand.Param || o instanceof Operand.Literal;
    }

    private Candidate candidate(Operand.Column col, List<Operand> keys, int index) {
        for (GuardedTable g : tableGuards) {
            if (g.keyColumn().equals(col.name())) {
                return new Candidate(g, keys, index);
            }
        }
        return null;
    }

    // --------------------------------------------------------------------------- other conjuncts

    /** Resolves a column reference against the FROM table and its alias. */
    private String column(List<Resolver.Part> name) {
        Resolver r = a.resolver;
        Resolver.Part col = name.get(name.size() - 1);
        switch (name.size()) {
            case 1:
                break;
            case 2:
                Resolver.Part q = name.get(0);
                if (alias != null ? !r.sameName(q, alias) : !r.fold(q).equals(table.table())) {
                    return joins.qualifiesJoined(r.fold(q)) ? SafeConditions.JOINED_COLUMN + r.foldColumn(col) : null;
                }
                break;
            case 3:
                if (alias != null || !r.fold(name.get(0)).equals(table.schema())
                        || !r.fold(name.get(1)).equals(table.table())) {
                    return null;
                }
                break;
            default:
                return null;
        }
        String folded = r.foldColumn(col);
        return table.columns().contains(folded) ? folded : null;
    }
}
