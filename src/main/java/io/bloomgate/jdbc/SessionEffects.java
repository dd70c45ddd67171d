package io.bloomgate.jdbc;

import java.util.Set;

/**
 * What running a SQL text may do to its session beyond its rows, read from the text alone (once per
 * distinct text). Every answer errs towards "may": a wrong "may" costs one verification or one
 * pass-through, a wrong "may not" could answer a lookup against the wrong table or snapshot.
 *
 * @param mayChangeSchema       unqualified names may resolve differently afterwards
 * @param createsTemporaryTable a temporary table may shadow a guarded name for the rest of the session
 * @param mayEndTransaction     the open transaction may have ended (its snapshot with it)
 * @param mayRunCode            the text may run a procedure or a function that is not a known
 *                              built-in, whose statements the gate does not see (a MySQL procedure
 *                              may {@code SET autocommit = 0}, {@code START TRANSACTION} or set the
 *                              session's isolation level)
 */
record SessionEffects(boolean mayChangeSchema, boolean createsTemporaryTable, boolean mayEndTransaction,
        boolean mayRunCode) {

    /** Leading words of statements that run code: a procedure, an anonymous block, a prepared statement, a JDBC escape. */
    private static final Set<String> RUNNING_CODE = Set.of("call", "do", "execute", "exec", "{");

    /** Leading words of statements that move the session (SET ROLE, USE, DISCARD ALL, ...) or run code. */
    private static final Set<String> SESSION_CHANGING = Set.of("set", "reset", "discard", "use", "call", "do",
            "execute", "exec", "create", "alter", "drop", "runscript", "grant", "revoke", "{", "begin", "start",
            "commit", "rollback", "end", "abort", "prepare", "load", "import", "security");
    /** Leading words of statements that leave the open transaction open. */
    private static final Set<String> TRANSACTION_KEEPING = Set.of("select", "with", "values", "table", "insert",
            "update", "delete", "merge", "show", "savepoint", "release", "explain", "upsert", "replace");
    /**
     * Words that may stand before a parenthesis without calling user code: keywords, type names with
     * a length, and built-in functions that cannot change the session.
     */
    private static final Set<String> NOT_CALLS = Set.of("in", "exists", "any", "all", "some", "values", "row",
            "array", "over", "filter", "within", "partition", "conflict", "cast", "using", "on", "as", "and", "or",
            "not", "select", "where", "from", "join", "key", "primary", "unique", "foreign", "check", "references",
            "default", "returning", "by", "having", "limit", "offset", "fetch", "union", "except", "intersect",
            "then", "else", "when", "case", "is", "like", "ilike", "between", "distinct", "into", "set", "table",
            "count", "sum", "min", "max", "avg", "coalesce", "nullif", "lower", "upper", "length", "char_length",
            "character_length", "octet_length", "substring", "substr", "trim", "ltrim", "rtrim", "abs", "round",
            "floor", "ceil", "ceiling", "mod", "power", "sqrt", "greatest", "least", "concat", "extract",
            "position", "replace", "left", "right", "now", "random", "rand", "nextval", "currval",
            "gen_random_uuid", "random_uuid", "uuid", "md5", "string_agg", "array_agg", "listagg", "bool_and",
            "bool_or", "every", "stddev", "variance", "to_char", "to_date", "to_timestamp", "date_trunc",
            "generate_series", "unnest", "json_build_object", "jsonb_build_object", "varchar", "char",
            "character", "nvarchar", "numeric", "decimal", "dec", "int", "integer", "bigint", "smallint",
            "tinyint", "float", "real", "double", "timestamp", "time", "date", "interval", "binary", "varbinary",
            "bit", "varying", "precision", "for", "nowait", "grouping", "rollup", "cube", "sets", "lateral",
            "recursive", "materialized", "only", "lock", "of");
    /**
     * Words after which a name and a parenthesis are a table or column list, not a call (MySQL's
     * {@code INSERT t (a)}, {@code REPLACE t (a)}, {@code INSERT IGNORE t (a)}: INTO is optional).
     * Not FROM or JOIN: {@code SELECT * FROM f(...)} calls a function that may write a guarded table.
     */
    private static final Set<String> NAME_BEFORE_LIST = Set.of("into", "table", "update", "only",
            "references", "as", "exists", "on", "insert", "replace", "ignore", "low_priority",
            "delayed", "high_priority");
    /**
     * Words after which a name and a parenthesis are a common table expression's column list only
     * when {@code AS} follows the list ({@code WITH x (a) AS (...), y (b) AS (...)}); otherwise a call
     * ({@code SELECT 1, f(2)}).
     */
    private static final Set<String> NAME_BEFORE_CTE_LIST = Set.of("with", "recursive", ",");

    /** The word INTO (of {@code SELECT ... INTO}, which creates a table). */
    private static final java.util.regex.Pattern INTO = java.util.regex.Pattern.compile("\\binto\\b");

    static SessionEffects of(String lower, boolean understoodStatement) {
        String lead = leadingWord(lower);
        boolean keepsTransaction = TRANSACTION_KEEPING.contains(lead);
        boolean code = RUNNING_CODE.contains(lead) || callsCode(lower);
        // PostgreSQL's SELECT ... INTO [TEMP] t creates a table as CREATE TABLE AS does: INTO TEMP,
        // INTO pg_temp.t (a word "into" and "temp" anywhere: a false "may" costs this session's
        // unqualified answers only).
        boolean temporary = lower.contains("temp") && (lead.equals("create")
                || (lead.equals("select") || lead.equals("with")) && INTO.matcher(lower).find());
        boolean changing = SESSION_CHANGING.contains(lead) || lower.contains("set_config")
                || lower.contains("search_path") || lower.contains("current_schema") || code || temporary;
        return new SessionEffects(changing, temporary, !keepsTransaction, code);
    }

    /** The first word, skipping blanks, comments and opening parentheses ("{" for a JDBC escape). */
    static String leadingWord(String lower) {
        int i = 0;
        int n = lower.length();
        while (i < n) {
            char c = lower.charAt(i);
            if (Character.isWhitespace(c) || c == '(') {
                i++;
            } else if (lower.startsWith("--", i)) {
                int eol = lower.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (lower.startsWith("/*", i)) {
                int end = lower.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        if (i < n && lower.charAt(i) == '{') {
            return "{";
        }
        int start = i;
        while (i < n && (Character.isLetterOrDigit(lower.charAt(i)) || lower.charAt(i) == '_')) {
            i++;
        }
        return lower.substring(start, i);
    }

    /** Whether the parenthesised list opening at {@code open} is followed by {@code AS (} (a CTE's body). */
    private static boolean asFollowsList(String lower, int open) {
        int n = lower.length();
        int depth = 0;
        int i = open;
        while (i < n) {
            char c = lower.charAt(i);
            if (c == '\'') {
                int end = lower.indexOf('\'', i + 1);
                i = end < 0 ? n : end + 1;
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                break;
            }
            i++;
        }
        i = skipBlanks(lower, i + 1);
        if (!word(lower, i, "as")) {
            return false;
        }
        // AS ( or AS [NOT] MATERIALIZED (: a CTE's body; AS x: a function in FROM under an alias
        i = skipBlanks(lower, i + 2);
        if (word(lower, i, "not")) {
            i = skipBlanks(lower, i + 3);
        }
        if (word(lower, i, "materialized")) {
            i = skipBlanks(lower, i + "materialized".length());
        }
        return i < n && lower.charAt(i) == '(';
    }

    private static int skipBlanks(String lower, int i) {
        while (i < lower.length() && Character.isWhitespace(lower.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean word(String lower, int i, String word) {
        int end = i + word.length();
        return lower.startsWith(word, i) && (end == lower.length()
                || !Character.isLetterOrDigit(lower.charAt(end)) && lower.charAt(end) != '_');
    }

    /**
     * Whether the text may call a function that is not a known built-in: a user function may run
     * {@code set_config('search_path', ...)} or {@code SET ROLE}. A name before a parenthesis
     * counts unless it is a keyword, a type, a built-in, or a table whose column list follows.
     */
    static boolean callsCode(String lower) {
        int n = lower.length();
        String previous = "";
        int i = 0;
        while (i < n) {
            char c = lower.charAt(i);
            if (c == '\'') { // skip a string literal ('' escapes included)
                int end = lower.indexOf('\'', i + 1);
                while (end >= 0 && end + 1 < n && lower.charAt(end + 1) == '\'') {
                    end = lower.indexOf('\'', end + 2);
                }
                i = end < 0 ? n : end + 1;
                previous = "'";
            } else if (Character.isLetter(c) || c == '_' || c == '"') {
                int start = i;
                String word;
                if (c == '"') {
                    int end = lower.indexOf('"', i + 1);
                    i = end < 0 ? n : end + 1;
                    word = lower.substring(start, i);
                } else {
                    while (i < n && (Character.isLetterOrDigit(lower.charAt(i)) || lower.charAt(i) == '_'
                            || lower.charAt(i) == '$')) {
                        i++;
                    }
                    word = lower.substring(start, i);
                }
                int j = i;
                while (j < n && Character.isWhitespace(lower.charAt(j))) {
                    j++;
                }
                boolean qualified = j < n && lower.charAt(j) == '.';
                if (j < n && lower.charAt(j) == '('
                        && !NOT_CALLS.contains(word) && !NAME_BEFORE_LIST.contains(previous)
                        && !(NAME_BEFORE_CTE_LIST.contains(previous) && asFollowsList(lower, j))) {
                    return true;
                }
                previous = qualified ? previous : word; // "into s.t (" keeps "into" before "t"
                if (qualified) {
                    i = j + 1;
                }
            } else {
                if (c == ',') {
                    previous = ",";
                } else if (!Character.isWhitespace(c)) {
                    previous = String.valueOf(c);
                }
                i++;
            }
        }
        return false;
    }
}
