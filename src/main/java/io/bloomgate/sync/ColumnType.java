package io.bloomgate.sync;

import java.sql.JDBCType;
import java.util.Locale;

/**
 * A column's type as the catalog declares it: enough to tell whether a bound value is one the
 * database accepts for a comparison with the column without raising an error (docs/architecture.md,
 * "Answers never hide an error").
 *
 * @param type     the JDBC type ({@code DatabaseMetaData.getColumns} DATA_TYPE)
 * @param typeName the database's own type name (TYPE_NAME), upper case
 * @param size     COLUMN_SIZE: length or precision; 0 when the catalog does not say
 * @param scale    DECIMAL_DIGITS
 */
public record ColumnType(JDBCType type, String typeName, int size, int scale) {

    public ColumnType {
        typeName = typeName == null ? "" : typeName.toUpperCase(Locale.ROOT);
    }

    /** A column known only by its JDBC type. */
    public static ColumnType of(JDBCType type) {
        return new ColumnType(type, type.getName(), 0, 0);
    }

    /** Whether the column holds UUIDs (PostgreSQL {@code uuid}, H2 {@code UUID}, reported as BINARY or OTHER). */
    public boolean isUuid() {
        return typeName.equals("UUID");
    }

    /** Character string types. */
    public boolean isText() {
        return Guard.isText(type);
    }

    /** Whether the column is an integer type. */
    public boolean isInteger() {
        return KeyFunnel.isInteger(type);
    }

    /** Exact numeric types: integers and DECIMAL/NUMERIC. */
    public boolean isExactNumeric() {
        return isInteger() || type == JDBCType.DECIMAL || type == JDBCType.NUMERIC;
    }

    /** Binary strings that are not UUIDs. */
    public boolean isBinary() {
        return !isUuid() && (type == JDBCType.BINARY || type == JDBCType.VARBINARY
                || type == JDBCType.LONGVARBINARY);
    }

    /** The smallest value of an integer column. */
    public long integerMin() {
        switch (type) {
            case TINYINT: return Byte.MIN_VALUE;
            case SMALLINT: return Short.MIN_VALUE;
            case INTEGER: return Integer.MIN_VALUE;
            default: return Long.MIN_VALUE;
        }
    }

    /** The largest value of an integer column. */
    public long integerMax() {
        switch (type) {
            case TINYINT: return Byte.MAX_VALUE;
            case SMALLINT: return Short.MAX_VALUE;
            case INTEGER: return Integer.MAX_VALUE;
            default: return Long.MAX_VALUE;
        }
    }
}
