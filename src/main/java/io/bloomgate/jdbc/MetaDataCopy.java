package io.bloomgate.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/**
 * An immutable copy of a result's metadata, taken at the first real execution of a SQL text, so an
 * empty answer can describe its columns exactly as the database did. A copy, not a reference:
 * H2's metadata objects stop working once their statement closes, and pgjdbc's may query the
 * server. A getter that the driver refused is refused again with the driver's exception.
 */
final class MetaDataCopy implements ResultSetMetaData {

    private final int columns;
    private final Object[][] values; // [column][property]: a value, or the SQLException the driver threw

    private static final int CATALOG = 0;
    private static final int CLASS_NAME = 1;
    private static final int DISPLAY_SIZE = 2;
    private static final int LABEL = 3;
    private static final int NAME = 4;
    private static final int TYPE = 5;
    private static final int TYPE_NAME = 6;
    private static final int PRECISION = 7;
    private static final int SCALE = 8;
    private static final int SCHEMA = 9;
    private static final int TABLE = 10;
    private static final int AUTO_INCREMENT = 11;
    private static final int CASE_SENSITIVE = 12;
    private static final int CURRENCY = 13;
    private static final int DEFINITELY_WRITABLE = 14;
    private static final int NULLABLE = 15;
    private static final int READ_ONLY = 16;
    private static final int SEARCHABLE = 17;
    private static final int SIGNED = 18;
    private static final int WRITABLE = 19;
    private static final int PROPERTIES = 20;

    private interface Getter {
        Object get(ResultSetMetaData m, int column) throws SQLException;
    }

    private static final Getter[] GETTERS = new Getter[PROPERTIES];

    static {
        GETTERS[CATALOG] = ResultSetMetaData::getCatalogName;
        GETTERS[CLASS_NAME] = ResultSetMetaData::getColumnClassName;
        GETTERS[DISPLAY_SIZE] = ResultSetMetaData::getColumnDisplaySize;
        GETTERS[LABEL] = ResultSetMetaData::getColumnLabel;
        GETTERS[NAME] = ResultSetMetaData::getColumnName;
        GETTERS[TYPE] = ResultSetMetaData::getColumnType;
        GETTERS[TYPE_NAME] = ResultSetMetaData::getColumnTypeName;
        GETTERS[PRECISION] = ResultSetMetaData::getPrecision;
        GETTERS[SCALE] = ResultSetMetaData::getScale;
        GETTERS[SCHEMA] = ResultSetMetaData::getSchemaName;
        GETTERS[TABLE] = ResultSetMetaData::getTableName;
        GETTERS[AUTO_INCREMENT] = ResultSetMetaData::isAutoIncrement;
        GETTERS[CASE_SENSITIVE] = ResultSetMetaData::isCaseSensitive;
        GETTERS[CURRENCY] = ResultSetMetaData::isCurrency;
        GETTERS[DEFINITELY_WRITABLE] = ResultSetMetaData::isDefinitelyWritable;
        GETTERS[NULLABLE] = ResultSetMetaData::isNullable;
        GETTERS[READ_ONLY] = ResultSetMetaData::isReadOnly;
        GETTERS[SEARCHABLE] = ResultSetMetaData::isSearchable;
        GETTERS[SIGNED] = ResultSetMetaData::isSigned;
        GETTERS[WRITABLE] = ResultSetMetaData::isWritable;
    }

    private MetaDataCopy(int columns, Object[][] values) {
        this.columns = columns;
        this.values = values;
    }

    static MetaDataCopy of(ResultSetMetaData source) throws SQLException {
        int columns = source.getColumnCount();
        Object[][] values = new Object[columns][PROPERTIES];
        for (int c = 0; c < columns; c++) {
            for (int p = 0; p < PROPERTIES; p++) {
                try {
                    values[c][p] = GETTERS[p].get(source, c + 1);
                } catch (SQLException e) {
                    values[c][p] = e;
                }
            }
        }
        return new MetaDataCopy(columns, values);
    }

    /** The column index for a label, as {@code ResultSet.findColumn} resolves it (case-insensitive), or 0. */
    int findColumn(String label) {
        for (int c = 0; c < columns; c++) {
            Object l = values[c][LABEL];
            if (l instanceof String s && s.equalsIgnoreCase(label)) {
                return c + 1;
            }
        }
        return 0;
    }

    private Object get(int column, int property) throws SQLException {
        if (column < 1 || column > columns) {
            throw new SQLException("Invalid column index " + column + " (the result has " + columns + " columns)",
                    "07009");
        }
        Object value = values[column - 1][property];
        if (value instanceof SQLException e) {
            throw e;
        }
        return value;
    }

    private String string(int column, int property) throws SQLException {
        return (String) get(column, property);
    }

    private int integer(int column, int property) throws SQLException {
        return (Integer) get(column, property);
    }

    private boolean bool(int column, int property) throws SQLException {
        return (Boolean) get(column, property);
    }

    @Override
    public int getColumnCount() {
        return columns;
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        return bool(column, AUTO_INCREMENT);
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return bool(column, CASE_SENSITIVE);
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        return bool(column, SEARCHABLE);
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        return bool(column, CURRENCY);
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return integer(column, NULLABLE);
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return bool(column, SIGNED);
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return integer(column, DISPLAY_SIZE);
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return string(column, LABEL);
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return string(column, NAME);
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return string(column, SCHEMA);
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return integer(column, PRECISION);
    }

    @Override
    public int getScale(int column) throws SQLException {
        return integer(column, SCALE);
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return string(column, TABLE);
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        return string(column, CATALOG);
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return integer(column, TYPE);
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return string(column, TYPE_NAME);
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        return bool(column, READ_ONLY);
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        return bool(column, WRITABLE);
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        return bool(column, DEFINITELY_WRITABLE);
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return string(column, CLASS_NAME);
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("The metadata of an answer from the filter wraps no driver object", "42000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
