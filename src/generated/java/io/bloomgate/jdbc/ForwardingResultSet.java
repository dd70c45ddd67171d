// GENERATED from java.sql.ResultSet (Java 17) by src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java. Do not edit:
// regenerate from the repository root with `java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java`
// (GeneratedForwardersTest fails while this file differs from the generator's output).
package io.bloomgate.jdbc;

/**
 * Forwards every {@code java.sql.ResultSet} method to the driver's object; the gate's
 * subclass overrides only what it changes. Generated, one idea: delegation.
 */
@SuppressWarnings({"deprecation", "unchecked"})
abstract class ForwardingResultSet implements java.sql.ResultSet {

    /** The driver's object. */
    final java.sql.ResultSet delegate;

    ForwardingResultSet(java.sql.ResultSet delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean absolute(int p1) throws java.sql.SQLException {
        return delegate.absolute(p1);
    }

    @Override
    public void afterLast() throws java.sql.SQLException {
        delegate.afterLast();
    }

    @Override
    public void beforeFirst() throws java.sql.SQLException {
        delegate.beforeFirst();
    }

    @Override
    public void cancelRowUpdates() throws java.sql.SQLException {
        delegate.cancelRowUpdates();
    }

    @Override
    public void clearWarnings() throws java.sql.SQLException {
        delegate.clearWarnings();
    }

    @Override
    public void close() throws java.sql.SQLException {
        delegate.close();
    }

    @Override
    public void deleteRow() throws java.sql.SQLException {
        delegate.deleteRow();
    }

    @Override
    public int findColumn(java.lang.String p1) throws java.sql.SQLException {
        return delegate.findColumn(p1);
    }

    @Override
    public boolean first() throws java.sql.SQLException {
        return delegate.first();
    }

    @Override
    public java.sql.Array getArray(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getArray(p1);
    }

    @Override
    public java.sql.Array getArray(int p1) throws java.sql.SQLException {
        return delegate.getArray(p1);
    }

    @Override
    public java.io.InputStream getAsciiStream(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getAsciiStream(p1);
    }

    @Override
    public java.io.InputStream getAsciiStream(int p1) throws java.sql.SQLException {
        return delegate.getAsciiStream(p1);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(java.lang.String p1, int p2) throws java.sql.SQLException {
        return delegate.getBigDecimal(p1, p2);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getBigDecimal(p1);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int p1, int p2) throws java.sql.SQLException {
        return delegate.getBigDecimal(p1, p2);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int p1) throws java.sql.SQLException {
        return delegate.getBigDecimal(p1);
    }

    @Override
    public java.io.InputStream getBinaryStream(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getBinaryStream(p1);
    }

    @Override
    public java.io.InputStream getBinaryStream(int p1) throws java.sql.SQLException {
        return delegate.getBinaryStream(p1);
    }

    @Override
    public java.sql.Blob getBlob(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getBlob(p1);
    }

    @Override
    public java.sql.Blob getBlob(int p1) throws java.sql.SQLException {
        return delegate.getBlob(p1);
    }

    @Override
    public boolean getBoolean(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getBoolean(p1);
    }

    @Override
    public boolean getBoolean(int p1) throws java.sql.SQLException {
        return delegate.getBoolean(p1);
    }

    @Override
    public byte getByte(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getByte(p1);
    }

    @Override
    public byte getByte(int p1) throws java.sql.SQLException {
        return delegate.getByte(p1);
    }

    @Override
    public byte[] getBytes(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getBytes(p1);
    }

    @Override
    public byte[] getBytes(int p1) throws java.sql.SQLException {
        return delegate.getBytes(p1);
    }

    @Override
    public java.io.Reader getCharacterStream(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getCharacterStream(p1);
    }

    @Override
    public java.io.Reader getCharacterStream(int p1) throws java.sql.SQLException {
        return delegate.getCharacterStream(p1);
    }

    @Override
    public java.sql.Clob getClob(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getClob(p1);
    }

    @Override
    public java.sql.Clob getClob(int p1) throws java.sql.SQLException {
        return delegate.getClob(p1);
    }

    @Override
    public int getConcurrency() throws java.sql.SQLException {
        return delegate.getConcurrency();
    }

    @Override
    public java.lang.String getCursorName() throws java.sql.SQLException {
        return delegate.getCursorName();
    }

    @Override
    public java.sql.Date getDate(java.lang.String p1, java.util.Calendar p2) throws java.sql.SQLException {
        return delegate.getDate(p1, p2);
    }

    @Override
    public java.sql.Date getDate(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getDate(p1);
    }

    @Override
    public java.sql.Date getDate(int p1, java.util.Calendar p2) throws java.sql.SQLException {
        return delegate.getDate(p1, p2);
    }

    @Override
    public java.sql.Date getDate(int p1) throws java.sql.SQLException {
        return delegate.getDate(p1);
    }

    @Override
    public double getDouble(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getDouble(p1);
    }

    @Override
    public double getDouble(int p1) throws java.sql.SQLException {
        return delegate.getDouble(p1);
    }

    @Override
    public int getFetchDirection() throws java.sql.SQLException {
        return delegate.getFetchDirection();
    }

    @Override
    public int getFetchSize() throws java.sql.SQLException {
        return delegate.getFetchSize();
    }

    @Override
    public float getFloat(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getFloat(p1);
    }

    @Override
    public float getFloat(int p1) throws java.sql.SQLException {
        return delegate.getFloat(p1);
    }

    @Override
    public int getHoldability() throws java.sql.SQLException {
        return delegate.getHoldability();
    }

    @Override
    public int getInt(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getInt(p1);
    }

    @Override
    public int getInt(int p1) throws java.sql.SQLException {
        return delegate.getInt(p1);
    }

    @Override
    public long getLong(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getLong(p1);
    }

    @Override
    public long getLong(int p1) throws java.sql.SQLException {
        return delegate.getLong(p1);
    }

    @Override
    public java.sql.ResultSetMetaData getMetaData() throws java.sql.SQLException {
        return delegate.getMetaData();
    }

    @Override
    public java.io.Reader getNCharacterStream(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getNCharacterStream(p1);
    }

    @Override
    public java.io.Reader getNCharacterStream(int p1) throws java.sql.SQLException {
        return delegate.getNCharacterStream(p1);
    }

    @Override
    public java.sql.NClob getNClob(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getNClob(p1);
    }

    @Override
    public java.sql.NClob getNClob(int p1) throws java.sql.SQLException {
        return delegate.getNClob(p1);
    }

    @Override
    public java.lang.String getNString(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getNString(p1);
    }

    @Override
    public java.lang.String getNString(int p1) throws java.sql.SQLException {
        return delegate.getNString(p1);
    }

    @Override
    public <T> T getObject(java.lang.String p1, java.lang.Class<T> p2) throws java.sql.SQLException {
        return delegate.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(java.lang.String p1, java.util.Map<java.lang.String, java.lang.Class<?>> p2) throws java.sql.SQLException {
        return delegate.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getObject(p1);
    }

    @Override
    public <T> T getObject(int p1, java.lang.Class<T> p2) throws java.sql.SQLException {
        return delegate.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(int p1, java.util.Map<java.lang.String, java.lang.Class<?>> p2) throws java.sql.SQLException {
        return delegate.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(int p1) throws java.sql.SQLException {
        return delegate.getObject(p1);
    }

    @Override
    public java.sql.Ref getRef(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getRef(p1);
    }

    @Override
    public java.sql.Ref getRef(int p1) throws java.sql.SQLException {
        return delegate.getRef(p1);
    }

    @Override
    public int getRow() throws java.sql.SQLException {
        return delegate.getRow();
    }

    @Override
    public java.sql.RowId getRowId(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getRowId(p1);
    }

    @Override
    public java.sql.RowId getRowId(int p1) throws java.sql.SQLException {
        return delegate.getRowId(p1);
    }

    @Override
    public java.sql.SQLXML getSQLXML(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getSQLXML(p1);
    }

    @Override
    public java.sql.SQLXML getSQLXML(int p1) throws java.sql.SQLException {
        return delegate.getSQLXML(p1);
    }

    @Override
    public short getShort(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getShort(p1);
    }

    @Override
    public short getShort(int p1) throws java.sql.SQLException {
        return delegate.getShort(p1);
    }

    @Override
    public java.sql.Statement getStatement() throws java.sql.SQLException {
        return delegate.getStatement();
    }

    @Override
    public java.lang.String getString(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getString(p1);
    }

    @Override
    public java.lang.String getString(int p1) throws java.sql.SQLException {
        return delegate.getString(p1);
    }

    @Override
    public java.sql.Time getTime(java.lang.String p1, java.util.Calendar p2) throws java.sql.SQLException {
        return delegate.getTime(p1, p2);
    }

    @Override
    public java.sql.Time getTime(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getTime(p1);
    }

    @Override
    public java.sql.Time getTime(int p1, java.util.Calendar p2) throws java.sql.SQLException {
        return delegate.getTime(p1, p2);
    }

    @Override
    public java.sql.Time getTime(int p1) throws java.sql.SQLException {
        return delegate.getTime(p1);
    }

    @Override
    public java.sql.Timestamp getTimestamp(java.lang.String p1, java.util.Calendar p2) throws java.sql.SQLException {
        return delegate.getTimestamp(p1, p2);
    }

    @Override
    public java.sql.Timestamp getTimestamp(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getTimestamp(p1);
    }

    @Override
    public java.sql.Timestamp getTimestamp(int p1, java.util.Calendar p2) throws java.sql.SQLException {
        return delegate.getTimestamp(p1, p2);
    }

    @Override
    public java.sql.Timestamp getTimestamp(int p1) throws java.sql.SQLException {
        return delegate.getTimestamp(p1);
    }

    @Override
    public int getType() throws java.sql.SQLException {
        return delegate.getType();
    }

    @Override
    public java.net.URL getURL(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getURL(p1);
    }

    @Override
    public java.net.URL getURL(int p1) throws java.sql.SQLException {
        return delegate.getURL(p1);
    }

    @Override
    public java.io.InputStream getUnicodeStream(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getUnicodeStream(p1);
    }

    @Override
    public java.io.InputStream getUnicodeStream(int p1) throws java.sql.SQLException {
        return delegate.getUnicodeStream(p1);
    }

    @Override
    public java.sql.SQLWarning getWarnings() throws java.sql.SQLException {
        return delegate.getWarnings();
    }

    @Override
    public void insertRow() throws java.sql.SQLException {
        delegate.insertRow();
    }

    @Override
    public boolean isAfterLast() throws java.sql.SQLException {
        return delegate.isAfterLast();
    }

    @Override
    public boolean isBeforeFirst() throws java.sql.SQLException {
        return delegate.isBeforeFirst();
    }

    @Override
    public boolean isClosed() throws java.sql.SQLException {
        return delegate.isClosed();
    }

    @Override
    public boolean isFirst() throws java.sql.SQLException {
        return delegate.isFirst();
    }

    @Override
    public boolean isLast() throws java.sql.SQLException {
        return delegate.isLast();
    }

    @Override
    public boolean isWrapperFor(java.lang.Class<?> p1) throws java.sql.SQLException {
        return delegate.isWrapperFor(p1);
    }

    @Override
    public boolean last() throws java.sql.SQLException {
        return delegate.last();
    }

    @Override
    public void moveToCurrentRow() throws java.sql.SQLException {
        delegate.moveToCurrentRow();
    }

    @Override
    public void moveToInsertRow() throws java.sql.SQLException {
        delegate.moveToInsertRow();
    }

    @Override
    public boolean next() throws java.sql.SQLException {
        return delegate.next();
    }

    @Override
    public boolean previous() throws java.sql.SQLException {
        return delegate.previous();
    }

    @Override
    public void refreshRow() throws java.sql.SQLException {
        delegate.refreshRow();
    }

    @Override
    public boolean relative(int p1) throws java.sql.SQLException {
        return delegate.relative(p1);
    }

    @Override
    public boolean rowDeleted() throws java.sql.SQLException {
        return delegate.rowDeleted();
    }

    @Override
    public boolean rowInserted() throws java.sql.SQLException {
        return delegate.rowInserted();
    }

    @Override
    public boolean rowUpdated() throws java.sql.SQLException {
        return delegate.rowUpdated();
    }

    @Override
    public void setFetchDirection(int p1) throws java.sql.SQLException {
        delegate.setFetchDirection(p1);
    }

    @Override
    public void setFetchSize(int p1) throws java.sql.SQLException {
        delegate.setFetchSize(p1);
    }

    @Override
    public <T> T unwrap(java.lang.Class<T> p1) throws java.sql.SQLException {
        return delegate.unwrap(p1);
    }

    @Override
    public void updateArray(java.lang.String p1, java.sql.Array p2) throws java.sql.SQLException {
        delegate.updateArray(p1, p2);
    }

    @Override
    public void updateArray(int p1, java.sql.Array p2) throws java.sql.SQLException {
        delegate.updateArray(p1, p2);
    }

    @Override
    public void updateAsciiStream(java.lang.String p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        delegate.updateAsciiStream(p1, p2, p3);
    }

    @Override
    public void updateAsciiStream(java.lang.String p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        delegate.updateAsciiStream(p1, p2, p3);
    }

    @Override
    public void updateAsciiStream(java.lang.String p1, java.io.InputStream p2) throws java.sql.SQLException {
        delegate.updateAsciiStream(p1, p2);
    }

    @Override
    public void updateAsciiStream(int p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        delegate.updateAsciiStream(p1, p2, p3);
    }

    @Override
    public void updateAsciiStream(int p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        delegate.updateAsciiStream(p1, p2, p3);
    }

    @Override
    public void updateAsciiStream(int p1, java.io.InputStream p2) throws java.sql.SQLException {
        delegate.updateAsciiStream(p1, p2);
    }

    @Override
    public void updateBigDecimal(java.lang.String p1, java.math.BigDecimal p2) throws java.sql.SQLException {
        delegate.updateBigDecimal(p1, p2);
    }

    @Override
    public void updateBigDecimal(int p1, java.math.BigDecimal p2) throws java.sql.SQLException {
        delegate.updateBigDecimal(p1, p2);
    }

    @Override
    public void updateBinaryStream(java.lang.String p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        delegate.updateBinaryStream(p1, p2, p3);
    }

    @Override
    public void updateBinaryStream(java.lang.String p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        delegate.updateBinaryStream(p1, p2, p3);
    }

    @Override
    public void updateBinaryStream(java.lang.String p1, java.io.InputStream p2) throws java.sql.SQLException {
        delegate.updateBinaryStream(p1, p2);
    }

    @Override
    public void updateBinaryStream(int p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        delegate.updateBinaryStream(p1, p2, p3);
    }

    @Override
    public void updateBinaryStream(int p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        delegate.updateBinaryStream(p1, p2, p3);
    }

    @Override
    public void updateBinaryStream(int p1, java.io.InputStream p2) throws java.sql.SQLException {
        delegate.updateBinaryStream(p1, p2);
    }

    @Override
    public void updateBlob(java.lang.String p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        delegate.updateBlob(p1, p2, p3);
    }

    @Override
    public void updateBlob(java.lang.String p1, java.io.InputStream p2) throws java.sql.SQLException {
        delegate.updateBlob(p1, p2);
    }

    @Override
    public void updateBlob(java.lang.String p1, java.sql.Blob p2) throws java.sql.SQLException {
        delegate.updateBlob(p1, p2);
    }

    @Override
    public void updateBlob(int p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        delegate.updateBlob(p1, p2, p3);
    }

    @Override
    public void updateBlob(int p1, java.io.InputStream p2) throws java.sql.SQLException {
        delegate.updateBlob(p1, p2);
    }

    @Override
    public void updateBlob(int p1, java.sql.Blob p2) throws java.sql.SQLException {
        delegate.updateBlob(p1, p2);
    }

    @Override
    public void updateBoolean(java.lang.String p1, boolean p2) throws java.sql.SQLException {
        delegate.updateBoolean(p1, p2);
    }

    @Override
    public void updateBoolean(int p1, boolean p2) throws java.sql.SQLException {
        delegate.updateBoolean(p1, p2);
    }

    @Override
    public void updateByte(java.lang.String p1, byte p2) throws java.sql.SQLException {
        delegate.updateByte(p1, p2);
    }

    @Override
    public void updateByte(int p1, byte p2) throws java.sql.SQLException {
        delegate.updateByte(p1, p2);
    }

    @Override
    public void updateBytes(java.lang.String p1, byte[] p2) throws java.sql.SQLException {
        delegate.updateBytes(p1, p2);
    }

    @Override
    public void updateBytes(int p1, byte[] p2) throws java.sql.SQLException {
        delegate.updateBytes(p1, p2);
    }

    @Override
    public void updateCharacterStream(java.lang.String p1, java.io.Reader p2, int p3) throws java.sql.SQLException {
        delegate.updateCharacterStream(p1, p2, p3);
    }

    @Override
    public void updateCharacterStream(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateCharacterStream(p1, p2, p3);
    }

    @Override
    public void updateCharacterStream(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateCharacterStream(p1, p2);
    }

    @Override
    public void updateCharacterStream(int p1, java.io.Reader p2, int p3) throws java.sql.SQLException {
        delegate.updateCharacterStream(p1, p2, p3);
    }

    @Override
    public void updateCharacterStream(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateCharacterStream(p1, p2, p3);
    }

    @Override
    public void updateCharacterStream(int p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateCharacterStream(p1, p2);
    }

    @Override
    public void updateClob(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateClob(p1, p2, p3);
    }

    @Override
    public void updateClob(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateClob(p1, p2);
    }

    @Override
    public void updateClob(java.lang.String p1, java.sql.Clob p2) throws java.sql.SQLException {
        delegate.updateClob(p1, p2);
    }

    @Override
    public void updateClob(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateClob(p1, p2, p3);
    }

    @Override
    public void updateClob(int p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateClob(p1, p2);
    }

    @Override
    public void updateClob(int p1, java.sql.Clob p2) throws java.sql.SQLException {
        delegate.updateClob(p1, p2);
    }

    @Override
    public void updateDate(java.lang.String p1, java.sql.Date p2) throws java.sql.SQLException {
        delegate.updateDate(p1, p2);
    }

    @Override
    public void updateDate(int p1, java.sql.Date p2) throws java.sql.SQLException {
        delegate.updateDate(p1, p2);
    }

    @Override
    public void updateDouble(java.lang.String p1, double p2) throws java.sql.SQLException {
        delegate.updateDouble(p1, p2);
    }

    @Override
    public void updateDouble(int p1, double p2) throws java.sql.SQLException {
        delegate.updateDouble(p1, p2);
    }

    @Override
    public void updateFloat(java.lang.String p1, float p2) throws java.sql.SQLException {
        delegate.updateFloat(p1, p2);
    }

    @Override
    public void updateFloat(int p1, float p2) throws java.sql.SQLException {
        delegate.updateFloat(p1, p2);
    }

    @Override
    public void updateInt(java.lang.String p1, int p2) throws java.sql.SQLException {
        delegate.updateInt(p1, p2);
    }

    @Override
    public void updateInt(int p1, int p2) throws java.sql.SQLException {
        delegate.updateInt(p1, p2);
    }

    @Override
    public void updateLong(java.lang.String p1, long p2) throws java.sql.SQLException {
        delegate.updateLong(p1, p2);
    }

    @Override
    public void updateLong(int p1, long p2) throws java.sql.SQLException {
        delegate.updateLong(p1, p2);
    }

    @Override
    public void updateNCharacterStream(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateNCharacterStream(p1, p2, p3);
    }

    @Override
    public void updateNCharacterStream(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateNCharacterStream(p1, p2);
    }

    @Override
    public void updateNCharacterStream(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateNCharacterStream(p1, p2, p3);
    }

    @Override
    public void updateNCharacterStream(int p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateNCharacterStream(p1, p2);
    }

    @Override
    public void updateNClob(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateNClob(p1, p2, p3);
    }

    @Override
    public void updateNClob(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateNClob(p1, p2);
    }

    @Override
    public void updateNClob(java.lang.String p1, java.sql.NClob p2) throws java.sql.SQLException {
        delegate.updateNClob(p1, p2);
    }

    @Override
    public void updateNClob(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        delegate.updateNClob(p1, p2, p3);
    }

    @Override
    public void updateNClob(int p1, java.io.Reader p2) throws java.sql.SQLException {
        delegate.updateNClob(p1, p2);
    }

    @Override
    public void updateNClob(int p1, java.sql.NClob p2) throws java.sql.SQLException {
        delegate.updateNClob(p1, p2);
    }

    @Override
    public void updateNString(java.lang.String p1, java.lang.String p2) throws java.sql.SQLException {
        delegate.updateNString(p1, p2);
    }

    @Override
    public void updateNString(int p1, java.lang.String p2) throws java.sql.SQLException {
        delegate.updateNString(p1, p2);
    }

    @Override
    public void updateNull(java.lang.String p1) throws java.sql.SQLException {
        delegate.updateNull(p1);
    }

    @Override
    public void updateNull(int p1) throws java.sql.SQLException {
        delegate.updateNull(p1);
    }

    @Override
    public void updateObject(java.lang.String p1, java.lang.Object p2, int p3) throws java.sql.SQLException {
        delegate.updateObject(p1, p2, p3);
    }

    @Override
    public void updateObject(java.lang.String p1, java.lang.Object p2, java.sql.SQLType p3, int p4) throws java.sql.SQLException {
        delegate.updateObject(p1, p2, p3, p4);
    }

    @Override
    public void updateObject(java.lang.String p1, java.lang.Object p2, java.sql.SQLType p3) throws java.sql.SQLException {
        delegate.updateObject(p1, p2, p3);
    }

    @Override
    public void updateObject(java.lang.String p1, java.lang.Object p2) throws java.sql.SQLException {
        delegate.updateObject(p1, p2);
    }

    @Override
    public void updateObject(int p1, java.lang.Object p2, int p3) throws java.sql.SQLException {
        delegate.updateObject(p1, p2, p3);
    }

    @Override
    public void updateObject(int p1, java.lang.Object p2, java.sql.SQLType p3, int p4) throws java.sql.SQLException {
        delegate.updateObject(p1, p2, p3, p4);
    }

    @Override
    public void updateObject(int p1, java.lang.Object p2, java.sql.SQLType p3) throws java.sql.SQLException {
        delegate.updateObject(p1, p2, p3);
    }

    @Override
    public void updateObject(int p1, java.lang.Object p2) throws java.sql.SQLException {
        delegate.updateObject(p1, p2);
    }

    @Override
    public void updateRef(java.lang.String p1, java.sql.Ref p2) throws java.sql.SQLException {
        delegate.updateRef(p1, p2);
    }

    @Override
    public void updateRef(int p1, java.sql.Ref p2) throws java.sql.SQLException {
        delegate.updateRef(p1, p2);
    }

    @Override
    public void updateRow() throws java.sql.SQLException {
        delegate.updateRow();
    }

    @Override
    public void updateRowId(java.lang.String p1, java.sql.RowId p2) throws java.sql.SQLException {
        delegate.updateRowId(p1, p2);
    }

    @Override
    public void updateRowId(int p1, java.sql.RowId p2) throws java.sql.SQLException {
        delegate.updateRowId(p1, p2);
    }

    @Override
    public void updateSQLXML(java.lang.String p1, java.sql.SQLXML p2) throws java.sql.SQLException {
        delegate.updateSQLXML(p1, p2);
    }

    @Override
    public void updateSQLXML(int p1, java.sql.SQLXML p2) throws java.sql.SQLException {
        delegate.updateSQLXML(p1, p2);
    }

    @Override
    public void updateShort(java.lang.String p1, short p2) throws java.sql.SQLException {
        delegate.updateShort(p1, p2);
    }

    @Override
    public void updateShort(int p1, short p2) throws java.sql.SQLException {
        delegate.updateShort(p1, p2);
    }

    @Override
    public void updateString(java.lang.String p1, java.lang.String p2) throws java.sql.SQLException {
        delegate.updateString(p1, p2);
    }

    @Override
    public void updateString(int p1, java.lang.String p2) throws java.sql.SQLException {
        delegate.updateString(p1, p2);
    }

    @Override
    public void updateTime(java.lang.String p1, java.sql.Time p2) throws java.sql.SQLException {
        delegate.updateTime(p1, p2);
    }

    @Override
    public void updateTime(int p1, java.sql.Time p2) throws java.sql.SQLException {
        delegate.updateTime(p1, p2);
    }

    @Override
    public void updateTimestamp(java.lang.String p1, java.sql.Timestamp p2) throws java.sql.SQLException {
        delegate.updateTimestamp(p1, p2);
    }

    @Override
    public void updateTimestamp(int p1, java.sql.Timestamp p2) throws java.sql.SQLException {
        delegate.updateTimestamp(p1, p2);
    }

    @Override
    public boolean wasNull() throws java.sql.SQLException {
        return delegate.wasNull();
    }
}
