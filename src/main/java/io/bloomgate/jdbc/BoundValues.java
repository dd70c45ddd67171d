package io.bloomgate.jdbc;

import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.ParameterCast;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * What a bound parameter means to the gate: the canonical key it stands for, and whether the
 * database would use it unchanged (no narrowing cast, no type mismatch that errors before any row
 * is read). Every "no" here makes the statement pass through.
 */
final class BoundValues {

    private BoundValues() {
    }

    /** The canonical form of a bound key parameter, written to {@code buffer} when EXACT. */
    static Canonical canonicalKey(ParameterSlots slots, CachedPlan.Key key, Guard guard, KeyBuffer buffer,
            boolean lookup, Dialect dialect) {
        if (slots == null) {
            return Canonical.NOT_EXACT; // a '?' in a plain statement: the driver will refuse it
        }
        int index = key.parameter();
        if (key.cast() != null && !castPreserves(slots, index, key.cast())) {
            return Canonical.NOT_EXACT; // the database would compare the cast (truncated, rounded) value
        }
        switch (slots.kind(index)) {
            case ParameterSlots.LONG:
                return KeyFunnel.canonicalLong(guard, slots.longValue(index), buffer);
            case ParameterSlots.OBJECT:
                Object value = slots.object(index);
                // pgjdbc sends setString values typed varchar: against a non-text key the server
                // raises "operator does not exist" rather than answer, so let it. A cast in the
                // text (CAST(? AS uuid), ?::uuid) makes the server convert it instead.
                if (lookup && value instanceof String && !guard.keyIsText()
                        && dialect == Dialect.POSTGRES && key.cast() == null) {
                    return Canonical.NOT_EXACT;
                }
                return KeyFunnel.canonical(guard, value, buffer);
            case ParameterSlots.UNTYPED:
                return KeyFunnel.canonical(guard, slots.object(index), buffer); // typed by the server, as a literal
            case ParameterSlots.NULL:
                // pgjdbc sends a NULL typed as its setter's type (setNull(i, VARCHAR), setString(i,
                // null)...), which the gate does not record: against a key of another type the server
                // raises "operator does not exist" rather than answer, so let it.
                return lookup && dialect == Dialect.POSTGRES ? Canonical.NOT_EXACT : Canonical.NULL;
            default:
                return Canonical.NOT_EXACT; // unset (the driver will refuse) or bound in another way
        }
    }

    /** Whether casting the bound value leaves it unchanged; a NULL stays NULL. */
    static boolean castPreserves(ParameterSlots slots, int index, ParameterCast cast) {
        switch (slots.kind(index)) {
            case ParameterSlots.NULL:
                return true;
            case ParameterSlots.LONG:
                return cast.preserves(slots.longValue(index));
            case ParameterSlots.OBJECT:
            case ParameterSlots.UNTYPED:
                return cast.preserves(slots.object(index));
            default:
                return false;
        }
    }

    /** Whether any of the parameters at {@code indexes} is bound to the integer zero. */
    static boolean anyZero(ParameterSlots slots, int[] indexes) {
        if (slots == null) {
            return false;
        }
        for (int index : indexes) {
            byte kind = slots.kind(index);
            if (kind == ParameterSlots.LONG ? slots.longValue(index) == 0
                    : kind == ParameterSlots.OBJECT && slots.object(index) instanceof Number n && n.longValue() == 0) {
                return true;
            }
        }
        return false;
    }

    static boolean nonNegativeInteger(ParameterSlots slots, int index) {
        if (slots == null) {
            return false;
        }
        byte kind = slots.kind(index);
        if (kind == ParameterSlots.LONG) {
            return slots.longValue(index) >= 0;
        }
        if (kind == ParameterSlots.OBJECT) {
            Object value = slots.object(index);
            return (value instanceof Integer || value instanceof Long) && ((Number) value).longValue() >= 0;
        }
        return false;
    }

    /**
     * Whether a parameter in another conjunct is bound so that no row-independent error can occur
     * (see {@link #accepted}); a parameter compared with no known column never is.
     */
    static boolean compatible(ParameterSlots slots, int index, ColumnType column, Dialect dialect) {
        return slots != null && column != null && accepted(slots, index, column, dialect);
    }

    /**
     * Whether the database accepts the bound value in a comparison with {@code column} without
     * raising an error, whatever the rows: its Java type matches the column's type family
     * (PostgreSQL types parameters from their context and refuses mismatches before reading a row),
     * its value fits the column's type (H2 converts a parameter to the column's type, in an IN list
     * among others, and raises 22003 or 22018 when it does not fit), and it holds nothing the server
     * refuses (PostgreSQL: a NUL character in a string, 22021). Every "no" passes the statement
     * through, so the database's own error reaches the application.
     */
    static boolean accepted(ParameterSlots slots, int index, ColumnType column, Dialect dialect) {
        int kind = slots.kind(index);
        if ((kind == ParameterSlots.UNTYPED || kind == ParameterSlots.OBJECT)
                && (charsetRefuses(slots.object(index), column, dialect)
                        || warnsAsNumber(slots.object(index), column, dialect))) {
            return false;
        }
        switch (kind) {
            case ParameterSlots.UNTYPED:
                // Typed by the server from the column, like a literal: converted by its rules.
                return acceptedObject(slots.object(index), column, Dialect.H2)
                        && !(slots.object(index) instanceof String s && s.indexOf('\0') >= 0);
            case ParameterSlots.NULL:
                // On PostgreSQL a NULL has its setter's type, unrecorded here (see canonicalKey).
                return dialect != Dialect.POSTGRES;
            case ParameterSlots.LONG:
                return column.isExactNumeric() && fits(BigDecimal.valueOf(slots.longValue(index)), column, dialect);
            case ParameterSlots.OBJECT:
                return acceptedObject(slots.object(index), column, dialect);
            default:
                return false;
        }
    }

    private static boolean acceptedObject(Object value, ColumnType column, Dialect dialect) {
        boolean h2Like = dialect != Dialect.POSTGRES;
        if (value instanceof String s) {
            if (!h2Like && s.indexOf('\0') >= 0) {
                return false;
            }

            if (column.isText()) {
                // H2 converts to the column's type (VARCHAR(n)) in some comparisons: a longer string
                // could raise 22001 there. PostgreSQL compares as text.
                return !h2Like || column.size() <= 0 || s.codePointCount(0, s.length()) <= column.size();
            }
            if (h2Like && column.isExactNumeric()) {
                BigDecimal d = parse(s);
                return d != null && fits(d, column, dialect);
            }
            // H2 converts a string to a UUID, and raises 22018 when it is not one.
            return h2Like && column.isUuid() && STANDARD_UUID.matcher(s).matches();
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return column.isExactNumeric() && fits(BigDecimal.valueOf(((Number) value).longValue()), column, dialect);
        }
        if (value instanceof BigDecimal d) {
            return column.isExactNumeric() && fits(d, column, dialect);
        }
        if (value instanceof BigInteger b) {
            return column.isExactNumeric() && fits(new BigDecimal(b), column, dialect);
        }
        if (value instanceof byte[] b) {
            if (column.isUuid()) {
                return h2Like && b.length == 16;
            }
            return column.isBinary() && (!h2Like || column.size() <= 0 || b.length <= column.size());
        }
        if (value instanceof UUID) {
            return column.isUuid();
        }
        return false;
    }

    /**
     * Whether a parameter bound as a LIKE pattern is one the database accepts with {@code escape}:
     * a string (or NULL, which makes the comparison NULL) that does not end in a lone escape
     * character. PostgreSQL raises 22025 for one on the first row it compares, and which rows it
     * compares is its plan's choice, not the key's.
     */
    static boolean likePattern(ParameterSlots slots, int index, char escape) {
        byte kind = slots.kind(index);
        if (kind == ParameterSlots.NULL) {
            return true;
        }
        if (kind != ParameterSlots.OBJECT && kind != ParameterSlots.UNTYPED) {
            return false;
        }
        return slots.object(index) instanceof String s && io.bloomgate.sql.OtherParameter.validLikePattern(s, escape);
    }

    /**
     * MySQL/MariaDB: a string compared with a column of a character set that cannot hold one of its
     * characters raises "Illegal mix of collations" (1267) rather than matching nothing. The
     * catalog reader writes the column's character set into its type name; non-ASCII strings are
     * accepted only against {@code utf8mb4} columns.
     */
    private static boolean charsetRefuses(Object value, ColumnType column, Dialect dialect) {
        return dialect == Dialect.MYSQL && value instanceof String s && !column.typeName().contains("UTF8MB4")
                && !ascii(s);
    }

    /**
     * MySQL/MariaDB: a string compared with a numeric column is converted as a number, and anything
     * but a plain decimal numeral (a space around it, an exponent, trailing text) leaves a warning
     * (Note 1292 "Truncated incorrect ... value") on the statement, whatever the rows. An answer from
     * the filter would leave none, so such a statement passes through (found by the fuzzer).
     */
    private static boolean warnsAsNumber(Object value, ColumnType column, Dialect dialect) {
        return dialect == Dialect.MYSQL && value instanceof String s && column.isExactNumeric()
                && !PLAIN_DECIMAL.matcher(s).matches();
    }

    private static final Pattern PLAIN_DECIMAL = Pattern.compile("[+-]?[0-9]{1,40}(\\.[0-9]{1,40})?");

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a literal of a statement's shape ({@link io.bloomgate.sql.StatementShape}) compared
     * with {@code column} is one the database accepts: a string is typed from the column, as a
     * parameter sent without a type is; a number must fit.
     */
    static boolean acceptedLiteral(Object literal, ColumnType column, Dialect dialect) {
        if (column == null) {
            return false;
        }
        if (charsetRefuses(literal, column, dialect) || warnsAsNumber(literal, column, dialect)) {
            return false;
        }
        if (literal instanceof String s) {
            return s.indexOf('\0') < 0 && acceptedObject(s, column, Dialect.H2);
        }
        return acceptedObject(literal, column, dialect);
    }

    /**
     * Whether a key parameter, cast in the text, is compared in the key column's own type family:
     * the cast's value (which {@link ParameterCast#preserves} checked) then meets the column without
     * a conversion that could fail ({@code int_col = CAST(? AS VARCHAR)} is an error on PostgreSQL).
     */
    static boolean castFits(ParameterCast cast, ColumnType column) {
        switch (cast.type()) {
            case VARCHAR: case CHAR: case CLOB:
                return column.isText();
            case TINYINT: case SMALLINT: case INTEGER: case BIGINT: case NUMERIC:
                return column.isExactNumeric();
            case UUID:
                return column.isUuid();
            case VARBINARY: case BINARY:
                return column.isBinary();
            default:
                return false;
        }
    }

    /**
     * The elements of an array bound for {@code key = ANY(?)}: {@code setArray} (pgjdbc builds the
     * elements locally, no round trip) or a Java array; null when they cannot be read without the
     * database or are not all of a type the key column accepts.
     */
    static Object[] arrayElements(ParameterSlots slots, int index, ColumnType column, Dialect dialect) {
        if (slots == null || slots.kind(index) != ParameterSlots.OBJECT) {
            return null;
        }
        Object value = slots.object(index);
        Object[] elements;
        try {
            if (value instanceof java.sql.Array a) {
                if (dialect == Dialect.POSTGRES && !postgresElementsCompareExactly(a.getBaseTypeName(), column)) {
                    return null;
                }
                Object array = a.getArray();
                elements = array instanceof Object[] o ? o : null;
            } else {
                elements = value instanceof Object[] o ? o : null;
            }
        } catch (java.sql.SQLException | RuntimeException e) {
            return null;
        }
        if (elements == null) {
            return null;
        }
        for (Object e : elements) {
            if (e != null && !acceptedObject(e, column, dialect)) {
                return null;
            }
        }
        return elements;
    }

    /**
     * PostgreSQL compares {@code key = ANY(?)} in the array's element type, not the element's Java
     * class: a {@code bpchar[]} element meets a text key as text without its trailing spaces
     * ({@code 'abc  '} finds {@code 'abc'}), a {@code name[]} element is cut to 63 bytes. Only
     * element types that compare with the key column's family as the key form reads the value pass.
     */
    private static boolean postgresElementsCompareExactly(String baseType, ColumnType column) {
        String t = baseType == null ? "" : baseType.toLowerCase(java.util.Locale.ROOT);
        if (column.isText()) {
            return t.equals("text") || t.equals("varchar");
        }
        if (column.isExactNumeric()) {
            return t.equals("int2") || t.equals("int4") || t.equals("int8") || t.equals("numeric");
        }
        if (column.isUuid()) {
            return t.equals("uuid");
        }
        return column.isBinary() && t.equals("bytea");
    }

    private static final java.util.regex.Pattern STANDARD_UUID =
            java.util.regex.Pattern.compile("[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");

    /** A plain decimal number as H2 reads a string (blanks around it allowed), or null. */
    private static BigDecimal parse(String s) {
        String t = s.trim();
        if (!t.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)")) {
            return null;
        }
        return new BigDecimal(t);
    }

    /** Whether a number converts to the column's type without overflow (rounding is not an error). */
    private static boolean fits(BigDecimal value, ColumnType column, Dialect dialect) {
        if (value.precision() - value.scale() > 40) {
            return false; // beyond every exact type (and too big to round cheaply)
        }
        if (column.isInteger()) {
            BigDecimal rounded = value.setScale(0, java.math.RoundingMode.HALF_UP);
            return rounded.compareTo(BigDecimal.valueOf(column.integerMin())) >= 0
                    && rounded.compareTo(BigDecimal.valueOf(column.integerMax())) <= 0;
        }
        if (dialect == Dialect.POSTGRES || column.size() <= 0) {
            return true; // PostgreSQL compares numerics without the column's typmod
        }
        BigDecimal stripped = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        int integerDigits = Math.max(stripped.precision() - stripped.scale(), 0);
        return integerDigits <= column.size() - column.scale();
    }
}
