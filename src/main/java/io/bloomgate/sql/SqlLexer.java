package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A small SQL lexer that sees the text the way the JDBC driver and the database do: it finds the
 * {@code ?} placeholders (not inside string literals, quoted identifiers, dollar-quoted strings or
 * comments), numbers them as JDBC does (1-based, left to right), splits statements at {@code ;}, and
 * records the cast written around each placeholder. jOOQ's parser does not number {@code ?}, so the
 * classifier parses {@link Lexed#parseText()}, where each {@code ?} became a named parameter
 * {@code :bg_N}.
 *
 * <p>Anything whose reading depends on settings the lexer cannot see (a backslash before a quote in
 * a PostgreSQL string, {@code ??}, {@code ?1}) is an error: the statement is then not recognised,
 * never mis-numbered. What differs per database (comments, quotes, string forms, what to refuse)
 * is the dialect's {@link LexicalRules}; this class only tokenises.
 */
final class SqlLexer {

    /** The prefix of the named parameters that replace {@code ?} in the text handed to jOOQ. */
    static final String PARAM_PREFIX = "bg_";

    enum Kind { WORD, QUOTED, STRING, NUMBER, PARAM, PUNCT }

    /**
     * @param text WORD: upper-cased; QUOTED: the identifier (quotes removed, doubled quotes undone);
     *             PUNCT: the character(s); others: the raw text
     * @param raw  the text as written (WORD: original case)
     * @param param 1-based parameter number for PARAM, else 0
     */
    record Token(Kind kind, int start, int end, String text, String raw, int param) {
        boolean is(String word) {
            return kind == Kind.WORD && text.equals(word);
        }

        boolean punct(String p) {
            return kind == Kind.PUNCT && text.equals(p);
        }

        boolean namePart() {
            return kind == Kind.WORD || kind == Kind.QUOTED;
        }
    }

    /** A cast around a parameter as written; {@code cast} is null when the type is not recognised. */
    record CastInfo(ParameterCast cast, String written) {
    }

    static final class Lexed {
        final String sql;
        final List<Token> tokens;
        final int parameterCount;
        /** Why the text cannot be read reliably, or null. */
        final String error;
        /** {@code U&'...'} or {@code U&"..."} appears. */
        final boolean unicodeEscape;
        /** A string literal whose value depends on escapes (E'', U&'', dollar quotes, backslashes). */
        final boolean nonStandardStrings;
        /** Number of non-empty statements separated by {@code ;}. */
        final int statementCount;
        final Map<Integer, CastInfo> casts;

        Lexed(String sql, List<Token> tokens, int parameterCount, String error, boolean unicodeEscape,
                boolean nonStandardStrings, int statementCount, Map<Integer, CastInfo> casts) {
            this.sql = sql;
            this.tokens = tokens;
            this.parameterCount = parameterCount;
            this.error = error;
            this.unicodeEscape = unicodeEscape;
            this.nonStandardStrings = nonStandardStrings;
            this.statementCount = statementCount;
            this.casts = casts;
        }

        static Lexed failed(String sql, String error) {
            return new Lexed(sql, List.of(), 0, error, false, false, 0, Map.of());
        }

        /** Whether parameter {@code index} is written {@code ANY (?)} or {@code SOME (?)}: an array of values. */
        boolean directlyInAny(int index) {
            for (int i = 2; i + 1 < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.kind == Kind.PARAM && t.param == index) {
                    return tokens.get(i - 1).punct("(") && tokens.get(i + 1).punct(")")
                            && (tokens.get(i - 2).is("ANY") || tokens.get(i - 2).is("SOME"));
                }
            }
            return false;
        }

        /** The text with each {@code ?} replaced by {@code :bg_N}. */
        String parseText() {
            return rebuild(Map.of(), Set.of());
        }

        /**
         * The text with {@code ?} replaced by named parameters, some tokens replaced and some dropped
         * (with the text between them). Comments and whitespace are kept.
         */
        String rebuild(Map<Integer, String> replace, Set<Integer> drop) {
            StringBuilder out = new StringBuilder(sql.length() + 8 * parameterCount);
            int pos = 0;
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (drop.contains(i)) {
                    out.append(sql, pos, t.start).append(' ');
                    pos = t.end;
                    continue;
                }
                out.append(sql, pos, t.start);
                String r = replace.get(i);
                if (r != null) {
                    out.append(r);
                } else if (t.kind == Kind.PARAM) {
                    out.append(" :").append(PARAM_PREFIX).append(t.param).append(' ');
                } else {
                    out.append(sql, t.start, t.end);
                }
                pos = t.end;
            }
            out.append(sql, pos, sql.length());
            return out.toString();
        }

        /** Index of the first token of the (single) statement, skipping opening parentheses; -1 if none. */
        int firstWordIndex() {
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.punct("(")) {
                    continue;
                }
                return t.kind == Kind.WORD ? i : -1;
            }
            return -1;
        }

        String leadingKeyword() {
            if (!tokens.isEmpty() && tokens.get(0).punct("{")) {
                return "{";
            }
            int i = firstWordIndex();
            return i < 0 ? "" : tokens.get(i).text;
        }

        /** Some statement starts with CALL/EXEC/EXECUTE/DO/RUNSCRIPT or a JDBC {@code {call}} escape. */
        boolean invokesProcedure() {
            boolean atStart = true;
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.punct(";")) {
                    atStart = true;
                    continue;
                }
                if (atStart) {
                    if (t.punct("(")) {
                        continue;
                    }
                    if (t.punct("{")) {
                        for (int j = i + 1; j < Math.min(tokens.size(), i + 5); j++) {
                            if (tokens.get(j).is("CALL")) {
                                return true;
                            }
                        }
                    }
                    if (t.kind == Kind.WORD && PROCEDURE_WORDS.contains(t.text)) {
                        return true;
                    }
                    atStart = false;
                }
            }
            return false;
        }

        /**
         * Looks read-only on its face: starts like a query and contains no data-changing keyword
         * ({@code UPDATE} only in {@code FOR [NO KEY] UPDATE}).
         */
        boolean looksReadOnly() {
            if (!READ_STARTS.contains(leadingKeyword())) {
                return false;
            }
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.kind != Kind.WORD) {
                    continue;
                }
                if (WRITE_WORDS.contains(t.text)) {
                    return false;
                }
                if (t.text.equals("UPDATE")) {
                    Token before = i > 0 ? tokens.get(i - 1) : null;
                    if (before == null || !(before.is("FOR") || before.is("KEY"))) {
                        return false;
                    }
                }
            }
            return true;
        }

        /** Whether some word token equals {@code word}. */
        boolean hasWord(String word) {
            for (Token t : tokens) {
                if (t.is(word)) {
                    return true;
                }
            }
            return false;
        }
    }

    static final Set<String> PROCEDURE_WORDS = Set.of("CALL", "EXEC", "EXECUTE", "DO", "RUNSCRIPT");
    private static final Set<String> READ_STARTS = Set.of("SELECT", "WITH", "VALUES", "TABLE");
    private static final Set<String> WRITE_WORDS =
            Set.of("INSERT", "DELETE", "MERGE", "UPSERT", "TRUNCATE", "CALL", "COPY", "EXEC", "EXECUTE");

    private SqlLexer() {
    }

    static Lexed lex(String sql, Dialect dialect) {
        try {
            return new SqlLexer.Run(sql, dialect).run();
        } catch (LexError e) {
            return Lexed.failed(sql, e.getMessage());
        }
    }

    private static final class LexError extends Exception {
        private static final long serialVersionUID = 1L;

        LexError(String message) {
            super(message, null, false, false);
        }
    }

    private static final class Run {
        private final String s;
        private final LexicalRules rules;
        private final int n;
        private final List<Token> tokens = new ArrayList<>();
        private int params;
        private boolean unicodeEscape;
        private boolean nonStandardStrings;

        Run(String s, Dialect dialect) {
            this.s = s;
            this.rules = LexicalRules.of(dialect);
            this.n = s.length();
        }

        Lexed run() throws LexError {
            int i = 0;
            String refused;
            while (i < n) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if ((refused = rules.refusedAt(s, i)) != null) {
                    throw new LexError(refused);
                } else if (c == '-' && next(i) == '-') {
                    i = lineEnd(i);
                } else if (c == '/' && next(i) == '/' && rules.slashSlash() != LexicalRules.SlashSlash.OPERATOR) {
                    if (rules.slashSlash() == LexicalRules.SlashSlash.REFUSED) {
                        throw new LexError("'//' is a comment in some databases and not in others");
                    }
                    i = lineEnd(i);
                } else if (c == '/' && next(i) == '*') {
                    i = blockComment(i);
                } else if (c == '\'') {
                    i = string(i);
                } else if (c == '"') {
                    i = quoted(i, '"');
                } else if (c == '`') {
                    if (!rules.backtickQuotes()) {
                        throw new LexError("backtick quoting");
                    }
                    i = quoted(i, '`');
                } else if (c == '$' && dollarTagEnd(i) >= 0) {
                    i = dollarString(i);
                } else if (c == '?') {
                    char d = next(i);
                    if (d == '?') {
                        throw new LexError("'??' (an escaped '?' for some drivers, two placeholders for others)");
                    }
                    if (d >= '0' && d <= '9') {
                        throw new LexError("numbered placeholder ?" + d);
                    }
                    params++;
                    tokens.add(new Token(Kind.PARAM, i, i + 1, "?", "?", params));
                    i++;
                } else if (Character.isDigit(c) || (c == '.' && Character.isDigit(next(i)))) {
                    i = number(i);
                } else if (identStart(c) || (c == '$' && Character.isDigit(next(i)))) {
                    i = word(i);
                } else if (c == ':' && next(i) == ':') {
                    tokens.add(new Token(Kind.PUNCT, i, i + 2, "::", "::", 0));
                    i += 2;
                } else {
                    if (c == ':' && s.regionMatches(true, i + 1, PARAM_PREFIX, 0, PARAM_PREFIX.length())) {
                        throw new LexError("the text uses the reserved parameter prefix :" + PARAM_PREFIX);
                    }
                    if (c == '$' && !rules.dollarIsPunctuation()) {
                        throw new LexError("'$' (dollar quoting in some databases)");
                    }
                    String p = String.valueOf(c);
                    tokens.add(new Token(Kind.PUNCT, i, i + 1, p, p, 0));
                    i++;
                }
            }
            refused = rules.refusedWords(tokens);
            if (refused != null) {
                throw new LexError(refused);
            }
            return new Lexed(s, Collections.unmodifiableList(tokens), params, null, unicodeEscape,
                    nonStandardStrings, statements(), WrittenCasts.of(tokens, rules));
        }

        private char next(int i) {
            return i + 1 < n ? s.charAt(i + 1) : '\0';
        }

        private int lineEnd(int i) {
            while (i < n && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
                i++;
            }
            return i;
        }

        private int blockComment(int i) throws LexError {
            int depth = 1;
            i += 2;
            while (i < n) {
                char c = s.charAt(i);
                if (c == '/' && next(i) == '*') {
                    if (!rules.nestedComments()) {
                        throw new LexError("nested block comment (nests in some databases only)");
                    }
                    depth++;
                    i += 2;
                } else if (c == '*' && next(i) == '/') {
                    depth--;
                    i += 2;
                    if (depth == 0) {
                        return i;
                    }
                } else {
                    i++;
                }
            }
            throw new LexError("unterminated comment");
        }

        private Token previousAdjacent(int i) {
            if (tokens.isEmpty()) {
                return null;
            }
            Token t = tokens.get(tokens.size() - 1);
            return t.end == i ? t : null;
        }

        /** The previous tokens are {@code U &} directly before position {@code i}. */
        private boolean unicodePrefix(int i) {
            Token amp = previousAdjacent(i);
            if (amp == null || !amp.punct("&") || tokens.size() < 2) {
                return false;
            }
            Token u = tokens.get(tokens.size() - 2);
            return u.end == amp.start && u.kind == Kind.WORD && u.text.equals("U");
        }

        private int string(int i) throws LexError {
            Token prefix = previousAdjacent(i);
            String refused = rules.refusedString(prefix, tokens.isEmpty() ? null : tokens.get(tokens.size() - 1));
            if (refused != null) {
                throw new LexError(refused);
            }
            boolean escapes = rules.escapeString(prefix);
            if (unicodePrefix(i)) {
                unicodeEscape = true;
                nonStandardStrings = true;
            }
            if (escapes) {
                nonStandardStrings = true;
            }
            int start = i;
            i++;
            while (i < n) {
                char c = s.charAt(i);
                if (c == '\\') {
                    if (escapes) {
                        i += 2;
                        continue;
                    }
                    if (rules.backslash() == LexicalRules.Backslash.REFUSED) {
                        throw new LexError("backslash in a string literal (an escape in some databases)");
                    }
                    if (rules.backslash() == LexicalRules.Backslash.SETTING_DEPENDENT) {
                        nonStandardStrings = true; // its value depends on standard_conforming_strings
                        if (next(i) == '\'') {
                            throw new LexError("backslash before a quote: the string's end depends on "
                                    + "standard_conforming_strings");
                        }
                    }
                    i++;
                } else if (c == '\'') {
                    if (next(i) == '\'') {
                        i += 2;
                    } else {
                        i++;
                        tokens.add(new Token(Kind.STRING, start, i, s.substring(start, i), s.substring(start, i), 0));
                        return i;
                    }
                } else {
                    i++;
                }
            }
            throw new LexError("unterminated string literal");
        }

        private int quoted(int i, char q) throws LexError {
            if (unicodePrefix(i)) {
                unicodeEscape = true;
            }
            int start = i;
            StringBuilder name = new StringBuilder();
            i++;
            while (i < n) {
                char c = s.charAt(i);
                if (c == q) {
                    if (next(i) == q) {
                        name.append(q);
                        i += 2;
                    } else {
                        i++;
                        tokens.add(new Token(Kind.QUOTED, start, i, name.toString(), s.substring(start, i), 0));
                        return i;
                    }
                } else {
                    name.append(c);
                    i++;
                }
            }
            throw new LexError("unterminated quoted identifier");
        }

        /** The end of the {@code $tag$} opening at {@code i} (the dialect's forms), or -1. */
        private int dollarTagEnd(int i) {
            Token prev = previousAdjacent(i);
            if (prev != null && (prev.kind == Kind.WORD || prev.kind == Kind.NUMBER)) {
                return -1; // part of an identifier such as a$b$
            }
            return rules.dollarTagEnd(s, i);
        }

        private int dollarString(int i) throws LexError {
            String tag = s.substring(i, dollarTagEnd(i));
            int end = s.indexOf(tag, i + tag.length());
            if (end < 0) {
                throw new LexError("unterminated dollar-quoted string");
            }
            nonStandardStrings = true;
            int stop = end + tag.length();
            tokens.add(new Token(Kind.STRING, i, stop, s.substring(i, stop), s.substring(i, stop), 0));
            return stop;
        }

        private int number(int i) {
            int start = i;
            while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == '_'
                    || ((s.charAt(i) == '+' || s.charAt(i) == '-')
                        && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E')))) {
                i++;
            }
            String text = s.substring(start, i);
            tokens.add(new Token(Kind.NUMBER, start, i, text, text, 0));
            return i;
        }

        private int word(int i) {
            int start = i;
            i++;
            while (i < n) {
                char c = s.charAt(i);
                if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                    i++;
                } else {
                    break;
                }
            }
            String raw = s.substring(start, i);
            tokens.add(new Token(Kind.WORD, start, i, raw.toUpperCase(Locale.ROOT), raw, 0));
            return i;
        }

        private int statements() {
            int count = 0;
            boolean nonEmpty = false;
            for (Token t : tokens) {
                if (t.punct(";")) {
                    if (nonEmpty) {
                        count++;
                    }
                    nonEmpty = false;
                } else {
                    nonEmpty = true;
                }
            }
            return nonEmpty ? count + 1 : count;
        }
    }

    static boolean identStart(char c) {
        return Character.isLetter(c) || c == '_';
    }
}
