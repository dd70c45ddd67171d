package io.bloomgate.sql;

import java.util.List;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.QOM;

/**
 * Whether a WHERE conjunct other than the key predicate can be evaluated without an error or a side
 * effect on any row, so that an answer of "no row" may stand for it too. A whitelist: anything not
 * recognised is unsafe. Parameters it compares with columns are collected, with their column, for
 * the type checks at execution.
 */
final class SafeConditions {

    private final Analysis a;
    private final Analysis.Scope scope;

    /** @param scope resolves column references against the statement's FROM tables */
    SafeConditions(Analysis a, Analysis.Scope scope) {
        this.a = a;
        this.scope = scope;
    }

    /**
     * A condition that cannot raise an error or have a side effect on any row: AND/OR/NOT over
     * comparisons, BETWEEN, LIKE, IS [NOT] NULL and IN lists between columns of the table and
     * parameters or literals. Parameters are collected with the column they are compared with.
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
            return columnAgainst(x.$value(), List.of(x.$pattern()), out);
        }
        if (c instanceof QOM.NotLike x) {
            return columnAgainst(x.$value(), List.of(x.$pattern()), out);
        }
        if (c instanceof QOM.LikeIgnoreCase x) {
            return columnAgainst(x.$value(), List.of(x.$pattern()), out);
        }
        if (c instanceof QOM.NotLikeIgnoreCase x) {
            return columnAgainst(x.$value(), List.of(x.$pattern()), out);
        }
        if (c instanceof QOM.InList<?> x) {
            return columnAgainst(x.$field(), x.$list(), out);
        }
        if (c instanceof QOM.EqQuantified<?> x) {
            Operand.ArrayParam array = a.anyArray(x);
            if (array != null && a.operand(x.$arg1(), scope) instanceof Operand.Column col) {
                out.add(new OtherParameter(array.index(), null, null)); // an array: never a plain value
                return true;
            }
            return false;
        }
        if (c instanceof QOM.NotInList<?> x) {
            return columnAgainst(x.$field(), x.$list(), out);
        }
        if (c instanceof QOM.IsNull x) {
            return a.operand(x.$field(), scope) instanceof Operand.Column;
        }
        if (c instanceof QOM.IsNotNull x) {
            return a.operand(x.$field(), scope) instanceof Operand.Column;
        }
        if (c instanceof QOM.FieldCondition x) { // WHERE active, WHERE TRUE
            Operand o = a.operand(x.$field(), scope);
            return o instanceof Operand.Column
                    || (o instanceof Operand.Literal l && (l.value() == null || l.value() instanceof Boolean));
        }
        return false;
    }

    /** Column vs column, column vs parameter/literal (either side), or literal vs literal. */
    /**
     * The comparison operators, named one by one: jOOQ's {@code CompareCondition} also covers
     * {@code contains}, {@code startsWith} and the like, which are not whitelisted.
     */
    private static boolean isComparison(Condition c) {
        return c instanceof QOM.Eq<?> || c instanceof QOM.Ne<?> || c instanceof QOM.Lt<?> || c instanceof QOM.Le<?>
                || c instanceof QOM.Gt<?> || c instanceof QOM.Ge<?> || c instanceof QOM.IsDistinctFrom<?>
                || c instanceof QOM.IsNotDistinctFrom<?>;
    }

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

    private static boolean against(Operand.Column col, Operand o, List<OtherParameter> out) {
        if (o instanceof Operand.Param p) {
            out.add(new OtherParameter(p.index(), col.name(), p.cast()));
        }
        return true;
    }
}
