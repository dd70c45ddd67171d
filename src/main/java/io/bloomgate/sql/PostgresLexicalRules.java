package io.bloomgate.sql;

import io.bloomgate.sql.SqlLexer.Token;

/**
 * PostgreSQL: {@code //} is an operator, block comments nest, {@code E'...'} strings take escapes,
 * plain strings depend on {@code standard_conforming_strings} when they hold a backslash,
 * {@code $tag$} strings; {@code TEXT} is a varchar.
 */
final class PostgresLexicalRules extends LexicalRules {

    static final PostgresLexicalRules INSTANCE = new PostgresLexicalRules();

    private PostgresLexicalRules() {
    }

    @Override
    SlashSlash slashSlash() {
        return SlashSlash.OPERATOR;
    }

    @Override
    boolean dollarIsPunctuation() {
        return true;
    }

    @Override
    boolean nestedComments() {
        return true;
    }

    @Override
    Backslash backslash() {
        return Backslash.SETTING_DEPENDENT;
    }

    @Override
    boolean escapeString(Token adjacent) {
        return isWord(adjacent) && adjacent.text().equals("E");
    }

    @Override
    int dollarTagEnd(String s, int i) {
        int n = s.length();
        int j = i + 1;
        if (j < n && SqlLexer.identStart(s.charAt(j)) && s.charAt(j) != '$') {
            while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                j++;
            }
        }
        return j < n && s.charAt(j) == '$' ? j + 1 : -1;
    }

    @Override
    ParameterCast.Type textCast() {
        return ParameterCast.Type.VARCHAR;
    }
}
