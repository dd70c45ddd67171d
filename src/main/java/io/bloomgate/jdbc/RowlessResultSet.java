package io.bloomgate.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * A forward-only, read-only result without rows that behaves, method by method, as the driver's
 * own result of a query that returned no rows: same return values, same exceptions (class,
 * SQLSTATE, vendor code), checked in the same order. Only the state a rowless result can have is
 * kept here (open or closed, before the first row or past the end, fetch size); what the driver
 * does with it, and which arguments it checks first, is the driver's part ({@link DriverErrors}).
 *
 * <p>Every method maps to one of a few operations (read a column, write a column, move, change
 * the row, ...) so that a driver's rules are stated once per operation, not once per method.
 * The columns are those of the driver's own answer ({@link MetaDataCopy}).
 */
@SuppressWarnings("deprecation")
abstract class RowlessResultSet implements ResultSet {

    /** How a getter reads a column, as far as drivers treat getters differently. */
    enum Read {
        /** A typed getter: the value of the current row. */
        VALUE,
        /** {@code getBigDecimal(column, scale)}: the argument is the scale. */
        SCALED_DECIMAL,
        UNICODE_STREAM,
        REF,
        URL,
        ROW_ID,
        NCLOB,
        NSTRING,
        NCHARACTER_STREAM,
        /** {@code getObject(column, Map)}: the argument is the type map. */
        OBJECT_WITH_MAP,
        /** {@code getObject(column, Class)}: the argument is the class. */
        OBJECT_AS_TYPE
    }

    /** How an updater writes a column, as far as drivers treat updaters differently. */
    enum Write {
        /** A typed updater (also {@code updateObject(column, x[, scale])}, arrays, SQLXML). */
        VALUE,
        NULL,
        /** {@code update(Ascii|Binary|Character)Stream(column, x, int length)}. */
        SIZED_STREAM,
        /** The same streams without a length or with a {@code long} length. */
        STREAM,
        /** {@code updateBlob(column, Blob)}. */
        BLOB,
        /** {@code updateClob(column, Clob)}. */
        CLOB,
        /** {@code updateBlob(column, InputStream...)}, {@code updateClob(column, Reader...)}. */
        LOB_STREAM,
        NCLOB,
        NSTRING,
        NCHARACTER_STREAM,
        REF,
        ROW_ID,
        /** {@code updateObject(column, x, SQLType[, scaleOrLength])}. */
        OBJECT_AS_SQL_TYPE
    }

    /** A cursor movement. */
    enum Move {
        NEXT, PREVIOUS, FIRST, LAST, BEFORE_FIRST, AFTER_LAST, ABSOLUTE, RELATIVE
    }

    /** An operation on the current row or the insert row. */
    enum RowChange {
        INSERT, UPDATE, DELETE, REFRESH, CANCEL_UPDATES, MOVE_TO_INSERT_ROW, MOVE_TO_CURRENT_ROW
    }

    /** What the driver in use does; all decisions are its. */
    final DriverErrors driver;
    /** The columns, as the driver described them. */
    final MetaDataCopy metaData;

    // The state of a result without rows; read and written by the driver's rules.
    /** Closed by the application or with its statement. */
    boolean closed;
    /** A movement went past the (absent) rows: the cursor is after the end, no longer before the start. */
    boolean pastEnd;
    /** What {@code getFetchSize()} reports, as the driver keeps it. */
    int fetchSize;
    /**
     * The driver would have streamed this result rather than read it whole (MariaDB Connector/J with
     * a fetch size), and follows the rules of its streamed results.
     */
    boolean streamed;

    RowlessResultSet(MetaDataCopy metaData, DriverErrors driver) {
        this.metaData = metaData;
        this.driver = driver;
    }

    /** The statement the application executed (what {@code getStatement()} returns). */
    abstract Statement owner();

    /** Called once, by the first {@code close()}. */
    abstract void onClose() throws SQLException;

    // ------------------------------------------------------------------ life cycle and cursor

    @Override
    public boolean next() throws SQLException {
        return driver.move(this, Move.NEXT, 0);
    }

    @Override
    public boolean previous() throws SQLException {
        return driver.move(this, Move.PREVIOUS, 0);
    }

    @Override
    public boolean first() throws SQLException {
        return driver.move(this, Move.FIRST, 0);
    }

    @Override
    public boolean last() throws SQLException {
        return driver.move(this, Move.LAST, 0);
    }

    @Override
    public void beforeFirst() throws SQLException {
        driver.move(this, Move.BEFORE_FIRST, 0);
    }

    @Override
    public void afterLast() throws SQLException {
        driver.move(this, Move.AFTER_LAST, 0);
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        return driver.move(this, Move.ABSOLUTE, row);
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        return driver.move(this, Move.RELATIVE, rows);
    }

    @Override
    public void close() throws SQLException {
        if (!closed) {
            closed = true;
            onClose();
        }
    }

    @Override
    public boolean isClosed() {
        return driver.isClosed(this);
    }

    // With no rows the cursor is never on, before (JDBC: false when there are no rows) or after a row.

    @Override
    public boolean isBeforeFirst() throws SQLException {
        driver.checkOpen(this);
        return false;
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        driver.checkOpen(this);
        return false;
    }

    @Override
    public boolean isFirst() throws SQLException {
        driver.checkOpen(this);
        return false;
    }

    @Override
    public boolean isLast() throws SQLException {
        driver.checkOpen(this);
        return false;
    }

    @Override
    public int getRow() throws SQLException {
        driver.checkOpen(this);
        return 0;
    }

    @Override
    public boolean wasNull() throws SQLException {
        return driver.wasNull(this);
    }

    // ------------------------------------------------------------------ properties

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        driver.checkProperty(this);
        return metaData;
    }

    @Override
    public Statement getStatement() throws SQLException {
        driver.checkProperty(this);
        return owner();
    }

    @Override
    public int findColumn(String label) throws SQLException {
        return driver.findColumn(this, label);
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return driver.warnings(this);
    }

    @Override
    public void clearWarnings() throws SQLException {
        driver.checkProperty(this);
    }

    @Override
    public int getType() throws SQLException {
        driver.checkTypeOrConcurrency(this);
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        driver.checkTypeOrConcurrency(this);
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() throws SQLException {
        return driver.holdability(this);
    }

    @Override
    public String getCursorName() throws SQLException {
        return driver.cursorName(this);
    }

    @Override
    public int getFetchDirection() throws SQLException {
        return driver.fetchDirection(this);
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        driver.setFetchDirection(this, direction);
    }

    @Override
    public int getFetchSize() throws SQLException {
        return driver.fetchSize(this);
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        driver.setFetchSize(this, rows);
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return driver.unwrap(this, iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return driver.isWrapperFor(this, iface);
    }

    // ------------------------------------------------------------------ rows

    @Override
    public boolean rowUpdated() throws SQLException {
        return driver.rowChanged(this);
    }

    @Override
    public boolean rowInserted() throws SQLException {
        return driver.rowChanged(this);
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        return driver.rowChanged(this);
    }

    @Override
    public void insertRow() throws SQLException {
        driver.changeRow(this, RowChange.INSERT);
    }

    @Override
    public void updateRow() throws SQLException {
        driver.changeRow(this, RowChange.UPDATE);
    }

    @Override
    public void deleteRow() throws SQLException {
        driver.changeRow(this, RowChange.DELETE);
    }

    @Override
    public void refreshRow() throws SQLException {
        driver.changeRow(this, RowChange.REFRESH);
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        driver.changeRow(this, RowChange.CANCEL_UPDATES);
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        driver.changeRow(this, RowChange.MOVE_TO_INSERT_ROW);
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        driver.changeRow(this, RowChange.MOVE_TO_CURRENT_ROW);
    }

    // ------------------------------------------------------------------ columns: every getter
    // and updater fails (there is no row, and the result is read-only); which exception, and
    // whether the column is checked first, is the driver's rule.

    @Override
    public Array getArray(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getArray", label, null);
    }

    @Override
    public Array getArray(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getArray", column, null);
    }

    @Override
    public InputStream getAsciiStream(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getAsciiStream", label, null);
    }

    @Override
    public InputStream getAsciiStream(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getAsciiStream", column, null);
    }

    @Override
    public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        throw driver.read(this, Read.SCALED_DECIMAL, "getBigDecimal", label, scale);
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBigDecimal", label, null);
    }

    @Override
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        throw driver.read(this, Read.SCALED_DECIMAL, "getBigDecimal", column, scale);
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBigDecimal", column, null);
    }

    @Override
    public InputStream getBinaryStream(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBinaryStream", label, null);
    }

    @Override
    public InputStream getBinaryStream(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBinaryStream", column, null);
    }

    @Override
    public Blob getBlob(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBlob", label, null);
    }

    @Override
    public Blob getBlob(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBlob", column, null);
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBoolean", label, null);
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBoolean", column, null);
    }

    @Override
    public byte getByte(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getByte", label, null);
    }

    @Override
    public byte getByte(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getByte", column, null);
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBytes", label, null);
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getBytes", column, null);
    }

    @Override
    public Reader getCharacterStream(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getCharacterStream", label, null);
    }

    @Override
    public Reader getCharacterStream(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getCharacterStream", column, null);
    }

    @Override
    public Clob getClob(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getClob", label, null);
    }

    @Override
    public Clob getClob(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getClob", column, null);
    }

    @Override
    public Date getDate(String label, Calendar calendar) throws SQLException {
        throw driver.read(this, Read.VALUE, "getDate", label, null);
    }

    @Override
    public Date getDate(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getDate", label, null);
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        throw driver.read(this, Read.VALUE, "getDate", column, null);
    }

    @Override
    public Date getDate(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getDate", column, null);
    }

    @Override
    public double getDouble(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getDouble", label, null);
    }

    @Override
    public double getDouble(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getDouble", column, null);
    }

    @Override
    public float getFloat(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getFloat", label, null);
    }

    @Override
    public float getFloat(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getFloat", column, null);
    }

    @Override
    public int getInt(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getInt", label, null);
    }

    @Override
    public int getInt(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getInt", column, null);
    }

    @Override
    public long getLong(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getLong", label, null);
    }

    @Override
    public long getLong(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getLong", column, null);
    }

    @Override
    public Reader getNCharacterStream(String label) throws SQLException {
        throw driver.read(this, Read.NCHARACTER_STREAM, "getNCharacterStream", label, null);
    }

    @Override
    public Reader getNCharacterStream(int column) throws SQLException {
        throw driver.read(this, Read.NCHARACTER_STREAM, "getNCharacterStream", column, null);
    }

    @Override
    public NClob getNClob(String label) throws SQLException {
        throw driver.read(this, Read.NCLOB, "getNClob", label, null);
    }

    @Override
    public NClob getNClob(int column) throws SQLException {
        throw driver.read(this, Read.NCLOB, "getNClob", column, null);
    }

    @Override
    public String getNString(String label) throws SQLException {
        throw driver.read(this, Read.NSTRING, "getNString", label, null);
    }

    @Override
    public String getNString(int column) throws SQLException {
        throw driver.read(this, Read.NSTRING, "getNString", column, null);
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        throw driver.read(this, Read.OBJECT_AS_TYPE, "getObject", label, type);
    }

    @Override
    public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
        throw driver.read(this, Read.OBJECT_WITH_MAP, "getObject", label, map);
    }

    @Override
    public Object getObject(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getObject", label, null);
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        throw driver.read(this, Read.OBJECT_AS_TYPE, "getObject", column, type);
    }

    @Override
    public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
        throw driver.read(this, Read.OBJECT_WITH_MAP, "getObject", column, map);
    }

    @Override
    public Object getObject(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getObject", column, null);
    }

    @Override
    public Ref getRef(String label) throws SQLException {
        throw driver.read(this, Read.REF, "getRef", label, null);
    }

    @Override
    public Ref getRef(int column) throws SQLException {
        throw driver.read(this, Read.REF, "getRef", column, null);
    }

    @Override
    public RowId getRowId(String label) throws SQLException {
        throw driver.read(this, Read.ROW_ID, "getRowId", label, null);
    }

    @Override
    public RowId getRowId(int column) throws SQLException {
        throw driver.read(this, Read.ROW_ID, "getRowId", column, null);
    }

    @Override
    public SQLXML getSQLXML(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getSQLXML", label, null);
    }

    @Override
    public SQLXML getSQLXML(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getSQLXML", column, null);
    }

    @Override
    public short getShort(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getShort", label, null);
    }

    @Override
    public short getShort(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getShort", column, null);
    }

    @Override
    public String getString(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getString", label, null);
    }

    @Override
    public String getString(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getString", column, null);
    }

    @Override
    public Time getTime(String label, Calendar calendar) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTime", label, null);
    }

    @Override
    public Time getTime(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTime", label, null);
    }

    @Override
    public Time getTime(int column, Calendar calendar) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTime", column, null);
    }

    @Override
    public Time getTime(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTime", column, null);
    }

    @Override
    public Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTimestamp", label, null);
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTimestamp", label, null);
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTimestamp", column, null);
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        throw driver.read(this, Read.VALUE, "getTimestamp", column, null);
    }

    @Override
    public URL getURL(String label) throws SQLException {
        throw driver.read(this, Read.URL, "getURL", label, null);
    }

    @Override
    public URL getURL(int column) throws SQLException {
        throw driver.read(this, Read.URL, "getURL", column, null);
    }

    @Override
    public InputStream getUnicodeStream(String label) throws SQLException {
        throw driver.read(this, Read.UNICODE_STREAM, "getUnicodeStream", label, null);
    }

    @Override
    public InputStream getUnicodeStream(int column) throws SQLException {
        throw driver.read(this, Read.UNICODE_STREAM, "getUnicodeStream", column, null);
    }

    @Override
    public void updateArray(String label, Array x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateArray", label, x, -1);
    }

    @Override
    public void updateArray(int column, Array x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateArray", column, x, -1);
    }

    @Override
    public void updateAsciiStream(String label, InputStream x, int length) throws SQLException {
        throw driver.write(this, Write.SIZED_STREAM, "updateAsciiStream", label, x, length);
    }

    @Override
    public void updateAsciiStream(String label, InputStream x, long length) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateAsciiStream", label, x, -1);
    }

    @Override
    public void updateAsciiStream(String label, InputStream x) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateAsciiStream", label, x, -1);
    }

    @Override
    public void updateAsciiStream(int column, InputStream x, int length) throws SQLException {
        throw driver.write(this, Write.SIZED_STREAM, "updateAsciiStream", column, x, length);
    }

    @Override
    public void updateAsciiStream(int column, InputStream x, long length) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateAsciiStream", column, x, -1);
    }

    @Override
    public void updateAsciiStream(int column, InputStream x) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateAsciiStream", column, x, -1);
    }

    @Override
    public void updateBigDecimal(String label, BigDecimal x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateBigDecimal", label, x, -1);
    }

    @Override
    public void updateBigDecimal(int column, BigDecimal x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateBigDecimal", column, x, -1);
    }

    @Override
    public void updateBinaryStream(String label, InputStream x, int length) throws SQLException {
        throw driver.write(this, Write.SIZED_STREAM, "updateBinaryStream", label, x, length);
    }

    @Override
    public void updateBinaryStream(String label, InputStream x, long length) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateBinaryStream", label, x, -1);
    }

    @Override
    public void updateBinaryStream(String label, InputStream x) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateBinaryStream", label, x, -1);
    }

    @Override
    public void updateBinaryStream(int column, InputStream x, int length) throws SQLException {
        throw driver.write(this, Write.SIZED_STREAM, "updateBinaryStream", column, x, length);
    }

    @Override
    public void updateBinaryStream(int column, InputStream x, long length) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateBinaryStream", column, x, -1);
    }

    @Override
    public void updateBinaryStream(int column, InputStream x) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateBinaryStream", column, x, -1);
    }

    @Override
    public void updateBlob(String label, InputStream x, long length) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateBlob", label, x, -1);
    }

    @Override
    public void updateBlob(String label, InputStream x) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateBlob", label, x, -1);
    }

    @Override
    public void updateBlob(String label, Blob x) throws SQLException {
        throw driver.write(this, Write.BLOB, "updateBlob", label, x, -1);
    }

    @Override
    public void updateBlob(int column, InputStream x, long length) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateBlob", column, x, -1);
    }

    @Override
    public void updateBlob(int column, InputStream x) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateBlob", column, x, -1);
    }

    @Override
    public void updateBlob(int column, Blob x) throws SQLException {
        throw driver.write(this, Write.BLOB, "updateBlob", column, x, -1);
    }

    @Override
    public void updateBoolean(String label, boolean x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateBoolean", label, x, -1);
    }

    @Override
    public void updateBoolean(int column, boolean x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateBoolean", column, x, -1);
    }

    @Override
    public void updateByte(String label, byte x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateByte", label, x, -1);
    }

    @Override
    public void updateByte(int column, byte x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateByte", column, x, -1);
    }

    @Override
    public void updateBytes(String label, byte[] x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateBytes", label, x, -1);
    }

    @Override
    public void updateBytes(int column, byte[] x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateBytes", column, x, -1);
    }

    @Override
    public void updateCharacterStream(String label, Reader x, int length) throws SQLException {
        throw driver.write(this, Write.SIZED_STREAM, "updateCharacterStream", label, x, length);
    }

    @Override
    public void updateCharacterStream(String label, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateCharacterStream", label, x, -1);
    }

    @Override
    public void updateCharacterStream(String label, Reader x) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateCharacterStream", label, x, -1);
    }

    @Override
    public void updateCharacterStream(int column, Reader x, int length) throws SQLException {
        throw driver.write(this, Write.SIZED_STREAM, "updateCharacterStream", column, x, length);
    }

    @Override
    public void updateCharacterStream(int column, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateCharacterStream", column, x, -1);
    }

    @Override
    public void updateCharacterStream(int column, Reader x) throws SQLException {
        throw driver.write(this, Write.STREAM, "updateCharacterStream", column, x, -1);
    }

    @Override
    public void updateClob(String label, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateClob", label, x, -1);
    }

    @Override
    public void updateClob(String label, Reader x) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateClob", label, x, -1);
    }

    @Override
    public void updateClob(String label, Clob x) throws SQLException {
        throw driver.write(this, Write.CLOB, "updateClob", label, x, -1);
    }

    @Override
    public void updateClob(int column, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateClob", column, x, -1);
    }

    @Override
    public void updateClob(int column, Reader x) throws SQLException {
        throw driver.write(this, Write.LOB_STREAM, "updateClob", column, x, -1);
    }

    @Override
    public void updateClob(int column, Clob x) throws SQLException {
        throw driver.write(this, Write.CLOB, "updateClob", column, x, -1);
    }

    @Override
    public void updateDate(String label, Date x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateDate", label, x, -1);
    }

    @Override
    public void updateDate(int column, Date x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateDate", column, x, -1);
    }

    @Override
    public void updateDouble(String label, double x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateDouble", label, x, -1);
    }

    @Override
    public void updateDouble(int column, double x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateDouble", column, x, -1);
    }

    @Override
    public void updateFloat(String label, float x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateFloat", label, x, -1);
    }

    @Override
    public void updateFloat(int column, float x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateFloat", column, x, -1);
    }

    @Override
    public void updateInt(String label, int x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateInt", label, x, -1);
    }

    @Override
    public void updateInt(int column, int x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateInt", column, x, -1);
    }

    @Override
    public void updateLong(String label, long x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateLong", label, x, -1);
    }

    @Override
    public void updateLong(int column, long x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateLong", column, x, -1);
    }

    @Override
    public void updateNCharacterStream(String label, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.NCHARACTER_STREAM, "updateNCharacterStream", label, x, -1);
    }

    @Override
    public void updateNCharacterStream(String label, Reader x) throws SQLException {
        throw driver.write(this, Write.NCHARACTER_STREAM, "updateNCharacterStream", label, x, -1);
    }

    @Override
    public void updateNCharacterStream(int column, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.NCHARACTER_STREAM, "updateNCharacterStream", column, x, -1);
    }

    @Override
    public void updateNCharacterStream(int column, Reader x) throws SQLException {
        throw driver.write(this, Write.NCHARACTER_STREAM, "updateNCharacterStream", column, x, -1);
    }

    @Override
    public void updateNClob(String label, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.NCLOB, "updateNClob", label, x, -1);
    }

    @Override
    public void updateNClob(String label, Reader x) throws SQLException {
        throw driver.write(this, Write.NCLOB, "updateNClob", label, x, -1);
    }

    @Override
    public void updateNClob(String label, NClob x) throws SQLException {
        throw driver.write(this, Write.NCLOB, "updateNClob", label, x, -1);
    }

    @Override
    public void updateNClob(int column, Reader x, long length) throws SQLException {
        throw driver.write(this, Write.NCLOB, "updateNClob", column, x, -1);
    }

    @Override
    public void updateNClob(int column, Reader x) throws SQLException {
        throw driver.write(this, Write.NCLOB, "updateNClob", column, x, -1);
    }

    @Override
    public void updateNClob(int column, NClob x) throws SQLException {
        throw driver.write(this, Write.NCLOB, "updateNClob", column, x, -1);
    }

    @Override
    public void updateNString(String label, String x) throws SQLException {
        throw driver.write(this, Write.NSTRING, "updateNString", label, x, -1);
    }

    @Override
    public void updateNString(int column, String x) throws SQLException {
        throw driver.write(this, Write.NSTRING, "updateNString", column, x, -1);
    }

    @Override
    public void updateNull(String label) throws SQLException {
        throw driver.write(this, Write.NULL, "updateNull", label, null, -1);
    }

    @Override
    public void updateNull(int column) throws SQLException {
        throw driver.write(this, Write.NULL, "updateNull", column, null, -1);
    }

    @Override
    public void updateObject(String label, Object x, int scaleOrLength) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateObject", label, x, -1);
    }

    @Override
    public void updateObject(String label, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        throw driver.write(this, Write.OBJECT_AS_SQL_TYPE, "updateObject", label, x, -1);
    }

    @Override
    public void updateObject(String label, Object x, SQLType targetSqlType) throws SQLException {
        throw driver.write(this, Write.OBJECT_AS_SQL_TYPE, "updateObject", label, x, -1);
    }

    @Override
    public void updateObject(String label, Object x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateObject", label, x, -1);
    }

    @Override
    public void updateObject(int column, Object x, int scaleOrLength) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateObject", column, x, -1);
    }

    @Override
    public void updateObject(int column, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        throw driver.write(this, Write.OBJECT_AS_SQL_TYPE, "updateObject", column, x, -1);
    }

    @Override
    public void updateObject(int column, Object x, SQLType targetSqlType) throws SQLException {
        throw driver.write(this, Write.OBJECT_AS_SQL_TYPE, "updateObject", column, x, -1);
    }

    @Override
    public void updateObject(int column, Object x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateObject", column, x, -1);
    }

    @Override
    public void updateRef(String label, Ref x) throws SQLException {
        throw driver.write(this, Write.REF, "updateRef", label, x, -1);
    }

    @Override
    public void updateRef(int column, Ref x) throws SQLException {
        throw driver.write(this, Write.REF, "updateRef", column, x, -1);
    }

    @Override
    public void updateRowId(String label, RowId x) throws SQLException {
        throw driver.write(this, Write.ROW_ID, "updateRowId", label, x, -1);
    }

    @Override
    public void updateRowId(int column, RowId x) throws SQLException {
        throw driver.write(this, Write.ROW_ID, "updateRowId", column, x, -1);
    }

    @Override
    public void updateSQLXML(String label, SQLXML x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateSQLXML", label, x, -1);
    }

    @Override
    public void updateSQLXML(int column, SQLXML x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateSQLXML", column, x, -1);
    }

    @Override
    public void updateShort(String label, short x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateShort", label, x, -1);
    }

    @Override
    public void updateShort(int column, short x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateShort", column, x, -1);
    }

    @Override
    public void updateString(String label, String x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateString", label, x, -1);
    }

    @Override
    public void updateString(int column, String x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateString", column, x, -1);
    }

    @Override
    public void updateTime(String label, Time x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateTime", label, x, -1);
    }

    @Override
    public void updateTime(int column, Time x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateTime", column, x, -1);
    }

    @Override
    public void updateTimestamp(String label, Timestamp x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateTimestamp", label, x, -1);
    }

    @Override
    public void updateTimestamp(int column, Timestamp x) throws SQLException {
        throw driver.write(this, Write.VALUE, "updateTimestamp", column, x, -1);
    }
}
