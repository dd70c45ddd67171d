package io.bloomgate.fuzz;

/** How a database spells what the grammar generates: identifiers, casts, literals. */
interface SqlStyle {

    /** Whether this is PostgreSQL (else H2). */
    boolean isPostgres();

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
