package io.bloomgate.sync;

import java.sql.JDBCType;
import java.util.Map;

/**
 * The guarded table's column types, as the catalog declared them when the guard was made: what
 * the key column holds, and the type of every column a lookup may compare a parameter with (so a
 * value the database would refuse with an error is never answered from the filter).
 */
final class GuardColumns {

    private final String keyColumn;
    private final JDBCType keyType;
    /** See {@link KeyFunnel#isInteger}: read per trigger row and scanned row. */
    private final boolean integerKey;
    private final Map<String, ColumnType> types;

    GuardColumns(String keyColumn, JDBCType keyType, Map<String, ColumnType> types) {
        this.keyColumn = keyColumn;
        this.keyType = keyType;
        this.integerKey = KeyFunnel.isInteger(keyType);
        this.types = Map.copyOf(types);
    }

    JDBCType keyType() {
        return keyType;
    }

    boolean keyIsText() {
        return isText(keyType);
    }

    boolean keyIsInteger() {
        return integerKey;
    }

    static boolean isText(JDBCType type) {
        return type == JDBCType.CHAR || type == JDBCType.VARCHAR || type == JDBCType.LONGVARCHAR
                || type == JDBCType.NCHAR || type == JDBCType.NVARCHAR || type == JDBCType.LONGNVARCHAR;
    }

    ColumnType columnType(String column) {
        return types.get(column);
    }

    ColumnType keyColumnType() {
        ColumnType type = types.get(keyColumn);
        return type != null ? type : ColumnType.of(keyType);
    }
}
