package io.bloomgate.sql;

import java.util.Objects;

/**
 * A comparison in a lookup's WHERE or ON clause that the database may evaluate on stored rows the
 * key predicate does not remove (its plan chooses the order), so it must not be able to raise an
 * error on any of them: whether it can depends on the columns' declared types, which the gate
 * knows per guard, not per text. The gate checks each one against the guard's column types when it
 * caches the text's plan, and passes the text through when one fails (docs/architecture.md §2,
 * "safe other conjuncts").
 *
 * @param kind    what is compared
 * @param column  the guarded table's column, catalog case
 * @param other   {@link Kind#SAME_FAMILY}: the other column of the guarded table; else null
 * @param literal {@link Kind#LITERAL}: the literal as jOOQ read it (null for SQL NULL); else null
 */
public record TypeCheck(Kind kind, String column, String other, Object literal) {

    /** What a check compares. */
    public enum Kind {
        /**
         * Two columns of the guarded table: their types must be of one family whose values convert
         * to each other without error (H2 converts per row to the "higher" type: a CHAR against a
         * UUID column converts every CHAR value to a UUID, and raises on one that is not).
         */
        SAME_FAMILY,
        /** A column against a literal: the literal must be a value the column's type accepts. */
        LITERAL,
        /** A column used as a condition on its own ({@code WHERE active}): it must be boolean. */
        BOOLEAN,
        /**
         * PostgreSQL: a column compared in an ON condition with a joined table's column, whose type
         * the gate does not know. PostgreSQL types the comparison when it parses the text (no
         * operator between families: an error on every execution, never answered), but may apply an
         * implicit cast to the joined side on rows the key does not select (numeric to double
         * overflows, date to timestamp leaves its range); none fails when this column is an integer,
         * exact numeric, text, UUID, binary or boolean column.
         */
        JOIN_PARTNER
    }

    public TypeCheck {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(column, "column");
        if ((kind == Kind.SAME_FAMILY) != (other != null)) {
            throw new IllegalArgumentException("a SAME_FAMILY check, and only one, names a second column");
        }
    }

    static TypeCheck sameFamily(String column, String other) {
        return new TypeCheck(Kind.SAME_FAMILY, column, other, null);
    }

    static TypeCheck literal(String column, Object literal) {
        return new TypeCheck(Kind.LITERAL, column, null, literal);
    }

    static TypeCheck bool(String column) {
        return new TypeCheck(Kind.BOOLEAN, column, null, null);
    }

    static TypeCheck joinPartner(String column) {
        return new TypeCheck(Kind.JOIN_PARTNER, column, null, null);
    }
}
