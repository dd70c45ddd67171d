package io.bloomgate.sql;

import io.bloomgate.sql.SqlLexer.Kind;
import io.bloomgate.sql.SqlLexer.Token;
import java.util.List;

/**
 * MySQL and MariaDB: backtick identifiers, and everything jOOQ reads otherwise than the server, or
 * whose reading depends on {@code sql_mode}, refused whatever the session's mode, so that no
 * setting can change what a recognised text means (measured on MariaDB 10.11; docs/architecture.md,
 * "MySQL and MariaDB").
 */
final class MySqlLexicalRules extends LexicalRules {

    static final MySqlLexicalRules INSTANCE = new MySqlLexicalRules();

    private MySqlLexicalRules() {
    }

    @Override
    String refusedAt(String s, int i) {
        char c = s.charAt(i);
        char d = at(s, i + 1);
        if (c == '"') { // a string by default, an identifier under ANSI_QUOTES; jOOQ: an identifier
            return "'\"' (a string under MySQL's default sql_mode, an identifier under ANSI_QUOTES)";
        }
        if (c == '#') {
            return "'#' comment";
        }
        if (c == '@') { // user and system variables (@v, @@sql_mode, := assignments)
            return "a user or system variable";
        }
        if (c == '-' && d == '-' && at(s, i + 2) > ' ') { // 1--1 is 2, not 1
            return "'--' without a following space (an operator in MySQL, not a comment)";
        }
        if (c == '/' && d == '*' && (at(s, i + 2) == '!' || at(s, i + 2) == 'M' && at(s, i + 3) == '!')) {
            return "an executable comment /*! ... */ (run by MySQL and MariaDB)";
        }
        if (c == '|' && d == '|') {
            return "'||' (OR, or concatenation under PIPES_AS_CONCAT)";
        }
        if (c == '&' && d == '&' || c == '!' && d != '=') { // AND, NOT
            return "'" + c + "' (an operator whose reading differs between MySQL and the parser)";
        }
        return null;
    }

    /** The character at {@code j}, or NUL past the end (which MySQL's {@code --} counts as a space). */
    private static char at(String s, int j) {
        return j < s.length() ? s.charAt(j) : '\0';
    }

    @Override
    boolean backtickQuotes() {
        return true;
    }

    /**
     * {@code _utf8mb4'x'} or {@code _latin1 'x'} (charset introducers, with or without a space),
     * {@code N'x'}, {@code X'0A'}, {@code B'01'}, and {@code 'a' 'b'} (adjacent strings concatenate).
     */
    @Override
    String refusedString(Token adjacent, Token last) {
        if (last != null && (isWord(adjacent) || isWord(last) && last.raw().startsWith("_")
                || last.kind() == Kind.STRING)) {
            return "a string with a prefix, an introducer or a neighbouring string";
        }
        return null;
    }

    /**
     * Words that make a recognised read differ from the database's: locking reads other than a
     * final {@code SKIP LOCKED} clause, and reads whose side effects on the session another statement
     * can observe ({@code FOUND_ROWS()}, {@code ROW_COUNT()}).
     *
     * <p>Locking reads (measured on MariaDB 10.11, {@code MariaDbLockingReadTest}): at REPEATABLE READ
     * InnoDB locks the gap of an absent key, which an answered read would not take (an application's
     * check-then-insert relies on it); at READ COMMITTED it takes no gap lock, but a plain {@code FOR
     * UPDATE}/{@code FOR SHARE}/{@code LOCK IN SHARE MODE} <em>waits</em> for a transaction that
     * inserted the key and has not committed, and then returns its row (or raises a lock-wait error,
     * or with {@code NOWAIT} at once) — a row no filter holds yet. {@code SKIP LOCKED} skips such a
     * row and waits for nothing: at READ COMMITTED its answer for an absent key is the plain read's,
     * so it passes here and the plan is answered only at READ COMMITTED
     * ({@link StatementPlan.Lookup#readCommittedOnly()}).
     */
    @Override
    String refusedWords(List<Token> tokens) {
        int end = tokens.size();
        while (end > 0 && tokens.get(end - 1).punct(";")) {
            end--;
        }
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.kind() != Kind.WORD) {
                continue;
            }
            int clause = MySqlForms.lockClauseAt(tokens, i);
            if (clause > 0 && !(i + clause + 2 == end && lockClause(tokens, i, clause)
                    && tokens.get(i + clause).is("SKIP") && tokens.get(i + clause + 1).is("LOCKED"))) {
                return "a locking read other than a final SKIP LOCKED (InnoDB waits for uncommitted inserts "
                        + "of the key, and locks the gaps of absent keys at REPEATABLE READ)";
            }
            if (t.text().equals("SQL_CALC_FOUND_ROWS") || t.text().equals("FOUND_ROWS")
                    || t.text().equals("ROW_COUNT")) {
                return t.raw() + " (a session side effect of reads)";
            }
        }
        return null;
    }

    private static boolean lockClause(List<Token> tokens, int i, int length) {
        return length == 2 || tokens.get(i + 2).is("SHARE") && tokens.get(i + 3).is("MODE");
    }
}
