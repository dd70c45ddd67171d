package io.bloomgate.sql;

/**
 * A parameter of an eligible lookup outside its key predicate. The database evaluates the other
 * conjuncts only on rows that exist, except that binding a value it cannot convert raises an error
 * even when no row matches: the caller checks the bound value is compatible with {@code column}'s
 * type (and, if {@code cast} is set, that the cast {@linkplain ParameterCast#preserves preserves} it),
 * and passes the statement through otherwise.
 *
 * @param index  the 1-based JDBC parameter index
 * @param column the guarded table's column it is compared with, catalog case (never null: a
 *               parameter not compared directly with a column makes the statement ineligible)
 * @param cast   the cast applied to the parameter in the text, or {@code null}
 * @param likeEscape the parameter is the pattern of a LIKE/ILIKE comparison with this escape
 *               character (a backslash when the text gives none, as in H2 and PostgreSQL); the
 *               caller checks the pattern is one the database accepts (PostgreSQL raises 22025 for a
 *               pattern ending in the escape character, on the first row it compares, whatever the
 *               key); {@code null}: not a pattern
 */
public record OtherParameter(int index, String column, ParameterCast cast, Character likeEscape) {

    /** A parameter compared with {@code column}, possibly under a cast; not a pattern. */
    public OtherParameter(int index, String column, ParameterCast cast) {
        this(index, column, cast, null);
    }

    /** A bare {@code ?} compared with {@code column}. */
    public OtherParameter(int index, String column) {
        this(index, column, null, null);
    }

    /**
     * Whether {@code pattern} is a LIKE pattern the database accepts with escape character {@code
     * escape}: it does not end in an escape that escapes nothing (PostgreSQL: 22025 "LIKE pattern
     * must not end with escape character"). H2 accepts such a pattern; the rule is kept for it too.
     */
    public static boolean validLikePattern(String pattern, char escape) {
        int n = pattern.length();
        for (int i = 0; i < n; i++) {
            if (pattern.charAt(i) == escape) {
                if (i == n - 1) {
                    return false;
                }
                i++; // the escaped character, whatever it is
            }
        }
        return true;
    }
}
