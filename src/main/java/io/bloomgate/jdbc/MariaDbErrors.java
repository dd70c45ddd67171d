package io.bloomgate.jdbc;

import io.bloomgate.jdbc.RowlessResultSet.Move;
import io.bloomgate.jdbc.RowlessResultSet.Read;
import io.bloomgate.jdbc.RowlessResultSet.RowChange;
import io.bloomgate.jdbc.RowlessResultSet.Write;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;

/**
 * MariaDB Connector/J's exceptions (classes, SQL states, vendor codes) and the rules of its
 * buffered result ({@code org.mariadb.jdbc.client.result.CompleteResult}, 3.5.3) with no rows,
 * which differ from the standard ones almost everywhere:
 * <ul>
 *   <li>getters check the column index (a plain SQLException, no SQL state) and then the row
 *       (SQLDataException 22023), never whether the result is closed; labels resolve
 *       case-insensitively, also as {@code table.label}, whether closed or not (an unknown label:
 *       a plain SQLException);</li>
 *   <li>every updater and row change is SQLFeatureNotSupportedException (0A000, vendor code -1),
 *       checking nothing;</li>
 *   <li>a buffered result scrolls though it is TYPE_FORWARD_ONLY: {@code absolute}, {@code first},
 *       ... return false (and fail once closed, HY000); {@code next()} returns false even closed;</li>
 *   <li>the properties (type, concurrency, statement, metadata, holdability, fetch direction
 *       {@code FETCH_UNKNOWN}) are returned whether closed or not; the fetch size is the
 *       statement's, the warnings are the statement's;</li>
 *   <li>the statement's next execution does not close the result.</li>
 * </ul>
 * A statement with a fetch size gets a streamed result ({@code StreamingResult}) instead: it
 * checks that it is open on {@code next()} too, and refuses to move backwards or to jump as a
 * forward-only result should (HY000).
 */
final class MariaDbErrors implements DriverErrors {

    private static final String READ_ONLY = "Not supported when using CONCUR_READ_ONLY concurrency";

    @Override
    public SQLException noCurrentRow() {
        return new SQLDataException("wrong row position", "22023");
    }

    @Override
    public SQLException closed() {
        return new SQLException("Operation not permit on a closed resultSet", "HY000", -1);
    }

    @Override
    public SQLException columnNotFound(String label) {
        return new SQLException(String.format("Unknown label '%s'", label));
    }

    @Override
    public SQLException invalidColumnIndex(int column, int columns) {
        return new SQLException(String.format("Wrong index position. Is %s but must be in 1-%s range", column,
                columns));
    }

    @Override
    public SQLException forwardOnly() {
        return new SQLException("Operation not permit on TYPE_FORWARD_ONLY resultSet", "HY000", -1);
    }

    @Override
    public SQLException readOnly() {
        return notSupported(READ_ONLY);
    }

    @Override
    public SQLException notSupported(String method) {
        return new SQLFeatureNotSupportedException(method + " is not supported", "0A000", -1);
    }

    // ------------------------------------------------------------------ life cycle and properties

    @Override
    public void opened(RowlessResultSet rs, Statement owner) throws SQLException {
        rs.fetchSize = owner.getFetchSize();
        rs.streamed = rs.fetchSize > 0; // Connector/J streams a result whose statement had a fetch size
    }

    @Override
    public void checkProperty(RowlessResultSet rs) {
        // Connector/J answers its properties (and wasNull) on a closed result too
    }

    @Override
    public boolean closedByNextExecution() {
        return false; // the statement replaces its current result; the previous one stays open
    }

    /** The statement's warnings, as the driver's result asks its statement (which may refuse: 08000 once closed). */
    @Override
    public SQLWarning warnings(RowlessResultSet rs) throws SQLException {
        return rs.owner().getWarnings();
    }

    @Override
    public int fetchDirection(RowlessResultSet rs) {
        return ResultSet.FETCH_UNKNOWN;
    }

    @Override
    public int holdability(RowlessResultSet rs) {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public String cursorName(RowlessResultSet rs) throws SQLException {
        throw notSupported("Cursors");
    }

    @Override
    public void setFetchSize(RowlessResultSet rs, int rows) throws SQLException {
        if (!rs.streamed) {
            checkOpen(rs);
        }
        if (rows < 0) {
            throw new SQLSyntaxErrorException(String.format("invalid fetch size %s", rows), "42000", -1);
        }
        checkOpen(rs); // a streamed result checks after the size (and keeps it though closed)
        rs.fetchSize = rows;
    }

    @Override
    public void setFetchDirection(RowlessResultSet rs, int direction) throws SQLException {
        if (direction == ResultSet.FETCH_REVERSE) {
            throw new SQLSyntaxErrorException("Invalid operation. Allowed direction are ResultSet.FETCH_FORWARD and"
                    + " ResultSet.FETCH_UNKNOWN", "42000", -1);
        }
    }

    // ------------------------------------------------------------------ columns

    @Override
    public int findColumn(RowlessResultSet rs, String label) throws SQLException {
        if (label == null) {
            throw new SQLException("null is not a valid label value");
        }
        String wanted = label.toLowerCase(Locale.ROOT);
        int columns = rs.metaData.getColumnCount();
        for (int i = 1; i <= columns; i++) { // the first of equal labels, as the driver's map keeps it
            if (rs.metaData.getColumnLabel(i).toLowerCase(Locale.ROOT).equals(wanted)) {
                return i;
            }
        }
        for (int i = 1; i <= columns; i++) {
            String qualified = rs.metaData.getTableName(i) + "." + rs.metaData.getColumnLabel(i);
            if (qualified.toLowerCase(Locale.ROOT).equals(wanted)) {
                return i;
            }
        }
        throw columnNotFound(label);
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, int column, Object argument)
            throws SQLException {
        if (method.equals("getSQLXML")) {
            return notSupported(method);
        }
        switch (kind) {
            case REF, ROW_ID:
                return notSupported(method);
            case OBJECT_WITH_MAP:
                if (argument instanceof Map<?, ?> map && !map.isEmpty()) {
                    return notSupported(method + " with a type map");
                }
                break;
            default:
                break;
        }
        checkColumn(rs, column);
        return noCurrentRow();
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, String label, Object argument)
            throws SQLException {
        if (kind == Read.REF || kind == Read.ROW_ID || method.equals("getSQLXML")) {
            return notSupported(method);
        }
        if (kind == Read.OBJECT_WITH_MAP && argument instanceof Map<?, ?> map && !map.isEmpty()) {
            return notSupported(method + " with a type map");
        }
        return read(rs, kind, method, findColumn(rs, label), argument);
    }

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, int column, Object value, int length) {
        return readOnly();
    }

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, String label, Object value,
            int length) throws SQLException {
        if (method.equals("updateArray")) {
            findColumn(rs, label); // updateArray(label, x) is updateArray(findColumn(label), x)
        }
        return readOnly();
    }

    // ------------------------------------------------------------------ cursor and rows

    @Override
    public boolean move(RowlessResultSet rs, Move move, int rows) throws SQLException {
        if (rs.streamed) {
            return streamedMove(rs, move, rows);
        }
        if (move != Move.NEXT) {
            checkOpen(rs); // every movement but next() checks; none is refused on a buffered result
        }
        if (move != Move.BEFORE_FIRST) {
            rs.pastEnd = true;
        }
        return false;
    }

    /** {@code StreamingResult}'s movements: all check that it is open, the backward ones refuse. */
    private boolean streamedMove(RowlessResultSet rs, Move move, int rows) throws SQLException {
        checkOpen(rs);
        switch (move) {
            case BEFORE_FIRST, AFTER_LAST, FIRST, ABSOLUTE, PREVIOUS -> throw forwardOnly();
            case RELATIVE -> {
                // Before the first read the cursor is at -1, after it at 0: a target at or below -1 refuses.
                if ((rs.pastEnd ? 0 : -1) + (long) rows <= -1) {
                    throw forwardOnly();
                }
            }
            default -> {
                // NEXT, LAST: read to the end
            }
        }
        rs.pastEnd = true;
        return false;
    }

    @Override
    public <T> T unwrap(RowlessResultSet rs, Class<T> iface) throws SQLException {
        if (iface.isInstance(rs)) {
            return iface.cast(rs);
        }
        throw new SQLException("The receiver is not a wrapper for " + iface.getName());
    }

    @Override
    public void changeRow(RowlessResultSet rs, RowChange change) throws SQLException {
        throw readOnly();
    }

    @Override
    public boolean rowChanged(RowlessResultSet rs) throws SQLException {
        throw readOnly();
    }
}
