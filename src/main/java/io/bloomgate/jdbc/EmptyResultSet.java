package io.bloomgate.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * The answer for a lookup whose keys the filter rules out: a forward-only, read-only result with
 * the columns the database's own answer has (copied from the first real execution of the SQL
 * text) and no rows. Everything a rowless result supports works; everything else fails with the
 * driver's own exception.
 */
final class EmptyResultSet extends RowlessResultSet {

    private final GateStatement statement;
    private final MetaDataCopy metaData;
    private final DriverErrors errors;
    private boolean closed;
    private int fetchSize;

    EmptyResultSet(GateStatement statement, MetaDataCopy metaData, DriverErrors errors) {
        this.statement = statement;
        this.metaData = metaData;
        this.errors = errors;
    }

    @Override
    SQLException fail(String method) {
        if (closed) {
            return errors.closed();
        }
        if (method.startsWith("update") || method.equals("insertRow") || method.equals("deleteRow")
                || method.equals("moveToInsertRow") || method.equals("cancelRowUpdates")
                || method.equals("refreshRow") || method.equals("rowUpdated") || method.equals("rowInserted")
                || method.equals("rowDeleted")) {
            return errors.readOnly();
        }
        if (method.equals("first") || method.equals("last") || method.equals("absolute")
                || method.equals("relative") || method.equals("previous") || method.equals("beforeFirst")
                || method.equals("afterLast") || method.equals("moveToCurrentRow")) {
            return errors.forwardOnly();
        }
        return errors.noCurrentRow();
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw errors.closed();
        }
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public void close() throws SQLException {
        if (!closed) {
            closed = true;
            statement.answerClosed(this);
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return metaData;
    }

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return statement;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        int index = metaData.findColumn(label);
        if (index == 0) {
            throw errors.columnNotFound(label);
        }
        return index;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public int getType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return statement.getResultSetHoldability();
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw errors.forwardOnly();
        }
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("Fetch size must be >= 0, was " + rows, "22023");
        }
        fetchSize = rows;
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return false; // JDBC: false when the result has no rows
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return false; // JDBC: false when the result has no rows
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return 0;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("An answer from the filter wraps no driver result set; it cannot be unwrapped"
                + " to " + iface.getName(), "42000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
