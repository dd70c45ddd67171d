package io.bloomgate.jdbc;

import io.bloomgate.jdbc.RowlessResultSet.Move;
import io.bloomgate.jdbc.RowlessResultSet.Read;
import io.bloomgate.jdbc.RowlessResultSet.RowChange;
import io.bloomgate.jdbc.RowlessResultSet.Write;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Locale;
import java.util.Set;

/**
 * MySQL Connector/J's exceptions (its classes and SQL states: {@code S1000}, {@code S1009}, ...)
 * and the rules of its {@code com.mysql.cj.jdbc.result.ResultSetImpl} (9.2.0) on a forward-only,
 * read-only result with no rows, in both prepared-statement modes:
 * <ul>
 *   <li>nearly every method first checks that the result is open (S1000); getters then check the
 *       row (S1000) before the column index (S1009), except getRef and getSQLXML, which check the
 *       index only;</li>
 *   <li>an unknown label is 42S22 ({@code SQLSyntaxErrorException}), a null one a
 *       NullPointerException;</li>
 *   <li>updaters and row changes throw {@code NotUpdatable} without checking anything, except
 *       those the driver does not implement (arrays, {@code Clob}, {@code Ref}, {@code RowId}:
 *       SQLFeatureNotSupportedException without SQL state);</li>
 *   <li>every movement but {@code next()} is refused on a forward-only result (S1000);</li>
 *   <li>{@code wasNull()} without a row is a NullPointerException; {@code getHoldability()} is
 *       not supported; {@code getCursorName()} is S1C00; type and concurrency answer closed.</li>
 * </ul>
 * Loaded only when MySQL Connector/J is the driver in use.
 */
final class MySqlConnectorJErrors implements DriverErrors {

    /** Its {@code ClientPreparedStatement} (9.2.0) keeps {@code StatementImpl}'s text methods. */
    @Override
    public boolean runsTextOfPreparedStatements() {
        return true;
    }

    /** The types {@code getObject(column, Class)} converts to (others: S1009, Struct: not supported). */
    private static final Set<Class<?>> CONVERTED = Set.of(String.class, BigDecimal.class, BigInteger.class,
            Boolean.class, boolean.class, Byte.class, byte.class, Short.class, short.class, Integer.class, int.class,
            Long.class, long.class, Float.class, float.class, Double.class, double.class, byte[].class, Date.class,
            Time.class, Timestamp.class, java.util.Date.class, Calendar.class, Clob.class, Blob.class, Array.class,
            java.net.URL.class, NClob.class, LocalDate.class, LocalDateTime.class, LocalTime.class,
            OffsetDateTime.class, OffsetTime.class, ZonedDateTime.class, Duration.class);

    @Override
    public SQLException noCurrentRow() {
        return new SQLException("Illegal operation on empty result set.", "S1000");
    }

    @Override
    public SQLException closed() {
        return new SQLException("Operation not allowed after ResultSet closed",
                "S1000");
    }

    @Override
    public SQLException columnNotFound(String label) {
        return new SQLSyntaxErrorException("Column '" + label + "' not found.", "42S22");
    }

    @Override
    public SQLException invalidColumnIndex(int column, int columns) {
        return new SQLException("Column Index out of range, " + column + (column < 1 ? " < 1." : " > " + columns + ". "),
                "S1009");
    }

    @Override
    public SQLException forwardOnly() {
        return new SQLException("Operation not allowed for a result set of type ResultSet.TYPE_FORWARD_ONLY.", "S1000");
    }

    /**
     * The driver's {@code com.mysql.cj.jdbc.exceptions.NotUpdatable} (S1000). Made by reflection:
     * Connector/J is no named module, so this module cannot read it at compile time.
     */
    @Override
    public SQLException readOnly() {
        String message = "Result Set not updatable.";
        try {
            Class<?> type = Class.forName("com.mysql.cj.jdbc.exceptions.NotUpdatable", true, driverLoader);
            return (SQLException) type.getConstructor(String.class).newInstance(message);
        } catch (ReflectiveOperationException | LinkageError e) {
            return new SQLException(message, "S1000");
        }
    }

    private final ClassLoader driverLoader;

    /** @param driverLoader the loader of the driver's classes (its metadata object's) */
    MySqlConnectorJErrors(ClassLoader driverLoader) {
        this.driverLoader = driverLoader != null ? driverLoader : ClassLoader.getSystemClassLoader();
    }

    @Override
    public SQLException notSupported(String method) {
        return new SQLFeatureNotSupportedException(); // the driver's: no message, no SQL state
    }

    // ------------------------------------------------------------------ life cycle and properties

    /** Closing the connection closes its statements' results too (the statement reports it closed). */
    @Override
    public void checkOpen(RowlessResultSet rs) throws SQLException {
        if (isClosed(rs)) {
            throw closed();
        }
    }

    @Override
    public boolean isClosed(RowlessResultSet rs) {
        try {
            return rs.closed || rs.owner().isClosed();
        } catch (SQLException e) {
            return true; // the statement cannot even say: as closed
        }
    }

    @Override
    public void opened(RowlessResultSet rs, Statement owner) throws SQLException {
        rs.fetchSize = owner.getFetchSize();
    }

    @Override
    public boolean wasNull(RowlessResultSet rs) {
        throw new NullPointerException("Cannot invoke \"com.mysql.cj.result.Row.wasNull()\" because"
                + " \"this.thisRow\" is null"); // the driver's own: it has no row to ask
    }

    @Override
    public void checkTypeOrConcurrency(RowlessResultSet rs) {
        // answered from fields, closed or not
    }

    @Override
    public int holdability(RowlessResultSet rs) throws SQLException {
        throw notSupported("getHoldability");
    }

    @Override
    public String cursorName(RowlessResultSet rs) throws SQLException {
        throw new SQLException("Positioned Update not supported.", "S1C00");
    }

    @Override
    public void setFetchSize(RowlessResultSet rs, int rows) throws SQLException {
        checkOpen(rs);
        if (rows < 0 && rows != Integer.MIN_VALUE) {
            throw new SQLException("Value must be between 0 and getMaxRows()",
                    "S1009");
        }
        rs.fetchSize = rows;
    }

    @Override
    public void setFetchDirection(RowlessResultSet rs, int direction) throws SQLException {
        checkOpen(rs);
        if (direction != ResultSet.FETCH_FORWARD && direction != ResultSet.FETCH_REVERSE
                && direction != ResultSet.FETCH_UNKNOWN) {
            throw new SQLException("Illegal value for fetch direction", "S1009");
        }
        if (direction != ResultSet.FETCH_FORWARD) {
            throw new SQLException("Unacceptable value for fetch direction: " + (direction == ResultSet.FETCH_REVERSE
                    ? "ResultSet.FETCH_REVERSE" : "ResultSet.FETCH_UNKNOWN"), "S1000");
        }
    }

    // ------------------------------------------------------------------ columns

    @Override
    public int findColumn(RowlessResultSet rs, String label) throws SQLException {
        checkOpen(rs);
        String wanted = label.toLowerCase(Locale.ROOT); // null: the driver's NullPointerException
        int columns = rs.metaData.getColumnCount();
        for (int i = 1; i <= columns; i++) {
            if (rs.metaData.getColumnLabel(i).toLowerCase(Locale.ROOT).equals(wanted)) {
                return i;
            }
        }
        for (int i = 1; i <= columns; i++) { // then table.label
            String qualified = rs.metaData.getTableName(i) + "." + rs.metaData.getColumnLabel(i);
            if (qualified.toLowerCase(Locale.ROOT).equals(wanted)) {
                return i;
            }
        }
        throw columnNotFound(label);
    }

    /** checkRowPos: open, then on a row (never, here). */
    private SQLException rowPosition(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return noCurrentRow();
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, int column, Object argument)
            throws SQLException {
        if (method.equals("getSQLXML")) {
            checkOpen(rs);
            checkColumn(rs, column);
            return notSupported(method); // the driver returns a lazy MysqlSQLXML over its row instead
        }
        if (method.equals("getClob") && isClosed(rs)) {
            // getClob asks the closed result's connection for a setting before any check
            throw new NullPointerException("Cannot invoke \"com.mysql.cj.jdbc.JdbcConnection.getPropertySet()\""
                    + " because \"this.connection\" is null");
        }
        switch (kind) {
            case ROW_ID:
                return notSupported(method);
            case REF:
                checkOpen(rs);
                checkColumn(rs, column);
                return notSupported(method);
            case OBJECT_AS_TYPE:
                return readAs(rs, column, (Class<?>) argument);
            default:
                return rowPosition(rs);
        }
    }

    /** {@code getObject(column, type)}: the type first, then the open check, then as the typed getter. */
    private SQLException readAs(RowlessResultSet rs, int column, Class<?> type) throws SQLException {
        if (type == null) {
            return new SQLException("Type parameter can not be null", "S1009");
        }
        checkOpen(rs);
        if (type == Struct.class) {
            return notSupported("getObject");
        }
        if (type == RowId.class) {
            return notSupported("getRowId");
        }
        if (type == Ref.class || type == SQLXML.class) {
            checkColumn(rs, column);
            return notSupported("getObject");
        }
        if (!CONVERTED.contains(type)) {
            return new SQLException("Conversion not supported for type " + type.getName(), "S1009");
        }
        return rowPosition(rs);
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, String label, Object argument)
            throws SQLException {
        if (kind == Read.ROW_ID) {
            return notSupported(method);
        }
        return read(rs, kind, method, findColumn(rs, label), argument);
    }

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, int column, Object value, int length) {
        return switch (kind) {
            case CLOB, REF, ROW_ID -> notSupported(method);
            default -> method.equals("updateArray") ? notSupported(method) : readOnly();
        };
    }

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, String label, Object value,
            int length) {
        return write(rs, kind, method, 0, value, length);
    }

    // ------------------------------------------------------------------ cursor and rows

    @Override
    public boolean move(RowlessResultSet rs, Move move, int rows) throws SQLException {
        checkOpen(rs);
        if (move != Move.NEXT) {
            throw forwardOnly();
        }
        rs.pastEnd = true;
        return false;
    }

    @Override
    public void changeRow(RowlessResultSet rs, RowChange change) throws SQLException {
        throw readOnly();
    }

    @Override
    public boolean rowChanged(RowlessResultSet rs) throws SQLException {
        throw notSupported("rowUpdated");
    }

    @Override
    public <T> T unwrap(RowlessResultSet rs, Class<T> iface) throws SQLException {
        if (iface.isInstance(rs)) {
            return iface.cast(rs);
        }
        throw new SQLException("Unable to unwrap to " + iface, "S1009");
    }

    @Override
    public boolean isWrapperFor(RowlessResultSet rs, Class<?> iface) throws SQLException {
        checkOpen(rs);
        return iface.isInstance(rs);
    }
}
