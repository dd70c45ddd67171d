package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.List;
import org.jooq.AggregateFunction;
import org.jooq.Field;
import org.jooq.QueryPart;
import org.jooq.Select;
import org.jooq.SelectFieldOrAsterisk;
import org.jooq.SortField;
import org.jooq.impl.QOM;

/**
 * The "constant aggregate row" rule of docs/architecture.md section 2: whether the row an
 * aggregate query without GROUP BY returns on empty input is one the gate may copy from one
 * execution and replay for the next — the shape of its select list, ORDER BY and HAVING (the
 * words of the text are {@link FixedWords}'s to check).
 */
final class ConstantRow {

    private ConstantRow() {
    }

    /**
     * In an aggregate query without GROUP BY, the row the database returns on empty input is the
     * same for every execution only if every item of the select list (and ORDER BY) is an
     * aggregate, a literal, or an expression of those alone. A bare column beside an aggregate
     * (H2 accepts {@code SELECT *, COUNT(1)} or {@code SELECT MIN(a), b} and checks it lazily) takes
     * its value from whatever row the scan last touched, or raises 90016 when a row exists; a
     * window function is evaluated over the aggregated row. Null when the list is constant, else
     * what is not.
     */
    static String bareColumnBesideAggregates(Analysis a, Select<?> select) {
        List<QueryPart> items = new ArrayList<>();
        for (SelectFieldOrAsterisk f : select.$select()) {
            if (f instanceof org.jooq.Asterisk || f instanceof org.jooq.QualifiedAsterisk) {
                return "*";
            }
            items.add(f instanceof QOM.FieldAlias<?> alias ? alias.$field() : f);
        }
        for (SortField<?> f : select.$orderBy()) {
            if (!selectAlias(a, select, f.$field())) { // ORDER BY n, n an alias of the select list: checked there
                items.add(f);
            }
        }
        if (select.$having() != null) {
            items.add(select.$having());
        }
        for (QueryPart item : items) {
            List<QueryPart> parts = visit(a, item);
            if (parts == null) {
                return "a select item not understood";
            }
            // Every column reference of the item must lie inside one of its aggregates: count the
            // references of the whole item and those of each aggregate in it (an aggregate nested
            // in another counts twice, and makes the counts differ too).
            int columns = 0;
            int inAggregates = 0;
            for (QueryPart p : parts) {
                if (p instanceof QOM.WindowFunction<?> w
                        && (w.$windowSpecification() != null || w.$windowDefinition() != null)
                        || p instanceof org.jooq.WindowSpecification || p instanceof org.jooq.WindowDefinition) {
                    return "a window function";
                }
                if (isColumnReference(p)) {
                    columns++;
                } else if (p instanceof org.jooq.Asterisk || p instanceof org.jooq.QualifiedAsterisk) {
                    columns++; // COUNT(*) renders an asterisk inside its aggregate: counted there too
                }
                if (isAggregate(p)) {
                    List<QueryPart> inner = visit(a, p);
                    if (inner == null) {
                        return "an aggregate not understood";
                    }
                    for (QueryPart q : inner) {
                        if (q != p && isAggregate(q)) {
                            return "a nested aggregate";
                        }
                        if (isColumnReference(q) || q instanceof org.jooq.Asterisk || q instanceof org.jooq.QualifiedAsterisk) {
                            inAggregates++;
                        }
                    }
                }
            }
            if (columns != inAggregates) {
                return "a column outside every aggregate: " + Analysis.describe(item);
            }
        }
        return null;
    }

    /** Whether {@code f} is a bare name that names an alias of the select list. */
    private static boolean selectAlias(Analysis a, Select<?> select, Field<?> f) {
        if (!(f instanceof org.jooq.TableField<?, ?>)) {
            return false;
        }
        List<Resolver.Part> name = Resolver.parts(f.getQualifiedName());
        if (name == null || name.size() != 1) {
            return false;
        }
        for (SelectFieldOrAsterisk s : select.$select()) {
            if (s instanceof QOM.FieldAlias<?> fa) {
                List<Resolver.Part> parts = Resolver.parts(fa.$alias());
                if (parts != null && parts.size() == 1 && a.resolver.sameName(parts.get(0), name.get(0))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A column reference as jOOQ's parser reads one (meta lookups off: a table field by name). */
    private static boolean isColumnReference(QueryPart p) {
        return p instanceof org.jooq.TableField<?, ?>;
    }

    /** An aggregate not used as a window function. */
    static boolean isAggregate(QueryPart p) {
        if (p instanceof AggregateFunction<?>) {
            return !(p instanceof QOM.WindowFunction<?> w)
                    || (w.$windowSpecification() == null && w.$windowDefinition() == null);
        }
        return false;
    }

    private static List<QueryPart> visit(Analysis a, QueryPart part) {
        try {
            return a.jooq.visit(part);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
