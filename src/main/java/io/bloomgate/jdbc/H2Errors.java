package io.bloomgate.jdbc;

import io.bloomgate.jdbc.RowlessResultSet.Move;
import io.bloomgate.jdbc.RowlessResultSet.Read;
import io.bloomgate.jdbc.RowlessResultSet.RowChange;
import io.bloomgate.jdbc.RowlessResultSet.Write;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import org.h2.api.ErrorCode;
import org.h2.message.DbException;

/**
 * H2's own exceptions (messages, error codes and SQL states as H2 raises them) and the rules of
 * H2's {@code JdbcResultSet} (2.3.232) on an embedded, forward-only, read-only result with no rows.
 * Where H2 differs from the standard rules:
 * <ul>
 *   <li>getters and updaters check the column index before the row (or the read-only result);
 *       labels also match column names and {@code TABLE.COLUMN};</li>
 *   <li>getUnicodeStream, getRef, getURL, getRowId, getObject with a map, updateRef,
 *       updateRowId, getCursorName and every fetch direction but forward are not supported, even
 *       on a closed result;</li>
 *   <li>scrolling on a forward-only result works as long as it needs no rewind (absolute(1),
 *       relative(1), first() before the end and afterLast() move past the end and return false);</li>
 *   <li>the holdability is the connection's, the fetch size of an in-memory result is always 0, and
 *       rowUpdated/rowInserted/rowDeleted answer even on a closed result;</li>
 *   <li>after its connection closed, the result is not closed but fails as if it were.</li>
 * </ul>
 */
final class H2Errors implements DriverErrors {

    private static SQLException error(int code) {
        return DbException.get(code).getSQLException();
    }

    private static SQLException invalid(String parameter, Object value) {
        return DbException.getInvalidValueException(parameter, value).getSQLException();
    }

    private static SQLException unsupported(String what) {
        return DbException.getUnsupportedException(what).getSQLException();
    }

    /**
     * H2's result checks its statement and its connection too: once the connection is closed (or
     * the database shut down), every method that checks fails, though the result is not closed.
     */
    @Override
    public void checkOpen(RowlessResultSet rs) throws SQLException {
        if (rs.closed) {
            throw closed();
        }
        Connection connection = rs.owner().getConnection();
        if (connection.isClosed()) {
            connection.getHoldability(); // H2's very check, with its exception (90007, or 90121 after a shutdown)
            throw closed();
        }
    }

    @Override
    public SQLException noCurrentRow() {
        return error(ErrorCode.NO_DATA_AVAILABLE);
    }

    @Override
    public SQLException closed() {
        return error(ErrorCode.OBJECT_CLOSED);
    }

    @Override
    public SQLException columnNotFound(String label) {
        return DbException.get(ErrorCode.COLUMN_NOT_FOUND_1, label).getSQLException();
    }

    @Override
    public SQLException invalidColumnIndex(int column, int columns) {
        return invalid("columnIndex", column);
    }

    @Override
    public SQLException forwardOnly() {
        return error(ErrorCode.RESULT_SET_NOT_SCROLLABLE);
    }

    @Override
    public SQLException readOnly() {
        return error(ErrorCode.RESULT_SET_READONLY);
    }

    @Override
    public SQLException notSupported(String method) {
        return unsupported(method);
    }

    // ------------------------------------------------------------------ columns

    @Override
    public int findColumn(RowlessResultSet rs, String label) throws SQLException {
        checkOpen(rs);
        if (label == null) {
            throw invalid("columnLabel", null);
        }
        int index = columnIndex(rs.metaData, label);
        if (index == 0) {
            throw columnNotFound(label);
        }
        return index;
    }

    /**
     * H2's {@code JdbcResultSet.getColumnIndex}: with three columns or more, a map of upper-cased
     * labels, then column names and {@code TABLE.COLUMN} (the first column to claim a key keeps
     * it); with fewer, a case-insensitive search of the labels, then of {@code TABLE.COLUMN} when
     * the label has a dot, else of the column names. 0 when nothing matches.
     */
    static int columnIndex(MetaDataCopy metaData, String label) {
        int columns = metaData.getColumnCount();
        if (columns >= 3) {
            String key = upper(label);
            for (int c = 1; c <= columns; c++) {
                String alias = property(metaData, c, 0);
                if (alias != null && key.equals(upper(alias))) {
                    return c;
                }
            }
            for (int c = 1; c <= columns; c++) {
                String name = property(metaData, c, 1);
                if (name != null) {
                    if (key.equals(upper(name))) {
                        return c;
                    }
                    String table = property(metaData, c, 2);
                    if (table != null && key.equals(upper(table) + '.' + upper(name))) {
                        return c;
                    }
                }
            }
            return 0;
        }
        for (int c = 1; c <= columns; c++) {
            if (label.equalsIgnoreCase(property(metaData, c, 0))) {
                return c;
            }
        }
        int dot = label.indexOf('.');
        if (dot > 0) {
            String table = label.substring(0, dot);
            String name = label.substring(dot + 1);
            for (int c = 1; c <= columns; c++) {
                if (table.equalsIgnoreCase(property(metaData, c, 2))
                        && name.equalsIgnoreCase(property(metaData, c, 1))) {
                    return c;
                }
            }
        } else {
            for (int c = 1; c <= columns; c++) {
                if (label.equalsIgnoreCase(property(metaData, c, 1))) {
                    return c;
                }
            }
        }
        return 0;
    }

    private static String upper(String s) {
        return s.toUpperCase(Locale.ENGLISH); // H2's StringUtils.toUpperEnglish
    }

    /** 0: the label (H2's alias), 1: the column name, 2: the table name; null when H2 has none. */
    private static String property(MetaDataCopy metaData, int column, int which) {
        try {
            String value = which == 0 ? metaData.getColumnLabel(column)
                    : which == 1 ? metaData.getColumnName(column) : metaData.getTableName(column);
            // H2's metadata reports a missing table as "", its result as null.
            return which == 2 && value != null && value.isEmpty() ? null : value;
        } catch (SQLException e) {
            return null; // the driver refused it when the metadata was copied: H2 has none
        }
    }

    /** The checks H2 makes before the column: unsupported getters and invalid extra arguments. */
    private static SQLException readArgument(Read kind, Object argument) {
        switch (kind) {
            case UNICODE_STREAM:
                return unsupported("unicodeStream");
            case REF:
                return unsupported("ref");
            case URL:
                return unsupported("url");
            case ROW_ID:
                return unsupported("rowId");
            case OBJECT_WITH_MAP:
                return unsupported("map");
            case SCALED_DECIMAL:
                int scale = (Integer) argument;
                return scale < 0 ? invalid("scale", scale) : null;
            case OBJECT_AS_TYPE:
                return argument == null ? invalid("type", null) : null;
            default:
                return null;
        }
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, int column, Object argument)
            throws SQLException {
        SQLException refused = readArgument(kind, argument);
        if (refused != null) {
            return refused;
        }
        checkOpen(rs);
        checkColumn(rs, column);
        return noCurrentRow();
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, String label, Object argument)
            throws SQLException {
        SQLException refused = readArgument(kind, argument);
        if (refused != null) {
            return refused;
        }
        findColumn(rs, label);
        return noCurrentRow();
    }

    private static SQLException writeUnsupported(Write kind) {
        return kind == Write.REF ? unsupported("ref") : kind == Write.ROW_ID ? unsupported("rowId") : null;
    }

    // H2 converts the value (LOBs and streams into the database) before it finds the result
    // read-only; the answer does not, and fails the same way without reading the value.

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, int column, Object value, int length)
            throws SQLException {
        SQLException refused = writeUnsupported(kind);
        if (refused != null) {
            return refused;
        }
        checkOpen(rs);
        checkColumn(rs, column);
        return readOnly();
    }

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, String label, Object value,
            int length) throws SQLException {
        SQLException refused = writeUnsupported(kind);
        if (refused != null) {
            return refused;
        }
        findColumn(rs, label);
        return readOnly();
    }

    // ------------------------------------------------------------------ cursor and rows

    /**
     * H2 moves a forward-only result forward as asked and fails only when it would have to rewind.
     * With no rows, H2's row id is -1 before the start and 0 past the end.
     */
    @Override
    public boolean move(RowlessResultSet rs, Move move, int rows) throws SQLException {
        checkOpen(rs);
        long rowId = rs.pastEnd ? 0 : -1;
        switch (move) {
            case NEXT:
            case AFTER_LAST:
                rs.pastEnd = true;
                return false;
            case PREVIOUS: // relative(-1)
                throw forwardOnly();
            case FIRST:
            case BEFORE_FIRST:
                if (rowId >= 0) {
                    throw forwardOnly();
                }
                if (move == Move.FIRST) {
                    rs.pastEnd = true;
                }
                return false;
            case LAST:
                if (rs.pastEnd) {
                    throw forwardOnly();
                }
                return false;
            case ABSOLUTE:
                // the row id to reach: the row number - 1, counted from the end when negative
                long target = (rows >= 0 ? rows : rows + 1L) - 1;
                if (target < rowId) {
                    throw forwardOnly();
                }
                if (rowId < target) {
                    rs.pastEnd = true;
                }
                return false;
            case RELATIVE:
                if (rows < 0) {
                    throw forwardOnly();
                }
                if (rows > 0) {
                    rs.pastEnd = true;
                }
                return false;
            default:
                throw new AssertionError(move);
        }
    }

    @Override
    public void changeRow(RowlessResultSet rs, RowChange change) throws SQLException {
        checkOpen(rs);
        switch (change) {
            case CANCEL_UPDATES:
                return;
            case REFRESH:
                throw noCurrentRow();
            default:
                throw readOnly();
        }
    }

    @Override
    public boolean rowChanged(RowlessResultSet rs) {
        return false;
    }

    // ------------------------------------------------------------------ properties

    @Override
    public int holdability(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return rs.owner().getConnection().getHoldability();
    }

    @Override
    public String cursorName(RowlessResultSet rs) throws SQLException {
        throw unsupported("cursorName");
    }

    @Override
    public void setFetchSize(RowlessResultSet rs, int rows) throws SQLException {
        checkOpen(rs);
        if (rows < 0) {
            throw invalid("rows", rows);
        }
        if (rows > 0) {
            int maxRows = rs.owner().getMaxRows();
            if (maxRows > 0 && rows > maxRows) {
                throw invalid("rows", rows);
            }
        }
        // An in-memory result ignores it: getFetchSize() stays 0.
    }

    @Override
    public void setFetchDirection(RowlessResultSet rs, int direction) throws SQLException {
        if (direction != ResultSet.FETCH_FORWARD) {
            throw unsupported("setFetchDirection");
        }
    }

    @Override
    public <T> T unwrap(RowlessResultSet rs, Class<T> iface) throws SQLException {
        if (isWrapperFor(rs, iface)) {
            return iface.cast(rs);
        }
        throw invalid("iface", iface);
    }

    @Override
    public boolean isWrapperFor(RowlessResultSet rs, Class<?> iface) {
        return iface != null && iface.isAssignableFrom(rs.getClass());
    }
}
