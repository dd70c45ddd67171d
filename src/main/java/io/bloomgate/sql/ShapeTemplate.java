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

    /** How many literals the template abstracts: {@link #read} fills two offsets per literal. */
    public int literals() {
        return strings.length;
    }

    /** Whether literal {@code i} (0-based) is a string (else a number). */
    public boolean string(int i) {
        return strings[i];
    }

    /** The shape of the learned text (its key, abstracted text and sources are every match's). */
    public StatementShape shape() {
        return shape;
    }

    /**
     * Whether {@code sql} is this template's text with other literals of the same kinds (see the
     * class comment), reading where its literals stand into {@code spans} (start and end offsets,
     * two per literal, as {@link StatementShape#spans()}; at least {@code 2 * literals()} long)
     * without allocating: the gate's per-call path (issue 24) decides from the text itself and
     * builds nothing unless it must pass the text through.
     */
    public boolean read(String sql, int[] spans) {
        String first = segments[0];
        if (!sql.startsWith(first)) {
            return false;
        }
        int n = strings.length;
        int pos = first.length();
        for (int i = 0; i < n; i++) {
            int end = strings[i] ? stringEnd(sql, pos) : numberEnd(sql, pos);
            if (end < 0 || !separator(sql, end)) {
                return false;
            }
            String next = segments[i + 1];
            if (!sql.startsWith(next, end) || i == n - 1 && end + next.length() != sql.length()) {
                return false;
            }
            spans[2 * i] = pos;
            spans[2 * i + 1] = end;
            pos = end + next.length();
        }
        return true;
    }

    /**
     * The value of literal {@code i} of a text {@link #read} accepted ({@link String}, {@link Long}
     * or {@link java.math.BigDecimal}), exactly as {@link StatementShape#of} reads it.
     */
    public Object literal(String sql, int[] spans, int i) {
        return StatementShape.literal(sql.substring(spans[2 * i], spans[2 * i + 1]), strings[i]);
    }

    /**
     * Whether string literal {@code i} of a text {@link #read} accepted holds no doubled quote: then
     * its value is exactly the characters between its quotes, {@code sql[start + 1, end - 1)}, and
     * can be read in place.
     */
    public static boolean undoubled(String sql, int[] spans, int i) {
        return sql.indexOf('\'', spans[2 * i] + 1) == spans[2 * i + 1] - 1;
    }

    /**
     * The value of number literal {@code i} of a text {@link #read} accepted when it is at most 18
     * digits without a point (then {@link #literal} is that {@link Long}), else -1: read it with
     * {@link #literal}. (Up to 18 digits the value is below 10^18, so {@link StatementShape#of}'s
     * {@code BigDecimal} has scale 0 and precision at most 18: a {@code Long}.)
     */
    public static long smallInteger(String sql, int[] spans, int i) {
        int start = spans[2 * i];
        int end = spans[2 * i + 1];
        if (end - start > 18) {
            return -1;
        }
        long value = 0;
        for (int k = start; k < end; k++) {
            char c = sql.charAt(k);
            if (!isDigit(c)) {
                return -1; // a point: a BigDecimal, or a Long only after its scale is read
            }
            value = 10 * value + (c - '0');
        }
        return value;
    }

    /**
     * The shape of {@code sql} if it is this template's text with other literals of the same kinds
     * (see the class comment), else null.
     */
    public StatementShape match(String sql) {
        int[] spans = new int[2 * strings.length];
        return read(sql, spans) ? shape(sql, spans) : null;
    }

    /** The shape of {@code sql}, which {@link #read} accepted, filling {@code spans}. */
    public StatementShape shape(String sql, int[] spans) {
        spans = java.util.Arrays.copyOf(spans, 2 * strings.length);
        Object[] values = shape.literals().clone(); // nulls for the original parameters stay
        // The literals' slots among the text's parameters: the sources that are 0, in order.
        int[] sources = shape.sources();
        for (int slot = 0, i = 0; slot < sources.length; slot++) {
            if (sources[slot] == 0) {
                values[slot] = literal(sql, spans, i);
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
        // indexOf, not a loop over the characters: it is vectorised, and this runs on every call.
        int backslash = sql.indexOf('\\', start + 1); // an escape in some dialects and modes: lexed as before
        int i = start + 1;
        while (true) {
            int quote = sql.indexOf('\'', i);
            if (quote < 0 || backslash >= 0 && backslash < quote) {
                return -1;
            }
            if (quote + 1 < sql.length() && sql.charAt(quote + 1) == '\'') {
                i = quote + 2; // a doubled quote: part of the string
                continue;
            }
            return quote + 1;
        }
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
