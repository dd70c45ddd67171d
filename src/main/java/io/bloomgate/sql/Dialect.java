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
     * MySQL and MariaDB: backtick-quoted identifiers; names are taken as written (table names are
     * case-sensitive under {@code lower_case_table_names = 0}, the only setting guarded for now;
     * column names compare case-insensitively, see {@code Resolver.foldColumn}). Lexical constructs
     * whose meaning depends on {@code sql_mode} or differs from jOOQ's reading ({@code "..."},
     * backslashes in strings, {@code /*!} comments, {@code #}, {@code --} without a space,
     * {@code ||}, charset introducers, user variables) and locking reads make a statement
     * unrecognised (docs/architecture.md, "MySQL and MariaDB").
     */
    MYSQL,
    /**
     * Any other database: unquoted names fold to upper case, and lexical constructs whose meaning
     * differs between databases (backslashes in strings, nested comments, dollar quotes, {@code //})
     * make a statement unrecognised rather than guessed at.
     */
    OTHER
}
