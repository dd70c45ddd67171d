package io.bloomgate.sql;

import io.bloomgate.sql.SqlLexer.Kind;
import io.bloomgate.sql.SqlLexer.Token;
import java.util.List;

/**
 * One dialect's lexical rules, as {@link SqlLexer} asks them while it tokenises: which comments,
 * quotes and string forms exist, and which constructs it must refuse because their reading depends
 * on settings or differs between the database and jOOQ's parser. This base class is the strict
 * reading for an unknown database ({@link Dialect#OTHER}): whatever some database reads otherwise
 * is refused, never guessed at. Each refusal is a message naming the construct, or null.
 */
class LexicalRules {

    /** What {@code //} is. */
    enum SlashSlash { COMMENT, OPERATOR, REFUSED }

    /** What a backslash inside an ordinary {@code '...'} string does. */
    enum Backslash {
        /** An ordinary character (standard SQL, H2). */
        PLAIN,
        /** An escape in some databases or modes: the text is refused. */
        REFUSED,
        /**
         * PostgreSQL: an escape only when {@code standard_conforming_strings} is off, so the value is
         * marked non-standard, and a backslash before a quote (which moves the string's end) is refused.
         */
        SETTING_DEPENDENT
    }

    static final LexicalRules OTHER = new LexicalRules();

    static LexicalRules of(Dialect dialect) {
        return switch (dialect) {
            case H2 -> H2LexicalRules.INSTANCE;
            case POSTGRES -> PostgresLexicalRules.INSTANCE;
            case MYSQL -> MySqlLexicalRules.INSTANCE;
            case OTHER -> OTHER;
        };
    }

    /**
     * A construct starting at {@code i} that this dialect refuses before any other reading (MySQL's
     * {@code "}, {@code #}, executable comments ...), or null.
     */
    String refusedAt(String s, int i) {
        return null;
    }

    SlashSlash slashSlash() {
        return SlashSlash.REFUSED;
    }

    /** Whether {@code `name`} quotes an identifier (else a backtick is refused). */
    boolean backtickQuotes() {
        return false;
    }

    /** Whether a lone {@code $} is plain punctuation (else refused: dollar quoting in some databases). */
    boolean dollarIsPunctuation() {
        return false;
    }

    /** Whether block comments nest (else a nested {@code /*} is refused). */
    boolean nestedComments() {
        return false;
    }

    Backslash backslash() {
        return Backslash.REFUSED;
    }

    /**
     * Why a string literal cannot be read, given the token directly before it without a space
     * ({@code adjacent}, or null) and the last token before it ({@code last}, or null); or null.
     */
    String refusedString(Token adjacent, Token last) {
        return null;
    }

    /** Whether the string opening after {@code adjacent} (the token touching its quote, or null) takes backslash escapes. */
    boolean escapeString(Token adjacent) {
        return false;
    }

    /**
     * The end (exclusive) of the {@code $tag$} opening at {@code i}, or -1 when none opens there. The
     * lexer has already checked that no word or number runs into the {@code $}.
     */
    int dollarTagEnd(String s, int i) {
        return -1;
    }

    /** Why the tokens, read as a whole, cannot be recognised; or null. */
    String refusedWords(List<Token> tokens) {
        return null;
    }

    /** What {@code TEXT} is as a cast target. */
    ParameterCast.Type textCast() {
        return ParameterCast.Type.CLOB;
    }

    static boolean isWord(Token t) {
        return t != null && t.kind() == Kind.WORD;
    }
}
