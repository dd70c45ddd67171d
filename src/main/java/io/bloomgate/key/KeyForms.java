package io.bloomgate.key;

import java.sql.JDBCType;

/** Factories for {@link KeyForm}s: one per kind of key column (docs/architecture.md section 3). */
public final class KeyForms {

    private static final IntegerKeyForm TINYINT = new IntegerKeyForm(Byte.MIN_VALUE, Byte.MAX_VALUE);
    private static final IntegerKeyForm SMALLINT = new IntegerKeyForm(Short.MIN_VALUE, Short.MAX_VALUE);
    private static final IntegerKeyForm INTEGER = new IntegerKeyForm(Integer.MIN_VALUE, Integer.MAX_VALUE);
    private static final IntegerKeyForm BIGINT = new IntegerKeyForm(Long.MIN_VALUE, Long.MAX_VALUE);

    private KeyForms() {}

    /**
     * An integer column holding values in {@code [min, max]}. Canonical form: the value as a 64-bit
     * two's-complement integer, 8 bytes little-endian ({@link KeyBuffer#putLongLE}). Accepts {@link
     * Byte}, {@link Short}, {@link Integer}, {@link Long}, {@link java.math.BigInteger}, a {@link
     * java.math.BigDecimal} whose value is an integer, and a {@link String} matching {@code
     * [+-]?[0-9]+}; values outside {@code [min, max]} and other types are NOT_EXACT.
     *
     * @param min the smallest value of the column's type
     * @param max the largest value of the column's type
     * @return the form
     * @throws IllegalArgumentException if {@code min > max}
     */
    public static KeyForm integer(long min, long max) {
        return new IntegerKeyForm(min, max);
    }

    /**
     * A TINYINT column (-128 to 127); see {@link #integer(long, long)}.
     *
     * @return the form
     */
    public static KeyForm tinyint() {
        return TINYINT;
    }

    /**
     * A SMALLINT column (-32768 to 32767); see {@link #integer(long, long)}.
     *
     * @return the form
     */
    public static KeyForm smallint() {
        return SMALLINT;
    }

    /**
     * An INTEGER column (32-bit); see {@link #integer(long, long)}.
     *
     * @return the form
     */
    public static KeyForm integer() {
        return INTEGER;
    }

    /**
     * A BIGINT column (64-bit); see {@link #integer(long, long)}.
     *
     * @return the form
     */
    public static KeyForm bigint() {
        return BIGINT;
    }

    /**
     * A DECIMAL/NUMERIC column of unknown precision. Canonical form: the value's {@code
     * stripTrailingZeros()} scale as 4 big-endian bytes ({@link KeyBuffer#putIntBE}), then its
     * unscaled value's two's-complement bytes; every zero is scale 0, unscaled 0. Accepts {@link
     * java.math.BigDecimal}, {@link java.math.BigInteger}, {@link Byte}, {@link Short}, {@link
     * Integer}, {@link Long} and a {@link String} matching {@code [+-]?[0-9]+(\.[0-9]+)?}. A value
     * with more fractional digits than a known scale is NOT_EXACT (the database might round it), as
     * are {@link Float}, {@link Double} and other types.
     *
     * @param scale the column's declared scale, or a negative value when unknown/unbounded
     * @return the form
     */
    public static KeyForm decimal(int scale) {
        return decimal(-1, scale);
    }

    /**
     * A DECIMAL/NUMERIC column of known precision: as {@link #decimal(int)}, and a value with more
     * integer digits than {@code precision - scale} is NOT_EXACT too (the column cannot hold it; a
     * database converting the parameter would raise an error).
     *
     * @param precision the column's declared precision, or 0 or less when unknown
     * @param scale the column's declared scale, or a negative value when unknown/unbounded
     * @return the form
     */
    public static KeyForm decimal(int precision, int scale) {
        return new DecimalKeyForm(precision > 0 && scale >= 0 ? precision : DecimalKeyForm.UNKNOWN,
                scale >= 0 ? scale : DecimalKeyForm.UNKNOWN);
    }

    /**
     * A character column with exact (binary) comparison. Canonical form: the UTF-8 bytes of the
     * string. Only a {@link String} is accepted; one longer than {@code maxLength}, or containing
     * U+0000, is NOT_EXACT.
     *
     * @param maxLength the column's length in characters, or 0 or less when unbounded
     * @return the form
     */
    public static KeyForm varchar(int maxLength) {
        return new VarcharKeyForm(Math.max(maxLength, 0));
    }

    /**
     * A fixed-width CHAR column whose comparison ignores trailing spaces. Canonical form: the UTF-8
     * bytes of the string without its trailing U+0020 spaces (only spaces, not other blanks). Only a
     * {@link String} is accepted; one longer than {@code length} after stripping, or containing
     * U+0000, is NOT_EXACT.
     *
     * @param length the column's width in characters, or 0 or less when unbounded
     * @return the form
     */
    public static KeyForm paddedChar(int length) {
        return new PaddedCharKeyForm(Math.max(length, 0));
    }

    /**
     * A text column under a collation whose equality is the equality of weight strings: the
     * canonical form is the concatenation of each code point's weight from {@code weights}, and,
     * under a PAD SPACE collation, without trailing units equal to {@code padUnit}. Stored keys are
     * the database's own weight strings ({@link WeightKeyForm#canonicalizeWeights}). Only a {@link
     * String} is accepted as a probe; one with a code point the table lacks, a lone surrogate, or
     * more than {@code maxLength} UTF-16 units is NOT_EXACT.
     *
     * <p>Exact only if concatenating single-character weights gives the database's weight string of
     * every string the table can map (no contractions among the mapped code points) and two
     * strings compare equal exactly when their weight strings, padding removed, are equal: the
     * caller verifies both for the collation.
     *
     * @param collation the collation's name (stored keys are its weight strings)
     * @param weights the per-code-point weights, read from the database
     * @param padUnit the weight of U+0020 for a PAD SPACE collation, null for NO PAD
     * @param maxLength the column's length in characters, 0 or less when unbounded
     * @param description how reports name the form, e.g. {@code "VARCHAR(64) as utf8mb4_general_ci weights"}
     * @return the form
     */
    public static WeightKeyForm collated(String collation, CodePointWeights weights, byte[] padUnit, int maxLength,
            String description) {
        return new CollatedKeyForm(collation, weights, padUnit == null ? null : padUnit.clone(), Math.max(maxLength, 0),
                description);
    }

    /**
     * A UUID column. Canonical form: 16 bytes, most significant long then least, big-endian.
     * Accepts {@link java.util.UUID} and a {@link String} in the standard 8-4-4-4-12 hexadecimal
     * form in any letter case; other spellings are NOT_EXACT.
     *
     * @return the form
     */
    public static KeyForm uuid() {
        return UuidKeyForm.INSTANCE;
    }

    /**
     * A variable-length binary column (VARBINARY, BYTEA). Canonical form: the bytes as they are.
     * Only {@code byte[]} is accepted.
     *
     * @return the form
     */
    public static KeyForm binary() {
        return BinaryKeyForm.INSTANCE;
    }

    /**
     * Picks the form for a column from its JDBC metadata ({@code DatabaseMetaData.getColumns}):
     * TINYINT, SMALLINT, INTEGER, BIGINT (unsigned ranges when the type name says {@code UNSIGNED});
     * NUMERIC/DECIMAL; VARCHAR, LONGVARCHAR, NVARCHAR, LONGNVARCHAR; CHAR, NCHAR; UUID (type
     * name {@code UUID}, JDBC type OTHER or BINARY); VARBINARY, LONGVARBINARY and {@code BYTEA}.
     *
     * <p>Metadata does not show a column's collation: character forms assume exact comparison.
     * Check the collation first (H2 {@code SET COLLATION}, PostgreSQL nondeterministic collations)
     * and refuse such columns (docs/architecture.md section 3).
     *
     * @param table the table, possibly schema-qualified; used in error messages
     * @param column the column; used in error messages
     * @param type the column's JDBC type
     * @param typeName the database's type name ({@code TYPE_NAME}), may be {@code null}
     * @param precision the column size ({@code COLUMN_SIZE}): length of character types,
     *     precision of decimals; 0 or less when unknown
     * @param scale the decimal digits ({@code DECIMAL_DIGITS}) of decimals; ignored otherwise
     * @return the form
     * @throws UnsupportedKeyTypeException if the column's equality is not exact or not understood:
     *     floating point, boolean, date/time, fixed BINARY(n), case-insensitive types, arrays, JSON,
     *     large objects and everything else not listed above
     */
    public static KeyForm forColumn(String table, String column, JDBCType type, String typeName,
            int precision, int scale) {
        return ColumnKeyForms.forColumn(table, column, type, typeName, precision, scale);
    }

    /** The SQL name of a standard integer range, or {@code null}; used by descriptions. */
    static String integerTypeName(long min, long max) {
        if (min == Byte.MIN_VALUE && max == Byte.MAX_VALUE) {
            return "TINYINT";
        }
        if (min == Short.MIN_VALUE && max == Short.MAX_VALUE) {
            return "SMALLINT";
        }
        if (min == Integer.MIN_VALUE && max == Integer.MAX_VALUE) {
            return "INTEGER";
        }
        if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) {
            return "BIGINT";
        }
        return null;
    }
}
