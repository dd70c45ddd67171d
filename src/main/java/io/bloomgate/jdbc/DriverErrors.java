package io.bloomgate.jdbc;

import io.bloomgate.jdbc.RowlessResultSet.Move;
import io.bloomgate.jdbc.RowlessResultSet.Read;
import io.bloomgate.jdbc.RowlessResultSet.RowChange;
import io.bloomgate.jdbc.RowlessResultSet.Write;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * What a driver does on a result without rows, so that an answer from the filter returns and fails
 * exactly where, and as, the database's own empty result would: the driver's exceptions (its own
 * classes, SQLSTATEs and vendor codes when its driver is in use; both drivers are optional
 * dependencies, loaded only then) and its rules, that is which arguments and which state it checks,
 * in which order, for each kind of operation of a {@link RowlessResultSet}.
 *
 * <p>The default methods are the standard behaviour, used as is for databases without rules of
 * their own; {@link H2Errors}, {@link PostgresErrors} and {@link MariaDbErrors} restate them where their driver differs
 * (each was compared method by method with its driver by {@code EmptyResultFidelityTest}).
 */
interface DriverErrors {

    // ------------------------------------------------------------------ the driver's exceptions

    /** A getter was called with no current row. */
    SQLException noCurrentRow();

    /** The result set was used after close. */
    SQLException closed();

    /** A label the result does not have. */
    SQLException columnNotFound(String label);

    /** A column index out of range ({@code columns} is the number of columns). */
    SQLException invalidColumnIndex(int column, int columns);

    /** A scrolling method on a forward-only result. */
    SQLException forwardOnly();

    /** An update method on a read-only result. */
    SQLException readOnly();

    /** A method the driver does not implement ({@code method} names it). */
    SQLException notSupported(String method);

    /**
     * The rules of the driver in use: by the driver where two drivers speak to the same server
     * (MySQL Connector/J's results differ from MariaDB Connector/J's on a MySQL or MariaDB server),
     * else by the database product.
     *
     * @param driver {@code DatabaseMetaData.getDriverName()}, or null if unknown
     * @param driverLoader the loader of the driver's classes, for its exception classes
     */
    static DriverErrors of(String product, String driver, ClassLoader driverLoader) {
        if (driver != null && driver.startsWith("MySQL Connector")) {
            return new MySqlConnectorJErrors(driverLoader);
        }
        return of(product);
    }

    static DriverErrors of(String product) {
        if (product.startsWith("H2")) {
            return new H2Errors();
        }
        if (product.startsWith("PostgreSQL")) {
            return new PostgresErrors();
        }
        if (product.startsWith("MariaDB") || product.startsWith("MySQL")) {
            // The product names the server, not the driver: MariaDB Connector/J's rules unless
            // of(product, driver) found MySQL Connector/J.
            return new MariaDbErrors();
        }
        return new StandardErrors();
    }

    // ------------------------------------------------------------------ the driver's rules

    /** The state a new result of {@code owner} starts in; or the driver's refusal to return one. */
    default void opened(RowlessResultSet rs, Statement owner) throws SQLException {
        // nothing beyond the defaults of RowlessResultSet
    }

    /**
     * Whether the statement's next execution closes this result (JDBC says it does; MariaDB
     * Connector/J only replaces its current result, which stays open).
     */
    default boolean closedByNextExecution() {
        return true;
    }

    /**
     * Whether the driver runs SQL text given to a prepared statement's {@code execute(String)},
     * {@code executeQuery(String)}, {@code executeUpdate(String)} or {@code addBatch(String)} as a
     * plain statement would, where JDBC says it must refuse it (pgjdbc, H2 and MariaDB Connector/J do).
     */
    default boolean runsTextOfPreparedStatements() {
        return false;
    }

    /** {@code getWarnings()}: by default none, once the result is checked. */
    default SQLWarning warnings(RowlessResultSet rs) throws SQLException {
        checkProperty(rs);
        return null;
    }

    /** {@code wasNull()}: no getter ever read a value (each failed before reading), so none was NULL. */
    default boolean wasNull(RowlessResultSet rs) throws SQLException {
        checkProperty(rs);
        return false;
    }

    /** {@code isClosed()}: by default closed by the application, its statement or the next execution. */
    default boolean isClosed(RowlessResultSet rs) {
        return rs.closed;
    }

    /** The check of {@code getType()} and {@code getConcurrency()}: by default that of the properties. */
    default void checkTypeOrConcurrency(RowlessResultSet rs) throws SQLException {
        checkProperty(rs);
    }

    /** The check almost every method starts with. */
    default void checkOpen(RowlessResultSet rs) throws SQLException {
        if (rs.closed) {
            throw closed();
        }
    }

    /**
     * The check of the properties (type, concurrency, statement, metadata, warnings) and of
     * wasNull(): by default whether the result is open.
     */
    default void checkProperty(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
    }

    /** {@code getFetchDirection()}: by default forward, the only direction a forward-only result accepts. */
    default int fetchDirection(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return ResultSet.FETCH_FORWARD;
    }

    default void checkColumn(RowlessResultSet rs, int column) throws SQLException {
        int columns = rs.metaData.getColumnCount();
        if (column < 1 || column > columns) {
            throw invalidColumnIndex(column, columns);
        }
    }

    /** {@code findColumn(label)}, and how every method taking a label resolves it. */
    default int findColumn(RowlessResultSet rs, String label) throws SQLException {
        checkOpen(rs);
        int index = label == null ? 0 : rs.metaData.findColumn(label);
        if (index == 0) {
            throw columnNotFound(label);
        }
        return index;
    }

    /** A getter by index ({@code argument}: see {@link Read}); returns the exception to throw. */
    default SQLException read(RowlessResultSet rs, Read kind, String method, int column, Object argument)
            throws SQLException {
        checkOpen(rs);
        checkColumn(rs, column);
        return noCurrentRow();
    }

    /** A getter by label. */
    default SQLException read(RowlessResultSet rs, Read kind, String method, String label, Object argument)
            throws SQLException {
        return read(rs, kind, method, findColumn(rs, label), argument);
    }

    /**
     * An updater by index; returns the exception to throw. {@code length} is the {@code int}
     * length of a {@link Write#SIZED_STREAM}, else -1.
     */
    default SQLException write(RowlessResultSet rs, Write kind, String method, int column, Object value,
            int length) throws SQLException {
        checkOpen(rs);
        checkColumn(rs, column);
        return readOnly();
    }

    /** An updater by label. */
    default SQLException write(RowlessResultSet rs, Write kind, String method, String label, Object value,
            int length) throws SQLException {
        return write(rs, kind, method, findColumn(rs, label), value, length);
    }

    /** A cursor movement ({@code rows}: the argument of absolute and relative); its result. */
    default boolean move(RowlessResultSet rs, Move move, int rows) throws SQLException {
        checkOpen(rs);
        if (move != Move.NEXT) {
            throw forwardOnly();
        }
        rs.pastEnd = true;
        return false;
    }

    /** insertRow, updateRow, deleteRow, refreshRow, cancelRowUpdates, moveTo(Insert|Current)Row. */
    default void changeRow(RowlessResultSet rs, RowChange change) throws SQLException {
        checkOpen(rs);
        switch (change) {
            case CANCEL_UPDATES:
                return; // nothing was updated
            case REFRESH:
                throw noCurrentRow();
            default:
                throw readOnly();
        }
    }

    /** rowUpdated, rowInserted, rowDeleted. */
    default boolean rowChanged(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return false;
    }

    default int holdability(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return rs.owner().getResultSetHoldability();
    }

    default String cursorName(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        throw notSupported("getCursorName");
    }

    default int fetchSize(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return rs.fetchSize;
    }

    default void setFetchSize(RowlessResultSet rs, int rows) throws SQLException {
        checkOpen(rs);
        if (rows < 0) {
            throw new SQLException("Fetch size must be >= 0, was " + rows, "22023");
        }
        rs.fetchSize = rows;
    }

    default void setFetchDirection(RowlessResultSet rs, int direction) throws SQLException {
        checkOpen(rs);
        if (direction != ResultSet.FETCH_FORWARD) {
            throw forwardOnly();
        }
    }

    default <T> T unwrap(RowlessResultSet rs, Class<T> iface) throws SQLException {
        if (iface.isInstance(rs)) {
            return iface.cast(rs);
        }
        throw new SQLException("An answer from the filter wraps no driver result set; it cannot be unwrapped"
                + " to " + iface.getName(), "42000");
    }

    default boolean isWrapperFor(RowlessResultSet rs, Class<?> iface) throws SQLException {
        return iface.isInstance(rs);
    }

    /** SQLSTATE-correct errors for any other database, with the standard rules. */
    final class StandardErrors implements DriverErrors {

        @Override
        public SQLException noCurrentRow() {
            return new SQLException("No current row: the result is empty", "24000");
        }

        @Override
        public SQLException closed() {
            return new SQLException("The result set is closed", "24000");
        }

        @Override
        public SQLException columnNotFound(String label) {
            return new SQLException("Column " + label + " not found", "42S22");
        }

        @Override
        public SQLException invalidColumnIndex(int column, int columns) {
            return new SQLException("Invalid column index " + column + " (the result has " + columns + " columns)",
                    "07009");
        }

        @Override
        public SQLException forwardOnly() {
            return new SQLException("The result set is TYPE_FORWARD_ONLY", "24000");
        }

        @Override
        public SQLException readOnly() {
            return new SQLException("The result set is CONCUR_READ_ONLY", "24000");
        }

        @Override
        public SQLException notSupported(String method) {
            return new SQLFeatureNotSupportedException(method + " is not supported", "0A000");
        }
    }
}
