package io.bloomgate.sql;

/** H2: {@code //} line comments, nested block comments, backtick identifiers, {@code $$} strings only. */
final class H2LexicalRules extends LexicalRules {

    static final H2LexicalRules INSTANCE = new H2LexicalRules();

    private H2LexicalRules() {
    }

    @Override
    SlashSlash slashSlash() {
        return SlashSlash.COMMENT;
    }

    @Override
    boolean backtickQuotes() {
        return true;
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
        return Backslash.PLAIN;
    }

    /** H2 knows only {@code $$}, no tags. */
    @Override
    int dollarTagEnd(String s, int i) {
        return i + 1 < s.length() && s.charAt(i + 1) == '$' ? i + 2 : -1;
    }
}
