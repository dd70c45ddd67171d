package io.bloomgate.key;

import java.sql.JDBCType;
import java.util.Locale;
import java.util.Objects;

/**
 * Maps column metadata to a {@link KeyForm}, or refuses the column. docs/architecture.md section 3: what
 * the gate cannot canonicalise exactly as the database compares, it refuses at build time.
 */
final class ColumnKeyForms {

    private static final String INEXACT = "compares inexactly (floating point)";
    private static final String CASE_INSENSITIVE =
            "compares case-insensitively, and the gate refuses rather than guess the database's case folding";
    private static final String TEMPORAL =
            "compares through time-zone and fractional-second conversions the gate cannot reproduce exactly";
    private static final String PADDED_BINARY =
            "is fixed-width binary: values are padded with zero bytes, which the gate does not reproduce";
    private static final String DECFLOAT =
            "is decimal floating point: values are rounded to its precision, which the gate does not reproduce";
    private static final String BOOLEAN = "is a boolean/bit type, not a key a Bloom filter can help with";
    private static final String LOB = "is a large object, not comparable as a key";
    private static final String OTHER = "is not a supported key type";

    private ColumnKeyForms() {}

    static KeyForm forColumn(String table, String column, JDBCType type, String typeName, int precision,
            int scale) {
        Objects.requireNonNull(type, "type");
        String shown = typeName == null || typeName.isBlank() ? type.getName() : typeName;
        String name = shown.toUpperCase(Locale.ROOT);
        // Case-insensitive types report plain VARCHAR (H2 VARCHAR_IGNORECASE) or OTHER (citext):
        // check the name before the JDBC type. pgjdbc qualifies a type outside the search path
        // ("public"."citext"), so compare its last part.
        String unqualified = name.substring(name.lastIndexOf('.') + 1).replace("\"", "");
        if (name.contains("IGNORECASE") || unqualified.equals("CITEXT")) {
            throw refuse(table, column, shown, type, CASE_INSENSITIVE);
        }
        boolean unsigned = name.contains("UNSIGNED");
        switch (type) {
            case TINYINT:
                return unsigned ? KeyForms.integer(0, 0xFFL) : KeyForms.tinyint();
            case SMALLINT:
                return unsigned ? KeyForms.integer(0, 0xFFFFL) : KeyForms.smallint();
            case INTEGER:
                return unsigned ? KeyForms.integer(0, 0xFFFF_FFFFL) : KeyForms.integer();
            case BIGINT:
                // Unsigned values above Long.MAX_VALUE have no 64-bit form: NOT_EXACT, fail open.
                return unsigned ? KeyForms.integer(0, Long.MAX_VALUE) : KeyForms.bigint();
            case NUMERIC:
            case DECIMAL:
                if (name.contains("DECFLOAT")) {
                    throw refuse(table, column, shown, type, DECFLOAT);
                }
                // A negative reported scale is taken as declared (PostgreSQL allows NUMERIC(2, -3)):
                // then only multiples of 10^-scale are keys, which is never less safe.
                return new DecimalKeyForm(precision > 0 ? precision : DecimalKeyForm.UNKNOWN, scale);
            case VARCHAR:
            case LONGVARCHAR:
            case NVARCHAR:
            case LONGNVARCHAR:
                return KeyForms.varchar(precision);
            case CHAR:
            case NCHAR:
                return KeyForms.paddedChar(precision);
            case OTHER:
                if (name.equals("UUID")) {
                    return KeyForms.uuid();
                }
                throw refuse(table, column, shown, type, OTHER);
            case BINARY:
                // H2 reports UUID and PostgreSQL reports bytea as BINARY; any other BINARY is fixed-width.
                if (name.equals("UUID")) {
                    return KeyForms.uuid();
                }
                if (name.equals("BYTEA")) {
                    return KeyForms.binary();
                }
                throw refuse(table, column, shown, type, PADDED_BINARY);
            case VARBINARY:
            case LONGVARBINARY:
                return KeyForms.binary();
            case FLOAT:
            case REAL:
            case DOUBLE:
                throw refuse(table, column, shown, type, INEXACT);
            case BOOLEAN:
            case BIT:
                throw refuse(table, column, shown, type, BOOLEAN);
            case DATE:
            case TIME:
            case TIMESTAMP:
            case TIME_WITH_TIMEZONE:
            case TIMESTAMP_WITH_TIMEZONE:
                throw refuse(table, column, shown, type, TEMPORAL);
            case CLOB:
            case NCLOB:
            case BLOB:
                throw refuse(table, column, shown, type, LOB);
            default:
                // ARRAY, STRUCT, JAVA_OBJECT, SQLXML, DISTINCT, REF, ROWID, NULL, ...
                throw refuse(table, column, shown, type, OTHER);
        }
    }

    private static UnsupportedKeyTypeException refuse(String table, String column, String shown, JDBCType type,
            String reason) {
        // Show the JDBC type too when the database's name differs ("DOUBLE PRECISION (JDBC DOUBLE)").
        String typeText = shown.equalsIgnoreCase(type.getName()) ? shown : shown + " (JDBC " + type.getName() + ")";
        return new UnsupportedKeyTypeException(table, column, shown, typeText, reason);
    }
}
