package io.bloomgate.jdbc;

import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.TypeCheck;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.Guard;
import java.sql.JDBCType;
import java.util.List;

/**
 * Checks a lookup's {@link TypeCheck}s against the guarded table's declared column types, once per
 * cached plan: a comparison the database could evaluate with a conversion that fails on some
 * stored row makes the text pass through (docs/architecture.md §2, "safe other conjuncts").
 */
final class TypeChecks {

    private TypeChecks() {
    }

    /** What a comparison converts values within: two columns of one family never fail to compare. */
    private enum Family { EXACT_NUMBER, APPROXIMATE_NUMBER, TEXT, UUID, BINARY, BOOLEAN }

    /** The first check that fails, described, or null when every one holds. */
    static String failing(List<TypeCheck> checks, Guard guard, Dialect dialect) {
        for (TypeCheck check : checks) {
            ColumnType column = guard.columnType(check.column());
            if (column == null) {
                return check + ": column type unknown";
            }
            boolean holds = switch (check.kind()) {
                case SAME_FAMILY -> sameFamily(column, guard.columnType(check.other()));
                case LITERAL -> check.literal() == null
                        || (check.literal() instanceof Boolean ? family(column) == Family.BOOLEAN
                                : BoundValues.acceptedLiteral(check.literal(), column, dialect));
                case BOOLEAN -> family(column) == Family.BOOLEAN;
                case JOIN_PARTNER -> {
                    Family f = family(column);
                    yield f != null && f != Family.APPROXIMATE_NUMBER;
                }
            };
            if (!holds) {
                return check + " fails for " + column;
            }
        }
        return null;
    }

    /**
     * Whether comparing the two columns converts nothing that could fail: both of one family, or
     * both of the very same date/time type. Anything else (CHAR against UUID, VARCHAR against INT,
     * DECIMAL against DOUBLE, TIMESTAMP against TIMESTAMP WITH TIME ZONE, enums, arrays, JSON, LOBs)
     * may convert a stored value to the other's type and raise.
     */
    static boolean sameFamily(ColumnType a, ColumnType b) {
        if (a == null || b == null) {
            return false;
        }
        Family fa = family(a);
        if (fa != null) {
            return fa == family(b);
        }
        return switch (a.type()) {
            case DATE, TIME, TIMESTAMP, TIME_WITH_TIMEZONE, TIMESTAMP_WITH_TIMEZONE ->
                a.type() == b.type() && a.typeName().equals(b.typeName());
            default -> false;
        };
    }

    private static Family family(ColumnType c) {
        if (c.isUuid()) {
            return Family.UUID;
        }
        if (c.isExactNumeric()) {
            return Family.EXACT_NUMBER;
        }
        JDBCType t = c.type();
        switch (t) {
            case REAL: case FLOAT: case DOUBLE:
                return Family.APPROXIMATE_NUMBER;
            case CHAR: case VARCHAR: case NCHAR: case NVARCHAR:
                return Family.TEXT;
            case BOOLEAN: case BIT:
                return Family.BOOLEAN;
            default:
                return c.isBinary() && t != JDBCType.LONGVARBINARY ? Family.BINARY : null;
        }
    }
}
