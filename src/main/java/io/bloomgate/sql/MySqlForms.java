package io.bloomgate.sql;

import io.bloomgate.sql.SqlLexer.Lexed;
import io.bloomgate.sql.SqlLexer.Token;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MySQL/MariaDB statement forms jOOQ's parser does not read (jOOQ 3.19, measured), handed to it as
 * forms it does read with the same keys and the same lookup:
 * <ul>
 *   <li>{@code INSERT IGNORE [INTO] t ...}: an insert of the same rows. Rows it ignores (duplicates)
 *       leave their keys in the filter, a false positive; values it would convert rather than refuse
 *       (too long: truncated; out of range: clamped) are not exact keys for the guard's key form,
 *       so the guard stays unsettled until the feed reads the stored row;</li>
 *   <li>{@code REPLACE [INTO] t ...}: the rows it writes are the inserted ones, and the rows it
 *       deletes only leave stale keys;</li>
 *   <li>{@code ... LOCK IN SHARE MODE SKIP LOCKED}: {@code FOR SHARE SKIP LOCKED} (the lexer lets only
 *       {@code SKIP LOCKED} locking reads through, see {@link MySqlLexicalRules}).</li>
 * </ul>
 */
final class MySqlForms {

    private MySqlForms() {
    }

    /** The statement's leading keyword as the classifier should take it ({@code REPLACE} is an insert). */
    static String lead(Lexed lexed) {
        String lead = lexed.leadingKeyword();
        return lead.equals("REPLACE") ? "INSERT" : lead;
    }

    /** The text for jOOQ's parser: {@link Lexed#parseText()} with the forms above rewritten. */
    static String parseText(Lexed lexed) {
        List<Token> ts = lexed.tokens;
        Map<Integer, String> replace = new HashMap<>();
        Set<Integer> drop = new HashSet<>();
        int first = lexed.firstWordIndex();
        if (first == 0 && first + 1 < ts.size()) {
            Token lead = ts.get(first);
            Token next = ts.get(first + 1);
            if (lead.is("REPLACE")) {
                replace.put(first, next.is("INTO") ? "insert" : "insert into");
            } else if (lead.is("INSERT") && next.is("IGNORE")) {
                if (first + 2 < ts.size() && ts.get(first + 2).is("INTO")) {
                    drop.add(first + 1);
                } else {
                    replace.put(first + 1, "into");
                }
            }
        }
        int lock = lockInShareMode(ts);
        if (lock >= 0) {
            replace.put(lock, "for share");
            drop.add(lock + 1);
            drop.add(lock + 2);
            drop.add(lock + 3);
        }
        return replace.isEmpty() && drop.isEmpty() ? lexed.parseText() : lexed.rebuild(replace, drop);
    }

    /** MariaDB's {@code SET STATEMENT ... FOR <statement>}, which runs the statement after FOR. */
    static boolean setStatementFor(Lexed lexed) {
        int first = lexed.firstWordIndex();
        return first >= 0 && first + 1 < lexed.tokens.size() && lexed.tokens.get(first).is("SET")
                && lexed.tokens.get(first + 1).is("STATEMENT");
    }

    /** Whether the text is a locking read ({@code FOR UPDATE}, {@code FOR SHARE}, {@code LOCK IN SHARE MODE}). */
    static boolean lockingRead(Lexed lexed) {
        List<Token> ts = lexed.tokens;
        for (int i = 0; i + 1 < ts.size(); i++) {
            if (lockClauseAt(ts, i) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The number of tokens of the row-lock clause starting at {@code i} ({@code FOR UPDATE}, {@code FOR
     * SHARE}: 2, {@code LOCK IN SHARE MODE}: 4), or 0.
     */
    static int lockClauseAt(List<Token> ts, int i) {
        Token t = ts.get(i);
        Token next = i + 1 < ts.size() ? ts.get(i + 1) : null;
        if (next == null) {
            return 0;
        }
        if (t.is("FOR") && (next.is("UPDATE") || next.is("SHARE"))) {
            return 2;
        }
        if (t.is("LOCK") && next.is("IN")) {
            return 4; // LOCK IN SHARE MODE; anything else after LOCK IN is refused by the lexer
        }
        return 0;
    }

    private static int lockInShareMode(List<Token> ts) {
        for (int i = 0; i + 3 < ts.size(); i++) {
            if (ts.get(i).is("LOCK") && ts.get(i + 1).is("IN") && ts.get(i + 2).is("SHARE") && ts.get(i + 3).is("MODE")) {
                return i;
            }
        }
        return -1;
    }
}
