// GENERATED from java.sql.CallableStatement (Java 17) by src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java. Do not edit:
// regenerate from the repository root with `java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java`
// (GeneratedForwardersTest fails while this file differs from the generator's output).
package io.bloomgate.jdbc;

/**
 * Forwards every {@code java.sql.CallableStatement} method to the driver's object; the gate's
 * subclass overrides only what it changes. Generated, one idea: delegation.
 */
@SuppressWarnings({"deprecation", "unchecked"})
abstract class ForwardingCallableStatement extends GatePreparedStatement implements java.sql.CallableStatement {

    /** The driver's object, typed. */
    final java.sql.CallableStatement callableStatement;

    ForwardingCallableStatement(GateConnection connection, java.sql.CallableStatement delegate, String sql, CachedPlan plan, int resultSetType, int resultSetConcurrency) {
        super(connection, delegate, sql, plan, resultSetType, resultSetConcurrency);
        this.callableStatement = delegate;
    }

    @Override
    public java.sql.Array getArray(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getArray(p1);
    }

    @Override
    public java.sql.Array getArray(int p1) throws java.sql.SQLException {
        return callableStatement.getArray(p1);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getBigDecimal(p1);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int p1, int p2) throws java.sql.SQLException {
        return callableStatement.getBigDecimal(p1, p2);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int p1) throws java.sql.SQLException {
        return callableStatement.getBigDecimal(p1);
    }

    @Override
    public java.sql.Blob getBlob(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getBlob(p1);
    }

    @Override
    public java.sql.Blob getBlob(int p1) throws java.sql.SQLException {
        return callableStatement.getBlob(p1);
    }

    @Override
    public boolean getBoolean(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getBoolean(p1);
    }

    @Override
    public boolean getBoolean(int p1) throws java.sql.SQLException {
        return callableStatement.getBoolean(p1);
    }

    @Override
    public byte getByte(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getByte(p1);
    }

    @Override
    public byte getByte(int p1) throws java.sql.SQLException {
        return callableStatement.getByte(p1);
    }

    @Override
    public byte[] getBytes(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getBytes(p1);
    }

    @Override
    public byte[] getBytes(int p1) throws java.sql.SQLException {
        return callableStatement.getBytes(p1);
    }

    @Override
    public java.io.Reader getCharacterStream(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getCharacterStream(p1);
    }

    @Override
    public java.io.Reader getCharacterStream(int p1) throws java.sql.SQLException {
        return callableStatement.getCharacterStream(p1);
    }

    @Override
    public java.sql.Clob getClob(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getClob(p1);
    }

    @Override
    public java.sql.Clob getClob(int p1) throws java.sql.SQLException {
        return callableStatement.getClob(p1);
    }

    @Override
    public java.sql.Date getDate(java.lang.String p1, java.util.Calendar p2) throws java.sql.SQLException {
        return callableStatement.getDate(p1, p2);
    }

    @Override
    public java.sql.Date getDate(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getDate(p1);
    }

    @Override
    public java.sql.Date getDate(int p1, java.util.Calendar p2) throws java.sql.SQLException {
        return callableStatement.getDate(p1, p2);
    }

    @Override
    public java.sql.Date getDate(int p1) throws java.sql.SQLException {
        return callableStatement.getDate(p1);
    }

    @Override
    public double getDouble(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getDouble(p1);
    }

    @Override
    public double getDouble(int p1) throws java.sql.SQLException {
        return callableStatement.getDouble(p1);
    }

    @Override
    public float getFloat(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getFloat(p1);
    }

    @Override
    public float getFloat(int p1) throws java.sql.SQLException {
        return callableStatement.getFloat(p1);
    }

    @Override
    public int getInt(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getInt(p1);
    }

    @Override
    public int getInt(int p1) throws java.sql.SQLException {
        return callableStatement.getInt(p1);
    }

    @Override
    public long getLong(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getLong(p1);
    }

    @Override
    public long getLong(int p1) throws java.sql.SQLException {
        return callableStatement.getLong(p1);
    }

    @Override
    public java.io.Reader getNCharacterStream(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getNCharacterStream(p1);
    }

    @Override
    public java.io.Reader getNCharacterStream(int p1) throws java.sql.SQLException {
        return callableStatement.getNCharacterStream(p1);
    }

    @Override
    public java.sql.NClob getNClob(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getNClob(p1);
    }

    @Override
    public java.sql.NClob getNClob(int p1) throws java.sql.SQLException {
        return callableStatement.getNClob(p1);
    }

    @Override
    public java.lang.String getNString(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getNString(p1);
    }

    @Override
    public java.lang.String getNString(int p1) throws java.sql.SQLException {
        return callableStatement.getNString(p1);
    }

    @Override
    public <T> T getObject(java.lang.String p1, java.lang.Class<T> p2) throws java.sql.SQLException {
        return callableStatement.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(java.lang.String p1, java.util.Map<java.lang.String, java.lang.Class<?>> p2) throws java.sql.SQLException {
        return callableStatement.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getObject(p1);
    }

    @Override
    public <T> T getObject(int p1, java.lang.Class<T> p2) throws java.sql.SQLException {
        return callableStatement.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(int p1, java.util.Map<java.lang.String, java.lang.Class<?>> p2) throws java.sql.SQLException {
        return callableStatement.getObject(p1, p2);
    }

    @Override
    public java.lang.Object getObject(int p1) throws java.sql.SQLException {
        return callableStatement.getObject(p1);
    }

    @Override
    public java.sql.Ref getRef(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getRef(p1);
    }

    @Override
    public java.sql.Ref getRef(int p1) throws java.sql.SQLException {
        return callableStatement.getRef(p1);
    }

    @Override
    public java.sql.RowId getRowId(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getRowId(p1);
    }

    @Override
    public java.sql.RowId getRowId(int p1) throws java.sql.SQLException {
        return callableStatement.getRowId(p1);
    }

    @Override
    public java.sql.SQLXML getSQLXML(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getSQLXML(p1);
    }

    @Override
    public java.sql.SQLXML getSQLXML(int p1) throws java.sql.SQLException {
        return callableStatement.getSQLXML(p1);
    }

    @Override
    public short getShort(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getShort(p1);
    }

    @Override
    public short getShort(int p1) throws java.sql.SQLException {
        return callableStatement.getShort(p1);
    }

    @Override
    public java.lang.String getString(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getString(p1);
    }

    @Override
    public java.lang.String getString(int p1) throws java.sql.SQLException {
        return callableStatement.getString(p1);
    }

    @Override
    public java.sql.Time getTime(java.lang.String p1, java.util.Calendar p2) throws java.sql.SQLException {
        return callableStatement.getTime(p1, p2);
    }

    @Override
    public java.sql.Time getTime(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getTime(p1);
    }

    @Override
    public java.sql.Time getTime(int p1, java.util.Calendar p2) throws java.sql.SQLException {
        return callableStatement.getTime(p1, p2);
    }

    @Override
    public java.sql.Time getTime(int p1) throws java.sql.SQLException {
        return callableStatement.getTime(p1);
    }

    @Override
    public java.sql.Timestamp getTimestamp(java.lang.String p1, java.util.Calendar p2) throws java.sql.SQLException {
        return callableStatement.getTimestamp(p1, p2);
    }

    @Override
    public java.sql.Timestamp getTimestamp(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getTimestamp(p1);
    }

    @Override
    public java.sql.Timestamp getTimestamp(int p1, java.util.Calendar p2) throws java.sql.SQLException {
        return callableStatement.getTimestamp(p1, p2);
    }

    @Override
    public java.sql.Timestamp getTimestamp(int p1) throws java.sql.SQLException {
        return callableStatement.getTimestamp(p1);
    }

    @Override
    public java.net.URL getURL(java.lang.String p1) throws java.sql.SQLException {
        return callableStatement.getURL(p1);
    }

    @Override
    public java.net.URL getURL(int p1) throws java.sql.SQLException {
        return callableStatement.getURL(p1);
    }

    @Override
    public void registerOutParameter(java.lang.String p1, int p2, java.lang.String p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(java.lang.String p1, int p2, int p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(java.lang.String p1, int p2) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2);
    }

    @Override
    public void registerOutParameter(java.lang.String p1, java.sql.SQLType p2, java.lang.String p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(java.lang.String p1, java.sql.SQLType p2, int p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(java.lang.String p1, java.sql.SQLType p2) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2);
    }

    @Override
    public void registerOutParameter(int p1, int p2, java.lang.String p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(int p1, int p2, int p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(int p1, int p2) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2);
    }

    @Override
    public void registerOutParameter(int p1, java.sql.SQLType p2, java.lang.String p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(int p1, java.sql.SQLType p2, int p3) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2, p3);
    }

    @Override
    public void registerOutParameter(int p1, java.sql.SQLType p2) throws java.sql.SQLException {
        callableStatement.registerOutParameter(p1, p2);
    }

    @Override
    public void setAsciiStream(java.lang.String p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        callableStatement.setAsciiStream(p1, p2, p3);
    }

    @Override
    public void setAsciiStream(java.lang.String p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        callableStatement.setAsciiStream(p1, p2, p3);
    }

    @Override
    public void setAsciiStream(java.lang.String p1, java.io.InputStream p2) throws java.sql.SQLException {
        callableStatement.setAsciiStream(p1, p2);
    }

    @Override
    public void setBigDecimal(java.lang.String p1, java.math.BigDecimal p2) throws java.sql.SQLException {
        callableStatement.setBigDecimal(p1, p2);
    }

    @Override
    public void setBinaryStream(java.lang.String p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        callableStatement.setBinaryStream(p1, p2, p3);
    }

    @Override
    public void setBinaryStream(java.lang.String p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        callableStatement.setBinaryStream(p1, p2, p3);
    }

    @Override
    public void setBinaryStream(java.lang.String p1, java.io.InputStream p2) throws java.sql.SQLException {
        callableStatement.setBinaryStream(p1, p2);
    }

    @Override
    public void setBlob(java.lang.String p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        callableStatement.setBlob(p1, p2, p3);
    }

    @Override
    public void setBlob(java.lang.String p1, java.io.InputStream p2) throws java.sql.SQLException {
        callableStatement.setBlob(p1, p2);
    }

    @Override
    public void setBlob(java.lang.String p1, java.sql.Blob p2) throws java.sql.SQLException {
        callableStatement.setBlob(p1, p2);
    }

    @Override
    public void setBoolean(java.lang.String p1, boolean p2) throws java.sql.SQLException {
        callableStatement.setBoolean(p1, p2);
    }

    @Override
    public void setByte(java.lang.String p1, byte p2) throws java.sql.SQLException {
        callableStatement.setByte(p1, p2);
    }

    @Override
    public void setBytes(java.lang.String p1, byte[] p2) throws java.sql.SQLException {
        callableStatement.setBytes(p1, p2);
    }

    @Override
    public void setCharacterStream(java.lang.String p1, java.io.Reader p2, int p3) throws java.sql.SQLException {
        callableStatement.setCharacterStream(p1, p2, p3);
    }

    @Override
    public void setCharacterStream(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        callableStatement.setCharacterStream(p1, p2, p3);
    }

    @Override
    public void setCharacterStream(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        callableStatement.setCharacterStream(p1, p2);
    }

    @Override
    public void setClob(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        callableStatement.setClob(p1, p2, p3);
    }

    @Override
    public void setClob(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        callableStatement.setClob(p1, p2);
    }

    @Override
    public void setClob(java.lang.String p1, java.sql.Clob p2) throws java.sql.SQLException {
        callableStatement.setClob(p1, p2);
    }

    @Override
    public void setDate(java.lang.String p1, java.sql.Date p2, java.util.Calendar p3) throws java.sql.SQLException {
        callableStatement.setDate(p1, p2, p3);
    }

    @Override
    public void setDate(java.lang.String p1, java.sql.Date p2) throws java.sql.SQLException {
        callableStatement.setDate(p1, p2);
    }

    @Override
    public void setDouble(java.lang.String p1, double p2) throws java.sql.SQLException {
        callableStatement.setDouble(p1, p2);
    }

    @Override
    public void setFloat(java.lang.String p1, float p2) throws java.sql.SQLException {
        callableStatement.setFloat(p1, p2);
    }

    @Override
    public void setInt(java.lang.String p1, int p2) throws java.sql.SQLException {
        callableStatement.setInt(p1, p2);
    }

    @Override
    public void setLong(java.lang.String p1, long p2) throws java.sql.SQLException {
        callableStatement.setLong(p1, p2);
    }

    @Override
    public void setNCharacterStream(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        callableStatement.setNCharacterStream(p1, p2, p3);
    }

    @Override
    public void setNCharacterStream(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        callableStatement.setNCharacterStream(p1, p2);
    }

    @Override
    public void setNClob(java.lang.String p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        callableStatement.setNClob(p1, p2, p3);
    }

    @Override
    public void setNClob(java.lang.String p1, java.io.Reader p2) throws java.sql.SQLException {
        callableStatement.setNClob(p1, p2);
    }

    @Override
    public void setNClob(java.lang.String p1, java.sql.NClob p2) throws java.sql.SQLException {
        callableStatement.setNClob(p1, p2);
    }

    @Override
    public void setNString(java.lang.String p1, java.lang.String p2) throws java.sql.SQLException {
        callableStatement.setNString(p1, p2);
    }

    @Override
    public void setNull(java.lang.String p1, int p2, java.lang.String p3) throws java.sql.SQLException {
        callableStatement.setNull(p1, p2, p3);
    }

    @Override
    public void setNull(java.lang.String p1, int p2) throws java.sql.SQLException {
        callableStatement.setNull(p1, p2);
    }

    @Override
    public void setObject(java.lang.String p1, java.lang.Object p2, int p3, int p4) throws java.sql.SQLException {
        callableStatement.setObject(p1, p2, p3, p4);
    }

    @Override
    public void setObject(java.lang.String p1, java.lang.Object p2, int p3) throws java.sql.SQLException {
        callableStatement.setObject(p1, p2, p3);
    }

    @Override
    public void setObject(java.lang.String p1, java.lang.Object p2, java.sql.SQLType p3, int p4) throws java.sql.SQLException {
        callableStatement.setObject(p1, p2, p3, p4);
    }

    @Override
    public void setObject(java.lang.String p1, java.lang.Object p2, java.sql.SQLType p3) throws java.sql.SQLException {
        callableStatement.setObject(p1, p2, p3);
    }

    @Override
    public void setObject(java.lang.String p1, java.lang.Object p2) throws java.sql.SQLException {
        callableStatement.setObject(p1, p2);
    }

    @Override
    public void setRowId(java.lang.String p1, java.sql.RowId p2) throws java.sql.SQLException {
        callableStatement.setRowId(p1, p2);
    }

    @Override
    public void setSQLXML(java.lang.String p1, java.sql.SQLXML p2) throws java.sql.SQLException {
        callableStatement.setSQLXML(p1, p2);
    }

    @Override
    public void setShort(java.lang.String p1, short p2) throws java.sql.SQLException {
        callableStatement.setShort(p1, p2);
    }

    @Override
    public void setString(java.lang.String p1, java.lang.String p2) throws java.sql.SQLException {
        callableStatement.setString(p1, p2);
    }

    @Override
    public void setTime(java.lang.String p1, java.sql.Time p2, java.util.Calendar p3) throws java.sql.SQLException {
        callableStatement.setTime(p1, p2, p3);
    }

    @Override
    public void setTime(java.lang.String p1, java.sql.Time p2) throws java.sql.SQLException {
        callableStatement.setTime(p1, p2);
    }

    @Override
    public void setTimestamp(java.lang.String p1, java.sql.Timestamp p2, java.util.Calendar p3) throws java.sql.SQLException {
        callableStatement.setTimestamp(p1, p2, p3);
    }

    @Override
    public void setTimestamp(java.lang.String p1, java.sql.Timestamp p2) throws java.sql.SQLException {
        callableStatement.setTimestamp(p1, p2);
    }

    @Override
    public void setURL(java.lang.String p1, java.net.URL p2) throws java.sql.SQLException {
        callableStatement.setURL(p1, p2);
    }

    @Override
    public boolean wasNull() throws java.sql.SQLException {
        return callableStatement.wasNull();
    }
}
