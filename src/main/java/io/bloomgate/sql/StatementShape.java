package io.bloomgate.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A SQL text with its key-like literals abstracted: {@code ... WHERE email = 'x@example.net'}
 * becomes {@code ... WHERE email = ?} with the literal kept aside. Applications that build SQL with
 * the key inlined (string concatenation, MyBatis {@code ${}}, jOOQ's inlined statements) send a new
 * text per key; classified once per shape, each text costs a lexer pass instead of a parse.
 *
 * <p>Only literals that can only be values of a comparison are abstracted: after the first {@code
 * WHERE}, directly after {@code =} or as an element of an {@code IN (...)} list, and followed by
 * nothing that could bind tighter ({@code ::}, an operator). Everything else stays in the shape's
 * text and key, so it is classified as written.
 *
 * @param key     what identifies the shape: the abstracted text, with each abstracted literal's kind
 *                (string or number: PostgreSQL types them differently when it parses the text)
 * @param text    the abstracted text, with a {@code ?} for each abstracted literal
 * @param sources for each {@code ?} of {@code text} (1-based, in order): the original parameter
 *                index, or 0 for an abstracted literal
 * @param literals for each {@code ?} of {@code text}: the abstracted literal's value ({@link String},
 *                {@link Long} or {@link BigDecimal}), or null for an original parameter
 * @param spans   where each abstracted literal stands in the original text: its start and end
 *                offsets, two per literal, in order (what {@link ShapeTemplate} cuts the text at)
 */
public record StatementShape(String key, String text, int[] sources, Object[] literals, int[] spans) {

    private static final Set<String> FOLLOWERS = Set.of("AND", "OR", "ORDER", "GROUP", "LIMIT", "OFFSET", "FETCH",
            "FOR", "HAVING");

    /**
     * The shape of {@code sql}, or null when it has no literal to abstract (or cannot be lexed, or
     * holds strings whose value depends on escapes): then the text is classified as written.
     */
    public static StatementShape of(String sql, Dialect dialect) {
        SqlLexer.Lexed lexed = SqlLexer.lex(sql, dialect);
        if (lexed.error != null || lexed.nonStandardStrings || lexed.unicodeEscape || lexed.statementCount != 1) {
            return null;
        }
        List<SqlLexer.Token> ts = lexed.tokens;
        boolean afterWhere = false;
        int depthAtIn = -1;
        int depth = 0;
        StringBuilder text = new StringBuilder(sql.length());
        StringBuilder key = new StringBuilder(sql.length());
        List<Integer> sources = new ArrayList<>();
        List<Object> literals = new ArrayList<>();
        List<Integer> spans = new ArrayList<>();
        int pos = 0;
        boolean any = false;
        for (int i = 0; i < ts.size(); i++) {
            SqlLexer.Token t = ts.get(i);
            if (t.punct("(")) {
                depth++;
            } else if (t.punct(")")) {
                if (depth == depthAtIn) {
                    depthAtIn = -1;
                }
                depth--;
            }
            if (t.is("WHERE")) {
                afterWhere = true;
            }
            if (t.punct("(") && i > 0 && ts.get(i - 1).is("IN")) {
                depthAtIn = depth;
            }
            if (t.kind() == SqlLexer.Kind.PARAM) {
                sources.add(t.param());
                literals.add(null);
                continue;
            }
            Object value = afterWhere && abstractable(ts, i, depth == depthAtIn) ? value(t) : null;
            if (value == null) {
                continue;
            }
            String between = sql.substring(pos, t.start());
            text.append(between).append('?');
            key.append(between).append(value instanceof String ? "?s" : "?n");
            pos = t.end();
            spans.add(t.start());
            spans.add(t.end());
            sources.add(0);
            literals.add(value);
            any = true;
        }
        if (!any) {
            return null;
        }
        text.append(sql, pos, sql.length());
        key.append(sql, pos, sql.length());
        return new StatementShape(key.toString(), text.toString(), sources.stream().mapToInt(Integer::intValue).toArray(),
                literals.toArray(), spans.stream().mapToInt(Integer::intValue).toArray());
    }

    /** A literal in a value position: after {@code =} or in an IN list, before a separator. */
    private static boolean abstractable(List<SqlLexer.Token> ts, int i, boolean inList) {
        SqlLexer.Token t = ts.get(i);
        if (t.kind() != SqlLexer.Kind.STRING && t.kind() != SqlLexer.Kind.NUMBER) {
            return false;
        }
        SqlLexer.Token before = i > 0 ? ts.get(i - 1) : null;
        SqlLexer.Token after = i + 1 < ts.size() ? ts.get(i + 1) : null;
        boolean valuePosition = before != null && (before.punct("=")
                || inList && (before.punct("(") || before.punct(",")));
        if (!valuePosition) {
            return false;
        }
        if (after == null || after.punct(";")) {
            return true;
        }
        if (inList) {
            return after.punct(",") || after.punct(")");
        }
        return after.punct(")") || after.kind() == SqlLexer.Kind.WORD && FOLLOWERS.contains(after.text());
    }

    /** Compiled once: {@code String.matches} compiled it for every literal of every text. */
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[0-9]+(\\.[0-9]*)?|\\.[0-9]+");

    /** The literal's value, or null when it is not a plain string or number. */
    private static Object value(SqlLexer.Token t) {
        return literal(t.raw(), t.kind() == SqlLexer.Kind.STRING);
    }

    /** A literal's value from its text as written ({@link ShapeTemplate} reads its literals so too). */
    static Object literal(String raw, boolean string) {
        if (string) {
            if (raw.length() < 2 || raw.charAt(0) != '\'' || raw.charAt(raw.length() - 1) != '\'') {
                return null; // N'', E'', X'', dollar quotes: not a plain string
            }
            return raw.substring(1, raw.length() - 1).replace("''", "'");
        }
        if (!PLAIN_NUMBER.matcher(raw).matches()) {
            return null; // exponents, hex: kept as written
        }
        BigDecimal d = new BigDecimal(raw);
        if (d.scale() <= 0 && d.precision() <= 18) {
            return d.longValueExact();
        }
        return d;
    }
}
