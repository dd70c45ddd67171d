package io.bloomgate.sql;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Whether a statement's answer on empty input can differ between executions (docs/architecture.md
 * section 2): a row replayed for absent keys (COUNT(*) = 0, EXISTS = false, ...) is the database's
 * only if nothing in the text depends on the time, the session, randomness or user code.
 */
final class FixedWords {

    private FixedWords() {
    }

    /**
     * Words whose value on empty input is the same for every execution and session: keywords,
     * types, and built-in aggregates and functions of their arguments alone. Anything else (now(),
     * current_user, random(), nextval, a user's function) could make a replayed row wrong.
     */
    private static final Set<String> FIXED_WORDS = Set.of("SELECT", "FROM", "WHERE", "AND", "OR",
            "NOT", "IN", "IS", "NULL", "TRUE", "FALSE", "UNKNOWN", "BETWEEN", "SYMMETRIC", "ASYMMETRIC", "LIKE",
            "ILIKE", "ESCAPE", "AS", "DISTINCT", "ALL", "ANY", "SOME", "CASE", "WHEN", "THEN", "ELSE", "END", "CAST",
            "COUNT", "SUM", "MIN", "MAX", "AVG", "COALESCE", "NULLIF", "EVERY", "BOOL_AND", "BOOL_OR", "FILTER",
            "HAVING", "EXISTS", "INTEGER", "INT", "INT2", "INT4", "INT8", "BIGINT", "SMALLINT", "TINYINT", "BOOLEAN",
            "BOOL", "VARCHAR", "CHARACTER", "VARYING", "CHAR", "TEXT", "NUMERIC", "DECIMAL", "DEC", "DOUBLE",
            "PRECISION", "REAL", "FLOAT", "FLOAT4", "FLOAT8", "UUID", "BYTEA", "BINARY", "VARBINARY", "FOR",
            "UPDATE", "SHARE", "NO", "KEY", "NOWAIT", "SKIP", "LOCKED", "OF", "ONLY", "ABS", "GREATEST", "LEAST",
            "STDDEV", "STDDEV_POP", "STDDEV_SAMP", "VARIANCE", "VAR_POP", "VAR_SAMP", "BIT_AND", "BIT_OR",
            "STRING_AGG", "ARRAY_AGG", "LISTAGG", "WITHIN", "GROUP", "ORDER", "BY", "ASC", "DESC", "NULLS",
            "FIRST", "LAST", "JOIN", "LEFT", "INNER", "OUTER", "ON");

    /**
     * The first word of the statement that could make its answer on empty input differ between
     * executions, or null: see {@link #FIXED_WORDS}. {@code isName} tells a folded word that names a
     * table, alias or column of the statement. Names of the tables, their aliases and columns,
     * qualifiers and aliases after AS are names, not calls.
     */
    static String variableWord(SqlLexer.Lexed lexed, Resolver r, Predicate<String> isName) {
        List<SqlLexer.Token> ts = lexed.tokens;
        for (int i = 0; i < ts.size(); i++) {
            SqlLexer.Token t = ts.get(i);
            boolean call = i + 1 < ts.size() && ts.get(i + 1).punct("(");
            boolean qualifier = i + 1 < ts.size() && ts.get(i + 1).punct(".");
            boolean afterAs = i > 0 && ts.get(i - 1).is("AS");
            if (t.kind() == SqlLexer.Kind.QUOTED) {
                if (call) {
                    return "a call of " + t.raw();
                }
                continue;
            }
            if (t.kind() != SqlLexer.Kind.WORD || FIXED_WORDS.contains(t.text())) {
                continue;
            }
            if (call) {
                return "a call of " + t.raw();
            }
            if (qualifier || afterAs) {
                continue;
            }
            String folded = r.fold(new Resolver.Part(t.raw(), false));
            if (isName.test(folded)) {
                continue;
            }
            return "'" + t.raw() + "' may differ between executions";
        }
        return null;
    }
}
