package io.bloomgate.key;

/** The outcome of canonicalising one key value with a {@link KeyForm}. */
public enum Canonical {

    /** The value's canonical bytes were written to the buffer; equal values give equal bytes. */
    EXACT,

    /**
     * The value is SQL {@code NULL} (Java {@code null}). Nothing was written. {@code NULL} never
     * equals anything, so {@code key = NULL} is empty (docs/architecture.md section 3); {@code IS NULL} is a
     * different predicate and not eligible.
     */
    NULL,

    /**
     * The gate cannot reproduce the database's conversion of this value exactly: a Java type the
     * form does not accept, a string that is not a plain literal, a value outside the column's range
     * or scale. Nothing was written; the statement must pass through to the database (fail open,
     * docs/architecture.md section 1), so errors and conversions still happen where they belong.
     */
    NOT_EXACT
}
