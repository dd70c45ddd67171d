package io.bloomgate.jdbc;

import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.ParameterCast;
import io.bloomgate.sync.Guard;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.JDBCType;
import java.util.UUID;

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
        int index = key.parameter;
        if (key.cast != null && !castPreserves(slots, index, key.cast)) {
            return Canonical.NOT_EXACT; // the database would compare the cast (truncated, rounded) value
        }
        switch (slots.kind(index)) {
            case ParameterSlots.LONG:
                return guard.keyForm().canonicalizeLong(slots.longValue(index), buffer);
            case ParameterSlots.OBJECT:
                Object value = slots.object(index);
                // pgjdbc sends setString values typed varchar: against a non-text key the server
                // raises "operator does not exist" rather than answer, so let it.
                if (lookup && value instanceof String && !guard.keyIsText()
                        && dialect == Dialect.POSTGRES) {
                    return Canonical.NOT_EXACT;
                }
                return guard.keyForm().canonicalize(value, buffer);
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
                return cast.preserves(slots.object(index));
            default:
                return false;
        }
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
     * Whether a parameter in another conjunct is bound so that no row-independent error can occur:
     * its Java type matches the compared column's type family (PostgreSQL types parameters from
     * their context and refuses mismatches before looking at any row).
     */
    static boolean compatible(ParameterSlots slots, int index, JDBCType column, Dialect dialect) {
        if (slots == null || column == null) {
            return false;
        }
        switch (slots.kind(index)) {
            case ParameterSlots.NULL:
                // On PostgreSQL a NULL has its setter's type, unrecorded here (see canonicalKey).
                return dialect != Dialect.POSTGRES;
            case ParameterSlots.LONG:
                return isNumeric(column);
            case ParameterSlots.OBJECT:
                Object value = slots.object(index);
                if (value instanceof String) {
                    return Guard.isText(column);
                }
                if (value instanceof Integer || value instanceof Long || value instanceof Short
                        || value instanceof Byte || value instanceof BigDecimal || value instanceof BigInteger) {
                    return isNumeric(column);
                }
                if (value instanceof byte[]) {
                    return column == JDBCType.BINARY || column == JDBCType.VARBINARY
                            || column == JDBCType.LONGVARBINARY;
                }
                if (value instanceof UUID) {
                    return column == JDBCType.OTHER || column == JDBCType.BINARY;
                }
                return false;
            default:
                return false;
        }
    }

    private static boolean isNumeric(JDBCType type) {
        switch (type) {
            case TINYINT: case SMALLINT: case INTEGER: case BIGINT: case DECIMAL: case NUMERIC:
                return true;
            default:
                return false;
        }
    }
}
