package io.bloomgate.sql;

/**
 * The fixed text around the abstracted literals of one string-built SQL text, to find the {@link
 * StatementShape} of later texts that differ from it only in those literals without lexing them.
 *
 * <p>Why: a text built per call ({@code ... WHERE url = 'https://...'}) used to cost a lexer pass,
 * a plan-cache lookup of its shape and a plan-cache insert of a text that never comes back: about
 * three quarters of the gate's time for it (docs/benchmarks.md, issue 24). Matching the fixed
 * segments with {@code regionMatches} and reading the literals in between costs a fraction of that.
 *
 * <p>Why it is exact: a text matches only if it is the learned text with each abstracted literal
 * replaced by another literal of the same kind (a plain string {@code '...'} without backslashes,
 * or a plain number {@code 123} / {@code 1.5}). Everything before a literal is the same characters,
 * so a lexer reads it the same way and reaches the literal in the same state; the literal starts
 * with the same kind of character (a quote, a digit), so no token before it reads on into it; it
 * is read to its end by the lexer's own rule (a string to the quote not doubled, a number to the
 * last digit); and what follows starts with a character that ends a literal of either kind for every
 * dialect (white space, {@code )}, {@code ,} or {@code ;}), then is again the same characters.
 * So the lexer would produce the learned text's tokens with only those literals' values changed,
 * and {@link StatementShape#of} the same shape (key, text, sources) with these literals. Anything
 * else (an exponent, a backslash, another literal kind, any other change) does not match, and the
 * caller lexes the text as before. Internal to bloomgate.
 */
public final class ShapeTemplate {

    /** Characters of the first segment a template is indexed by: texts shorter than it are not templated. */
    public static final int INDEX_LENGTH = 16;

    /** The fixed text: before the first literal, between two, after the last ({@code literals + 1}). */
    private final String[] segments;
    /** Per literal: a string (else a number). */
    private final boolean[] strings;
    private final StatementShape shape;

    private ShapeTemplate(String[] segments, boolean[] strings, StatementShape shape) {
        this.segments = segments;
        this.strings = strings;
        this.shape = shape;
    }

    /**
     * The template of {@code sql}, whose shape is {@code shape}, or null when the text does not lend
     * itself to one (a literal that is not plain, a literal not followed by a separator, a first
     * segment shorter than {@link #INDEX_LENGTH}).
     */
    public static ShapeTemplate of(String sql, StatementShape shape) {
        int[] spans = shape.spans();
        int n = spans.length / 2;
        if (n == 0 || spans[0] < INDEX_LENGTH) {
            return null;
        }
        String[] segments = new String[n + 1];
        boolean[] strings = new boolean[n];
        int pos = 0;
        for (int i = 0; i < n; i++) {
            int start = spans[2 * i];
            int end = spans[2 * i + 1];
            char first = sql.charAt(start);
            strings[i] = first == '\'';
            // The learned literal must itself be what match() reads, so both read the same way.
            int read = strings[i] ? stringEnd(sql, start) : numberEnd(sql, start);
            if (read != end || !separator(sql, end)) {
                return null;
            }
            segments[i] = sql.substring(pos, start);
            pos = end;
        }
        segments[n] = sql.substring(pos);
        return new ShapeTemplate(segments, strings, shape);
    }

    /** The key this template is found by: the first {@link #INDEX_LENGTH} characters of its text. */
    public String indexKey() {
        return segments[0].substring(0, INDEX_LENGTH);
    }

    /**
     * The shape of {@code sql} if it is this template's text with other literals of the same kinds
     * (see the class comment), else null.
     */
    public StatementShape match(String sql) {
        String first = segments[0];
        if (!sql.startsWith(first)) {
            return null;
        }
        int n = strings.length;
        Object[] values = null;
        int pos = first.length();
        int[] spans = new int[2 * n];
        for (int i = 0; i < n; i++) {
            int end = strings[i] ? stringEnd(sql, pos) : numberEnd(sql, pos);
            if (end < 0 || !separator(sql, end)) {
                return null;
            }
            String next = segments[i + 1];
            if (!sql.startsWith(next, end) || i == n - 1 && end + next.length() != sql.length()) {
                return null;
            }
            if (values == null) {
                values = shape.literals().clone(); // nulls for the original parameters stay
            }
            spans[2 * i] = pos;
            spans[2 * i + 1] = end;
            pos = end + next.length();
        }
        // The literals' slots among the text's parameters: the sources that are 0, in order.
        int[] sources = shape.sources();
        for (int slot = 0, i = 0; slot < sources.length; slot++) {
            if (sources[slot] == 0) {
                int start = spans[2 * i];
                int end = spans[2 * i + 1];
                values[slot] = StatementShape.literal(sql.substring(start, end), strings[i]);
                if (values[slot] == null) {
                    return null;
                }
                i++;
            }
        }
        return new StatementShape(shape.key(), shape.text(), sources, values, spans);
    }

    /** The end of a plain string literal ({@code '...'}, {@code ''} inside, no backslash) at {@code start}, or -1. */
    private static int stringEnd(String sql, int start) {
        if (start >= sql.length() || sql.charAt(start) != '\'') {
            return -1;
        }
        int i = start + 1;
        int length = sql.length();
        while (i < length) {
            char c = sql.charAt(i);
            if (c == '\\') {
                return -1; // an escape in some dialects and modes: lexed as before
            }
            if (c == '\'') {
                if (i + 1 < length && sql.charAt(i + 1) == '\'') {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    /** The end of a plain number ({@code 123}, {@code 1.5}, {@code 2.}) at {@code start}, or -1. */
    private static int numberEnd(String sql, int start) {
        int length = sql.length();
        int i = start;
        while (i < length && isDigit(sql.charAt(i))) {
            i++;
        }
        if (i == start) {
            return -1;
        }
        if (i < length && sql.charAt(i) == '.') {
            i++;
            while (i < length && isDigit(sql.charAt(i))) {
                i++;
            }
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Whether what follows a literal at {@code i} ends it in every dialect: the text's end, white space, {@code ) , ;}. */
    private static boolean separator(String sql, int i) {
        if (i == sql.length()) {
            return true;
        }
        char c = sql.charAt(i);
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ')' || c == ',' || c == ';';
    }
}
