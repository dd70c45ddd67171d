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
 */
public record OtherParameter(int index, String column, ParameterCast cast) {

    /** A bare {@code ?} compared with {@code column}. */
    public OtherParameter(int index, String column) {
        this(index, column, null);
    }
}
