package io.bloomgate.sql;

/**
 * How a database folds unquoted identifiers, and which of its lexical quirks the statement
 * recogniser must respect. Quoted identifiers are always exact.
 */
public enum Dialect {
    /** H2: unquoted names fold to upper case; {@code //} line comments, nested block comments, {@code $$} strings. */
    H2,
    /** PostgreSQL: unquoted names fold to lower case (ASCII letters only); {@code E'...'} and {@code $tag$} strings. */
    POSTGRES,
    /**
     * Any other database: unquoted names fold to upper case, and lexical constructs whose meaning
     * differs between databases (backslashes in strings, nested comments, dollar quotes, {@code //})
     * make a statement unrecognised rather than guessed at.
     */
    OTHER
}
