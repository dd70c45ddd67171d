package io.bloomgate.sql;

import io.bloomgate.stats.BypassReason;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.QueryPart;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.impl.QOM;
import org.jooq.impl.TableImpl;

/** What one classification shares: the lexed text, the resolver and jOOQ, and operand reading. */
final class Analysis {

    /** How column references are resolved. */
    interface Scope {
        /** The column a reference names (catalog case), or null if it is not a column of the table in scope. */
        String column(List<Resolver.Part> name);
    }

    final SqlLexer.Lexed lexed;
    final Resolver resolver;
    final Jooq jooq;
    final Dialect dialect;
    /** The guard to attribute text-level decisions to: the only guard mentioned, else null. */
    final GuardedTable mentioned;

    Analysis(SqlLexer.Lexed lexed, Resolver resolver, Jooq jooq, Dialect dialect, GuardedTable mentioned) {
        this.lexed = lexed;
        this.resolver = resolver;
        this.jooq = jooq;
        this.dialect = dialect;
        this.mentioned = mentioned;
    }

    /** The JDBC index of one of our named parameters {@code :bg_N}, or -1. */
    int parameterIndex(Param<?> p) {
        if (p.isInline()) {
            return -1;
        }
        String name = p.getParamName();
        if (name == null || !name.startsWith(SqlLexer.PARAM_PREFIX)) {
            return -1;
        }
        String digits = name.substring(SqlLexer.PARAM_PREFIX.length());
        if (digits.isEmpty() || digits.length() > 6 || !digits.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        int index = Integer.parseInt(digits);
        return index >= 1 && index <= lexed.parameterCount ? index : -1;
    }

    /** The bare array parameter of {@code x = ANY(?)}, or null. */
    Operand.ArrayParam anyArray(QOM.EqQuantified<?> eq) {
        if (!(eq.$arg2() instanceof QOM.QuantifiedArray<?> q) || q.$quantifier() != QOM.Quantifier.ANY) {
            return null;
        }
        // jOOQ reads ANY (?) as ANY (ARRAY[?]); the text tells it from a real ARRAY[?] of one key.
        Field<?> array = q.$array();
        if (array instanceof QOM.Array<?> constructor && constructor.$elements().size() == 1) {
            array = constructor.$elements().get(0);
        }
        if (array instanceof Param<?> p && !p.isInline()) {
            int index = parameterIndex(p);
            if (index > 0 && !lexed.casts.containsKey(index) && lexed.directlyInAny(index)) {
                return new Operand.ArrayParam(index);
            }
        }
        return null;
    }

    /**
     * A field as an operand: a column (via {@code scope}), a parameter (bare, or under a cast the
     * lexer read from the text), or an inline literal. Null for anything else: expressions,
     * functions, casts of anything but a parameter, parameters that are not ours.
     */
    Operand operand(Field<?> f, Scope scope) {
        if (f instanceof Param<?> p) {
            if (p.isInline()) {
                return new Operand.Literal(p.getValue());
            }
            int index = parameterIndex(p);
            if (index < 0 || lexed.casts.containsKey(index)) {
                return null; // not ours, or jOOQ and the lexer disagree about a cast
            }
            return new Operand.Param(index, null);
        }
        if (f instanceof QOM.Cast<?> c && c.$field() instanceof Param<?> p && !p.isInline()) {
            if (c.$dataType().collation() != null) {
                // ?::text COLLATE ci: jOOQ reads the collation into the cast's type (and renders it
                // without). A nondeterministic one makes 'ABC' equal 'abc': not a key the filter knows.
                return null;
            }
            int index = parameterIndex(p);
            SqlLexer.CastInfo info = index < 0 ? null : lexed.casts.get(index);
            if (info == null || info.cast() == null) {
                return null;
            }
            return new Operand.Param(index, info.cast());
        }
        if (f instanceof QOM.Neg<?> neg && neg.$arg1() instanceof Param<?> p && p.isInline()) {
            Object v = p.getValue();
            if (v instanceof Long l && l != Long.MIN_VALUE) {
                return new Operand.Literal(-l);
            }
            if (v instanceof BigInteger b) {
                return new Operand.Literal(b.negate());
            }
            if (v instanceof BigDecimal d) {
                return new Operand.Literal(d.negate());
            }
            return null;
        }
        if (f instanceof TableField<?, ?> && scope != null) {
            List<Resolver.Part> name = Resolver.parts(f.getQualifiedName());
            String column = name == null || name.isEmpty() ? null : scope.column(name);
            return column == null ? null : new Operand.Column(column);
        }
        return null;
    }

    /**
     * A literal acceptable as a lookup key: integers, decimals, strings whose value does not depend
     * on escape rules, H2 binary strings, booleans, NULL. Null if not acceptable.
     */
    KeyOperand lookupLiteral(Object value) {
        if (value == null) {
            return new KeyOperand.Literal(null);
        }
        if (value instanceof Long || value instanceof BigInteger || value instanceof BigDecimal
                || value instanceof Boolean) {
            return new KeyOperand.Literal(value);
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return new KeyOperand.Literal(((Number) value).longValue());
        }
        if (value instanceof String && !lexed.nonStandardStrings) {
            return new KeyOperand.Literal(value);
        }
        if (value instanceof byte[] && dialect == Dialect.H2) {
            return new KeyOperand.Literal(value); // PostgreSQL reads X'..' as a bit string
        }
        return null;
    }

    /** The parts of a plain table reference's name (unwrapping an alias), or null if it is not plain. */
    static List<Resolver.Part> plainTableName(Table<?> t) {
        Table<?> base = t instanceof QOM.TableAlias<?> a ? a.$table() : t;
        if (base == null || base.getClass() != TableImpl.class) {
            return null;
        }
        return Resolver.parts(base.getQualifiedName());
    }

    /** Resolves the guard set of the table(s) a query part touches, for attributing a bypass. */
    Resolver.Resolved touched(QueryPart part) {
        Resolver.Resolved strict = null;
        Resolver.Resolved lenient = null;
        int strictTables = 0;
        int lenientTables = 0;
        List<QueryPart> parts;
        try {
            parts = jooq.visit(part);
        } catch (RuntimeException e) {
            return null;
        }
        for (QueryPart p : parts) {
            if (!(p instanceof TableImpl<?> t) || p.getClass() != TableImpl.class) {
                continue;
            }
            List<Resolver.Part> name = Resolver.parts(t.getQualifiedName());
            Resolver.Resolved r = resolver.resolveRead(name);
            if (r != null) {
                if (strict == null || !strict.guards().equals(r.guards())) {
                    strictTables++;
                }
                strict = r;
            }
            // attribution: exact names, or catalog.schema.table (not unqualified names outside the default schema)
            Resolver.Resolved l = name != null && name.size() == 3 ? resolver.resolveLenient(name) : null;
            if (l != null) {
                if (lenient == null || !lenient.guards().equals(l.guards())) {
                    lenientTables++;
                }
                lenient = l;
            }
        }
        if (strict != null) {
            return strictTables == 1 ? strict : new Resolver.Resolved(List.of(), false);
        }
        if (lenient != null) {
            return lenientTables == 1 ? lenient : new Resolver.Resolved(List.of(), false);
        }
        return null;
    }

    /** A bypass attributed to the guard(s) the query touches; Unrelated if it touches none. */
    StatementPlan bypassTouched(QueryPart query, BypassReason reason, String detail) {
        Resolver.Resolved r = touched(query);
        if (r == null) {
            return mentionedOnlyByText(query) ? new StatementPlan.Unrelated()
                    : new StatementPlan.Bypass(mentioned, reason, detail);
        }
        return new StatementPlan.Bypass(r.guards().isEmpty() ? null : r.first(), reason, detail);
    }

    /**
     * True when the parsed query could be rendered and none of its table references resolved:
     * the guarded name occurs only in a literal, a column name or a comment.
     */
    private boolean mentionedOnlyByText(QueryPart query) {
        try {
            jooq.visit(query);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A short name for a query part's kind, for bypass details. */
    static String describe(Object part) {
        return part == null ? "null" : part.getClass().getSimpleName();
    }
}
