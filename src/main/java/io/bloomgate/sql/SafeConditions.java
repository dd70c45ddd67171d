package io.bloomgate.sql;

import java.util.List;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.QOM;

/**
 * Whether a WHERE conjunct other than the key predicate, or a join's ON condition, can be
 * evaluated without an error or a side effect on any stored row, so that an answer of "no row" may
 * stand for it too (docs/architecture.md §2, "safe other conjuncts"). The database may evaluate it
 * on rows the key predicate does not remove — its plan chooses the order — so "no row has the key"
 * does not mean "the conjunct never ran". A whitelist: anything not recognised is unsafe.
 *
 * <p>What is decided here, from the text alone: the shape (comparisons, BETWEEN, IN, LIKE, IS NULL
 * and AND/OR/NOT over them, between columns, parameters and literals — no functions, no
 * arithmetic, no column as a LIKE pattern) and literal LIKE patterns. What needs the columns'
 * declared types is collected as {@link TypeCheck}s (column against column, column against
 * literal, a column as a condition), and parameters as {@link OtherParameter}s, for the checks at
 * plan caching and at execution.
 */
final class SafeConditions {

    /** Prefix of the name {@link Analysis.Scope} gives a column of a joined table (its type is unknown). */
    static final String JOINED_COLUMN = "\u0000joined:";

    private final Analysis a;
    private final Analysis.Scope scope;
    private final List<TypeCheck> checks;

    /**
     * @param scope  resolves column references against the statement's FROM tables
     * @param checks receives the type checks of every condition found safe
     */
    SafeConditions(Analysis a, Analysis.Scope scope, List<TypeCheck> checks) {
        this.a = a;
        this.scope = scope;
        this.checks = checks;
    }

    static boolean joined(String column) {
        return column != null && column.startsWith(JOINED_COLUMN);
    }

    /**
     * A WHERE conjunct that cannot raise an error or have a side effect on any row: AND/OR/NOT over
     * comparisons, BETWEEN, LIKE, IS [NOT] NULL and IN lists between columns of the guarded table
     * and parameters or literals. Parameters are collected with the column they are compared with.
     */
    boolean safe(Condition c, List<OtherParameter> out) {
        if (c instanceof QOM.And x) {
            return safe(x.$arg1(), out) && safe(x.$arg2(), out);
        }
        if (c instanceof QOM.Or x) {
            return safe(x.$arg1(), out) && safe(x.$arg2(), out);
        }
        if (c instanceof QOM.Not x) {
            return safe(x.$condition(), out);
        }
        if (isComparison(c)) {
            QOM.CompareCondition<?, ?> x = (QOM.CompareCondition<?, ?>) c;
            return compare(x.$arg1(), x.$arg2(), out);
        }
        if (c instanceof QOM.Between<?> x) { // also NOT BETWEEN and SYMMETRIC
            return columnAgainst(x.$arg1(), List.of(x.$arg2(), x.$arg3()), out);
        }
        if (c instanceof QOM.Like x) {
            return like(x.$value(), x.$pattern(), x.$escape(), out);
        }
        if (c instanceof QOM.NotLike x) {
            return like(x.$value(), x.$pattern(), x.$escape(), out);
        }
        if (c instanceof QOM.LikeIgnoreCase x) {
            return like(x.$value(), x.$pattern(), x.$escape(), out);
        }
        if (c instanceof QOM.NotLikeIgnoreCase x) {
            return like(x.$value(), x.$pattern(), x.$escape(), out);
        }
        if (c instanceof QOM.InList<?> x) {
            return columnAgainst(x.$field(), x.$list(), out);
        }
        if (c instanceof QOM.EqQuantified<?> x) {
            Operand.ArrayParam array = a.anyArray(x);
            if (array != null && a.operand(x.$arg1(), scope) instanceof Operand.Column col && !joined(col.name())) {
                out.add(new OtherParameter(array.index(), null, null)); // an array: never a plain value
                return true;
            }
            return false;
        }
        if (c instanceof QOM.NotInList<?> x) {
            return columnAgainst(x.$field(), x.$list(), out);
        }
        if (c instanceof QOM.IsNull x) {
            return a.operand(x.$field(), scope) instanceof Operand.Column; // no conversion: any column
        }
        if (c instanceof QOM.IsNotNull x) {
            return a.operand(x.$field(), scope) instanceof Operand.Column;
        }
        if (c instanceof QOM.FieldCondition x) { // WHERE active, WHERE TRUE
            Operand o = a.operand(x.$field(), scope);
            if (o instanceof Operand.Column col) {
                if (joined(col.name())) {
                    return false;
                }
                checks.add(TypeCheck.bool(col.name())); // H2 converts any other type per row
                return true;
            }
            return o instanceof Operand.Literal l && (l.value() == null || l.value() instanceof Boolean);
        }
        return false;
    }

    /**
     * The comparison operators, named one by one: jOOQ's {@code CompareCondition} also covers
     * {@code contains}, {@code startsWith} and the like, which are not whitelisted.
     */
    private static boolean isComparison(Condition c) {
        return c instanceof QOM.Eq<?> || c instanceof QOM.Ne<?> || c instanceof QOM.Lt<?> || c instanceof QOM.Le<?>
                || c instanceof QOM.Gt<?> || c instanceof QOM.Ge<?> || c instanceof QOM.IsDistinctFrom<?>
                || c instanceof QOM.IsNotDistinctFrom<?>;
    }

    /** Column vs column, column vs parameter/literal (either side), or literal vs literal. */
    private boolean compare(Field<?> left, Field<?> right, List<OtherParameter> out) {
        Operand l = a.operand(left, scope);
        Operand r = a.operand(right, scope);
        if (l == null || r == null) {
            return false;
        }
        if (l instanceof Operand.Column lc) {
            return against(lc, r, out);
        }
        if (r instanceof Operand.Column rc) {
            return against(rc, l, out);
        }
        // Two literals: typed when the text is parsed (an error there is raised on every execution,
        // the first one included, and a text that never ran is never answered).
        return l instanceof Operand.Literal && r instanceof Operand.Literal;
    }

    /** A column on the left, each of {@code values} a column, parameter or literal. */
    private boolean columnAgainst(Field<?> column, List<? extends Field<?>> values, List<OtherParameter> out) {
        if (!(a.operand(column, scope) instanceof Operand.Column col)) {
            return false;
        }
        for (Field<?> v : values) {
            Operand o = a.operand(v, scope);
            if (o == null || !against(col, o, out)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A column compared with {@code o}. A parameter is collected (against a joined table's column,
     * whose type is unknown, the analyzer then refuses it: the bound value cannot be checked). A
     * column of the guarded table against a column or literal gets a {@link TypeCheck}. A joined
     * table's column against a literal is typed by PostgreSQL when it parses the text, and on H2
     * (where only LEFT joins are accepted) evaluated only on joined rows, of which an absent key
     * has none; against a column, the same as in an ON condition ({@link #joinedColumns}).
     */
    private boolean against(Operand.Column col, Operand o, List<OtherParameter> out) {
        if (o instanceof Operand.Param p) {
            out.add(new OtherParameter(p.index(), col.name(), p.cast()));
            return true;
        }
        if (o instanceof Operand.Column other) {
            return joinedColumns(col.name(), other.name());
        }
        if (o instanceof Operand.Literal l) {
            if (!joined(col.name())) {
                checks.add(TypeCheck.literal(col.name(), l.value()));
            }
            return true;
        }
        return false;
    }

    /**
     * Two columns compared, in WHERE or ON. Both of the guarded table: one type family ({@link
     * TypeCheck.Kind#SAME_FAMILY}). One joined: on PostgreSQL the guarded one must be of a family no
     * implicit cast of the joined side can fail for ({@link TypeCheck.Kind#JOIN_PARTNER}); on H2 the
     * comparison is evaluated only on joined rows (LEFT joins: the guarded table first). Both
     * joined: refused on PostgreSQL, which may reassociate the joins and compare them without a
     * guarded row, in types the gate does not know; on H2, evaluated only on joined rows.
     */
    boolean joinedColumns(String left, String right) {
        boolean lj = joined(left);
        boolean rj = joined(right);
        if (!lj && !rj) {
            checks.add(TypeCheck.sameFamily(left, right));
            return true;
        }
        if (a.dialect != Dialect.POSTGRES) {
            return true;
        }
        if (lj && rj) {
            return false;
        }
        checks.add(TypeCheck.joinPartner(lj ? right : left));
        return true;
    }

    /**
     * {@code value [NOT] [I]LIKE pattern [ESCAPE c]}: the value a column of the guarded table (any
     * type converts to text), the pattern a parameter (checked when bound) or a string literal the
     * database accepts as a pattern — never a column, whose stored patterns the gate cannot check.
     */
    private boolean like(Field<?> value, Field<?> pattern, Character escape, List<OtherParameter> out) {
        if (!(a.operand(value, scope) instanceof Operand.Column col) || joined(col.name())) {
            return false;
        }
        char esc = escape == null ? '\\' : escape;
        Operand p = a.operand(pattern, scope);
        if (p instanceof Operand.Param param) {
            out.add(new OtherParameter(param.index(), col.name(), param.cast(), esc));
            return true;
        }
        if (p instanceof Operand.Literal l) {
            return l.value() == null
                    || (l.value() instanceof String s && !a.lexed.nonStandardStrings && s.indexOf('\0') < 0
                            && OtherParameter.validLikePattern(s, esc));
        }
        return false;
    }
}
