package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
 * never mis-numbered.
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
        private final Dialect dialect;
        private final int n;
        private final List<Token> tokens = new ArrayList<>();
        private int params;
        private boolean unicodeEscape;
        private boolean nonStandardStrings;

        Run(String s, Dialect dialect) {
            this.s = s;
            this.dialect = dialect;
            this.n = s.length();
        }

        Lexed run() throws LexError {
            int i = 0;
            while (i < n) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (dialect == Dialect.MYSQL && mysqlOnly(i, c)) {
                    throw new LexError(mysqlProblem(i, c));
                } else if (c == '-' && next(i) == '-') {
                    i = lineEnd(i);
                } else if (c == '/' && next(i) == '/' && dialect != Dialect.POSTGRES) {
                    if (dialect == Dialect.OTHER || dialect == Dialect.MYSQL) {
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
                    if (dialect != Dialect.H2 && dialect != Dialect.MYSQL) {
                        throw new LexError("backtick quoting");
                    }
                    i = quoted(i, '`');
                } else if (c == '$' && dollarTag(i) != null) {
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
                    if (c == '$' && (dialect == Dialect.OTHER || dialect == Dialect.MYSQL)) {
                        throw new LexError("'$' (dollar quoting in some databases)");
                    }
                    String p = String.valueOf(c);
                    tokens.add(new Token(Kind.PUNCT, i, i + 1, p, p, 0));
                    i++;
                }
            }
            if (dialect == Dialect.MYSQL) {
                mysqlWords();
            }
            return new Lexed(s, Collections.unmodifiableList(tokens), params, null, unicodeEscape,
                    nonStandardStrings, statements(), casts());
        }

        /**
         * MySQL/MariaDB constructs that jOOQ reads otherwise than the server does, or whose reading
         * depends on {@code sql_mode} (measured on MariaDB 10.11; docs/architecture.md, "MySQL and
         * MariaDB"): refused whatever the session's mode, so that no setting can change what a
         * recognised text means.
         */
        private boolean mysqlOnly(int i, char c) {
            char d = next(i);
            return c == '"' // a string by default, an identifier under ANSI_QUOTES; jOOQ: an identifier
                    || c == '#' // a comment to the end of the line
                    || c == '@' // user and system variables (@v, @@sql_mode, := assignments)
                    || (c == '-' && d == '-' && !mysqlCommentSpace(i + 2)) // 1--1 is 2, not 1
                    || (c == '/' && d == '*' && (at(i + 2) == '!' || at(i + 2) == 'M' && at(i + 3) == '!'))
                    || (c == '|' && d == '|') // OR, or concatenation under PIPES_AS_CONCAT
                    || (c == '&' && d == '&') // AND
                    || (c == '!' && d != '='); // NOT
        }

        private String mysqlProblem(int i, char c) {
            return switch (c) {
                case '"' -> "'\"' (a string under MySQL's default sql_mode, an identifier under ANSI_QUOTES)";
                case '#' -> "'#' comment";
                case '@' -> "a user or system variable";
                case '-' -> "'--' without a following space (an operator in MySQL, not a comment)";
                case '/' -> "an executable comment /*! ... */ (run by MySQL and MariaDB)";
                case '|' -> "'||' (OR, or concatenation under PIPES_AS_CONCAT)";
                default -> "'" + c + "' (an operator whose reading differs between MySQL and the parser)";
            };
        }

        /** MySQL's {@code --} starts a comment only when followed by a space or control character. */
        private boolean mysqlCommentSpace(int j) {
            return j >= n || s.charAt(j) <= ' ';
        }

        private char at(int j) {
            return j < n ? s.charAt(j) : '\0';
        }

        /**
         * Words that make a recognised read differ from the database's: locking reads (InnoDB takes
         * gap locks on absent keys at REPEATABLE READ, which an answered read would not take — an
         * application's check-then-insert relies on them), and reads whose side effects on the
         * session another statement can observe ({@code FOUND_ROWS()}, {@code ROW_COUNT()}).
         */
        private void mysqlWords() throws LexError {
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.kind != Kind.WORD) {
                    continue;
                }
                Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
                if (t.text.equals("FOR") && next != null && (next.is("UPDATE") || next.is("SHARE"))
                        || t.text.equals("LOCK") && next != null && next.is("IN")) {
                    throw new LexError("a locking read (InnoDB locks the gaps of absent keys)");
                }
                if (t.text.equals("SQL_CALC_FOUND_ROWS") || t.text.equals("FOUND_ROWS")
                        || t.text.equals("ROW_COUNT")) {
                    throw new LexError(t.raw + " (a session side effect of reads)");
                }
            }
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
                    if (dialect == Dialect.OTHER || dialect == Dialect.MYSQL) {
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
            if (dialect == Dialect.MYSQL && !tokens.isEmpty()) {
                Token last = tokens.get(tokens.size() - 1);
                // _utf8mb4'x' or _latin1 'x' (charset introducers, with or without a space), N'x',
                // X'0A', B'01', and 'a' 'b' (adjacent strings concatenate).
                if (prefix != null && prefix.kind == Kind.WORD || last.kind == Kind.WORD && last.raw.startsWith("_")
                        || last.kind == Kind.STRING) {
                    throw new LexError("a string with a prefix, an introducer or a neighbouring string");
                }
            }
            boolean escapes = dialect == Dialect.POSTGRES && prefix != null && prefix.kind == Kind.WORD
                    && prefix.text.equals("E");
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
                    if (dialect == Dialect.OTHER || dialect == Dialect.MYSQL) {
                        throw new LexError("backslash in a string literal (an escape in some databases)");
                    }
                    if (dialect == Dialect.POSTGRES) {
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

        /** The {@code $tag$} opening at {@code i}, or null. H2 knows only {@code $$}. */
        private String dollarTag(int i) {
            if (dialect == Dialect.OTHER || dialect == Dialect.MYSQL) {
                return null;
            }
            Token prev = previousAdjacent(i);
            if (prev != null && (prev.kind == Kind.WORD || prev.kind == Kind.NUMBER)) {
                return null; // part of an identifier such as a$b$
            }
            int j = i + 1;
            if (dialect == Dialect.POSTGRES && j < n && identStart(s.charAt(j)) && s.charAt(j) != '$') {
                while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
            }
            if (j < n && s.charAt(j) == '$') {
                return s.substring(i, j + 1);
            }
            return null;
        }

        private int dollarString(int i) throws LexError {
            String tag = dollarTag(i);
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

        private static boolean identStart(char c) {
            return Character.isLetter(c) || c == '_';
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

        /** {@code CAST(? AS type)} and {@code ?::type}, by parameter number. */
        private Map<Integer, CastInfo> casts() {
            Map<Integer, CastInfo> casts = new HashMap<>();
            for (int t = 0; t < tokens.size(); t++) {
                Token p = tokens.get(t);
                if (p.kind != Kind.PARAM) {
                    continue;
                }
                if (t >= 2 && tokens.get(t - 2).is("CAST") && tokens.get(t - 1).punct("(") && t + 1 < tokens.size()
                        && tokens.get(t + 1).is("AS")) {
                    int depth = 0;
                    int j = t + 2;
                    for (; j < tokens.size(); j++) {
                        Token x = tokens.get(j);
                        if (x.punct("(")) {
                            depth++;
                        } else if (x.punct(")")) {
                            if (depth == 0) {
                                break;
                            }
                            depth--;
                        }
                    }
                    casts.put(p.param, castInfo(t + 2, j));
                } else if (t + 1 < tokens.size() && tokens.get(t + 1).punct("::")) {
                    int j = t + 2;
                    if (j < tokens.size() && tokens.get(j).kind == Kind.WORD) {
                        j++;
                        if (j < tokens.size() && tokens.get(j).kind == Kind.WORD
                                && Set.of("VARYING", "PRECISION").contains(tokens.get(j).text)) {
                            j++;
                        }
                        if (j < tokens.size() && tokens.get(j).punct("(")) {
                            while (j < tokens.size() && !tokens.get(j).punct(")")) {
                                j++;
                            }
                            j++;
                        }
                    }
                    j = Math.min(j, tokens.size());
                    CastInfo info = castInfo(t + 2, j);
                    if (j < tokens.size() && (tokens.get(j).punct("::") || tokens.get(j).punct("[")
                            || tokens.get(j).is("ARRAY"))) {
                        info = new CastInfo(null, info.written());
                    }
                    casts.put(p.param, info);
                }
            }
            return casts;
        }

        private CastInfo castInfo(int from, int to) {
            StringBuilder written = new StringBuilder();
            for (int k = from; k < to && k < tokens.size(); k++) {
                written.append(k > from ? " " : "").append(tokens.get(k).raw);
            }
            return new CastInfo(castType(tokens.subList(Math.min(from, tokens.size()), Math.min(to, tokens.size())),
                    dialect), written.toString());
        }
    }

    /** The recognised cast type written in {@code type}, or null. */
    static ParameterCast castType(List<Token> type, Dialect dialect) {
        int i = 0;
        StringBuilder words = new StringBuilder();
        while (i < type.size() && type.get(i).kind == Kind.WORD) {
            words.append(words.length() > 0 ? " " : "").append(type.get(i).text);
            i++;
        }
        List<Integer> args = new ArrayList<>();
        if (i < type.size()) {
            if (!type.get(i).punct("(")) {
                return null;
            }
            i++;
            while (true) {
                if (i >= type.size() || type.get(i).kind != Kind.NUMBER || !type.get(i).text.matches("[0-9]{1,9}")) {
                    return null;
                }
                args.add(Integer.parseInt(type.get(i).text));
                i++;
                if (i < type.size() && type.get(i).punct(",")) {
                    i++;
                    continue;
                }
                if (i < type.size() && type.get(i).punct(")")) {
                    i++;
                    break;
                }
                return null;
            }
            if (i != type.size()) {
                return null;
            }
        }
        ParameterCast.Type t;
        switch (words.toString()) {
            case "VARCHAR": case "CHARACTER VARYING": case "CHAR VARYING":
                t = ParameterCast.Type.VARCHAR;
                break;
            case "CHAR": case "CHARACTER":
                t = ParameterCast.Type.CHAR;
                break;
            case "TEXT":
                t = dialect == Dialect.POSTGRES ? ParameterCast.Type.VARCHAR : ParameterCast.Type.CLOB;
                break;
            case "CLOB":
                t = ParameterCast.Type.CLOB;
                break;
            case "TINYINT":
                t = ParameterCast.Type.TINYINT;
                break;
            case "SMALLINT": case "INT2":
                t = ParameterCast.Type.SMALLINT;
                break;
            case "INT": case "INTEGER": case "INT4":
                t = ParameterCast.Type.INTEGER;
                break;
            case "BIGINT": case "INT8":
                t = ParameterCast.Type.BIGINT;
                break;
            case "NUMERIC": case "DECIMAL": case "DEC":
                t = ParameterCast.Type.NUMERIC;
                break;
            case "UUID":
                t = ParameterCast.Type.UUID;
                break;
            case "VARBINARY": case "BINARY VARYING": case "BYTEA":
                t = ParameterCast.Type.VARBINARY;
                break;
            case "BINARY":
                t = ParameterCast.Type.BINARY;
                break;
            case "BOOLEAN": case "BOOL":
                t = ParameterCast.Type.BOOLEAN;
                break;
            default:
                return null;
        }
        switch (t) {
            case VARCHAR: case VARBINARY:
                return args.size() > 1 ? null : new ParameterCast(t, args.isEmpty() ? null : args.get(0), null);
            case CHAR: case BINARY:
                return args.size() > 1 ? null : new ParameterCast(t, args.isEmpty() ? 1 : args.get(0), null);
            case NUMERIC:
                if (args.isEmpty()) {
                    return new ParameterCast(t, null, null);
                }
                if (args.size() > 2 || (args.size() == 2 && args.get(1) > args.get(0))) {
                    return null;
                }
                return new ParameterCast(t, args.get(0), args.size() == 2 ? args.get(1) : 0);
            default:
                return args.isEmpty() ? new ParameterCast(t, null, null) : null;
        }
    }
}
