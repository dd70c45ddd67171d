package io.bloomgate.fuzz;

/** How a database spells what the grammar generates: identifiers, casts, literals. */
interface SqlStyle {

    /** Whether this is PostgreSQL (else H2 or MySQL/MariaDB). */
    boolean isPostgres();

    /** Whether this is MySQL/MariaDB: backticked names, its casts, comments and operators. */
    default boolean isMySql() {
        return false;
    }

    /** {@code name} as a quoted identifier: {@code "name"}, on MySQL {@code `name`}. */
    default String quoteIdentifier(String name) {
        return "\"" + name + "\"";
    }

    /** An unquoted identifier ({@code t_int}, {@code k}) as the catalog stores it: H2 upper case, PostgreSQL lower. */
    String fold(String identifier);

    /** {@code expression} cast to {@code type}; {@code alternative}: PostgreSQL's {@code ::} where it has one. */
    default String cast(String expression, String type, boolean alternative) {
        return isPostgres() && alternative ? expression + "::" + type : "CAST(" + expression + " AS " + type + ")";
    }

    /** A SQL literal for a parameter's value (the natural Java value of a key, an int, a string). */
    String literal(Object value);

    /** Quotes {@code s} as a SQL string literal. */
    static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
