package io.bloomgate.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

/**
 * A cast the SQL text applies to a parameter ({@code CAST(? AS type)} or {@code ?::type}), read from
 * the text itself and normalised. Only these type families are recognised; a parameter cast to
 * anything else (domains, {@code VARCHAR_IGNORECASE}, {@code citext}, dates, arrays, collations...)
 * makes a lookup ineligible.
 *
 * @param type   the type family
 * @param length the declared length ({@code VARCHAR(n)}, {@code CHAR(n)}, {@code VARBINARY(n)},
 *               {@code BINARY(n)}) or precision ({@code NUMERIC(p, s)}); {@code null} when not
 *               declared. {@code CHAR} and {@code BINARY} without a length mean length 1.
 * @param scale  the declared scale of {@code NUMERIC(p, s)} ({@code NUMERIC(p)} means 0), else
 *               {@code null}
 */
public record ParameterCast(Type type, Integer length, Integer scale) {

    private static final java.util.regex.Pattern STANDARD_UUID =
            java.util.regex.Pattern.compile("[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");

    /** Recognised type families. */
    public enum Type {
        /** {@code VARCHAR}, {@code CHARACTER VARYING}, PostgreSQL {@code TEXT}. */
        VARCHAR,
        /** {@code CHAR(n)}, {@code CHARACTER(n)}: pads with spaces. */
        CHAR,
        /** {@code CLOB}, H2 {@code TEXT}. */
        CLOB,
        TINYINT,
        /** {@code SMALLINT}, {@code INT2}. */
        SMALLINT,
        /** {@code INT}, {@code INTEGER}, {@code INT4}. */
        INTEGER,
        /** {@code BIGINT}, {@code INT8}. */
        BIGINT,
        /** {@code NUMERIC}, {@code DECIMAL}, {@code DEC}. */
        NUMERIC,
        UUID,
        /** {@code VARBINARY}, {@code BINARY VARYING}, {@code BYTEA}. */
        VARBINARY,
        /** {@code BINARY(n)}: pads with zero bytes. */
        BINARY,
        /** {@code BOOLEAN}, {@code BOOL}. */
        BOOLEAN
    }

    /**
     * Whether casting {@code value} (a bound parameter's Java value) to this type provably leaves it
     * unchanged, so comparing with the cast value is comparing with the value itself. Conservative:
     * {@code false} whenever the conversion could truncate, pad, round, overflow or re-interpret
     * (the caller then passes the statement through).
     */
    public boolean preserves(Object value) {
        if (value == null) {
            return true; // CAST(NULL AS t) is NULL
        }
        switch (type) {
            case VARCHAR:
            case CLOB:
                // UTF-16 units >= code points, so this bound holds however the database counts characters.
                return value instanceof String s && (length == null || s.length() <= length);
            case CHAR:
                // Trailing spaces are padding to CHAR, and compared with a VARCHAR or text key the
                // cast value loses them ('abc'::text = 'abc  '::char(5) is true, on PostgreSQL as on
                // H2): only a value of the exact length that ends in something else is unchanged.
                return value instanceof String s && s.length() == (length == null ? 1 : length)
                        && !s.endsWith(" ");
            case TINYINT:
                return integerIn(value, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT:
                return integerIn(value, Short.MIN_VALUE, Short.MAX_VALUE);
            case INTEGER:
                return integerIn(value, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT:
                return integerIn(value, Long.MIN_VALUE, Long.MAX_VALUE);
            case NUMERIC:
                return numericFits(value);
            case UUID:
                // A string in the standard 8-4-4-4-12 form, any letter case, is the UUID it spells.
                return value instanceof UUID || value instanceof String s && STANDARD_UUID.matcher(s).matches();
            case VARBINARY:
                return value instanceof byte[] b && (length == null || b.length <= length);
            case BINARY:
                return value instanceof byte[] b && b.length == (length == null ? 1 : length);
            case BOOLEAN:
                return value instanceof Boolean;
            default:
                return false;
        }
    }

    private static boolean integerIn(Object value, long min, long max) {
        BigDecimal d = exactNumber(value);
        if (d == null) {
            return false;
        }
        BigDecimal s = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        if (s.scale() > 0) {
            return false; // a fraction: the cast would round it
        }
        return s.compareTo(BigDecimal.valueOf(min)) >= 0 && s.compareTo(BigDecimal.valueOf(max)) <= 0;
    }

    private boolean numericFits(Object value) {
        BigDecimal d = exactNumber(value);
        if (d == null) {
            return false;
        }
        if (length == null) {
            return true; // unconstrained NUMERIC
        }
        int s = scale == null ? 0 : scale;
        BigDecimal stripped = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        if (Math.max(stripped.scale(), 0) > s) {
            return false; // would round
        }
        int integerDigits = stripped.precision() - stripped.scale();
        return integerDigits <= length - s;
    }

    /** Integer and decimal Java values, and strings of plain decimal digits; null otherwise. */
    private static BigDecimal exactNumber(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof String s && s.matches("[+-]?[0-9]{1,40}")) {
            return new BigDecimal(s);
        }
        return null;
    }

    @Override
    public String toString() {
        String name = type.name();
        if (length == null) {
            return name;
        }
        return scale == null ? name + "(" + length + ")" : name + "(" + length + ", " + scale + ")";
    }
}
