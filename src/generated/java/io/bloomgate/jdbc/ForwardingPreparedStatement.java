// GENERATED from java.sql.PreparedStatement (Java 17) by src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java. Do not edit:
// regenerate from the repository root with `java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java`
// (GeneratedForwardersTest fails while this file differs from the generator's output).
package io.bloomgate.jdbc;

/**
 * Forwards every {@code java.sql.PreparedStatement} method to the driver's object; the gate's
 * subclass overrides only what it changes. Generated, one idea: delegation;
 * setters report what they bound through the {@code bound*} hooks.
 */
@SuppressWarnings({"deprecation", "unchecked"})
abstract class ForwardingPreparedStatement extends GateStatement implements java.sql.PreparedStatement {

    /** The driver's object, typed. */
    final java.sql.PreparedStatement preparedStatement;

    ForwardingPreparedStatement(GateConnection connection, java.sql.PreparedStatement delegate, String sql, int resultSetType, int resultSetConcurrency) {
        super(connection, delegate, sql, resultSetType, resultSetConcurrency);
        this.preparedStatement = delegate;
    }

    /** Parameter {@code index} was bound to an integer. */
    abstract void boundLong(int index, long value);

    /** Parameter {@code index} was bound to SQL NULL. */
    abstract void boundNull(int index);

    /** Parameter {@code index} was bound to a value the key forms may convert. */
    abstract void boundObject(int index, Object value);

    /** Parameter {@code index} was bound with {@code setObject(index, value, targetSqlType)}. */
    abstract void boundObject(int index, Object value, int targetSqlType);

    /** Parameter {@code index} was bound in a way the gate does not reproduce. */
    abstract void boundUnknown(int index);

    /** All parameters were cleared. */
    abstract void unbindAll();

    @Override
    public void addBatch() throws java.sql.SQLException {
        preparedStatement.addBatch();
    }

    @Override
    public void clearParameters() throws java.sql.SQLException {
        preparedStatement.clearParameters();
        unbindAll();
    }

    @Override
    public boolean execute() throws java.sql.SQLException {
        return preparedStatement.execute();
    }

    @Override
    public long executeLargeUpdate() throws java.sql.SQLException {
        return preparedStatement.executeLargeUpdate();
    }

    @Override
    public java.sql.ResultSet executeQuery() throws java.sql.SQLException {
        return preparedStatement.executeQuery();
    }

    @Override
    public int executeUpdate() throws java.sql.SQLException {
        return preparedStatement.executeUpdate();
    }

    @Override
    public java.sql.ResultSetMetaData getMetaData() throws java.sql.SQLException {
        return preparedStatement.getMetaData();
    }

    @Override
    public java.sql.ParameterMetaData getParameterMetaData() throws java.sql.SQLException {
        return preparedStatement.getParameterMetaData();
    }

    @Override
    public void setArray(int p1, java.sql.Array p2) throws java.sql.SQLException {
        try {
            preparedStatement.setArray(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2);
    }

    @Override
    public void setAsciiStream(int p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        try {
            preparedStatement.setAsciiStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setAsciiStream(int p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setAsciiStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setAsciiStream(int p1, java.io.InputStream p2) throws java.sql.SQLException {
        try {
            preparedStatement.setAsciiStream(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBigDecimal(int p1, java.math.BigDecimal p2) throws java.sql.SQLException {
        try {
            preparedStatement.setBigDecimal(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2);
    }

    @Override
    public void setBinaryStream(int p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        try {
            preparedStatement.setBinaryStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBinaryStream(int p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setBinaryStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBinaryStream(int p1, java.io.InputStream p2) throws java.sql.SQLException {
        try {
            preparedStatement.setBinaryStream(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBlob(int p1, java.io.InputStream p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setBlob(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBlob(int p1, java.io.InputStream p2) throws java.sql.SQLException {
        try {
            preparedStatement.setBlob(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBlob(int p1, java.sql.Blob p2) throws java.sql.SQLException {
        try {
            preparedStatement.setBlob(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setBoolean(int p1, boolean p2) throws java.sql.SQLException {
        try {
            preparedStatement.setBoolean(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setByte(int p1, byte p2) throws java.sql.SQLException {
        try {
            preparedStatement.setByte(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundLong(p1, p2);
    }

    @Override
    public void setBytes(int p1, byte[] p2) throws java.sql.SQLException {
        try {
            preparedStatement.setBytes(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2);
    }

    @Override
    public void setCharacterStream(int p1, java.io.Reader p2, int p3) throws java.sql.SQLException {
        try {
            preparedStatement.setCharacterStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setCharacterStream(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setCharacterStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setCharacterStream(int p1, java.io.Reader p2) throws java.sql.SQLException {
        try {
            preparedStatement.setCharacterStream(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setClob(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setClob(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setClob(int p1, java.io.Reader p2) throws java.sql.SQLException {
        try {
            preparedStatement.setClob(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setClob(int p1, java.sql.Clob p2) throws java.sql.SQLException {
        try {
            preparedStatement.setClob(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setDate(int p1, java.sql.Date p2, java.util.Calendar p3) throws java.sql.SQLException {
        try {
            preparedStatement.setDate(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setDate(int p1, java.sql.Date p2) throws java.sql.SQLException {
        try {
            preparedStatement.setDate(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setDouble(int p1, double p2) throws java.sql.SQLException {
        try {
            preparedStatement.setDouble(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setFloat(int p1, float p2) throws java.sql.SQLException {
        try {
            preparedStatement.setFloat(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setInt(int p1, int p2) throws java.sql.SQLException {
        try {
            preparedStatement.setInt(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundLong(p1, p2);
    }

    @Override
    public void setLong(int p1, long p2) throws java.sql.SQLException {
        try {
            preparedStatement.setLong(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundLong(p1, p2);
    }

    @Override
    public void setNCharacterStream(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setNCharacterStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setNCharacterStream(int p1, java.io.Reader p2) throws java.sql.SQLException {
        try {
            preparedStatement.setNCharacterStream(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setNClob(int p1, java.io.Reader p2, long p3) throws java.sql.SQLException {
        try {
            preparedStatement.setNClob(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setNClob(int p1, java.io.Reader p2) throws java.sql.SQLException {
        try {
            preparedStatement.setNClob(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setNClob(int p1, java.sql.NClob p2) throws java.sql.SQLException {
        try {
            preparedStatement.setNClob(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setNString(int p1, java.lang.String p2) throws java.sql.SQLException {
        try {
            preparedStatement.setNString(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2);
    }

    @Override
    public void setNull(int p1, int p2, java.lang.String p3) throws java.sql.SQLException {
        try {
            preparedStatement.setNull(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundNull(p1);
    }

    @Override
    public void setNull(int p1, int p2) throws java.sql.SQLException {
        try {
            preparedStatement.setNull(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundNull(p1);
    }

    @Override
    public void setObject(int p1, java.lang.Object p2, int p3, int p4) throws java.sql.SQLException {
        try {
            preparedStatement.setObject(p1, p2, p3, p4);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setObject(int p1, java.lang.Object p2, int p3) throws java.sql.SQLException {
        try {
            preparedStatement.setObject(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2, p3);
    }

    @Override
    public void setObject(int p1, java.lang.Object p2, java.sql.SQLType p3, int p4) throws java.sql.SQLException {
        try {
            preparedStatement.setObject(p1, p2, p3, p4);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setObject(int p1, java.lang.Object p2, java.sql.SQLType p3) throws java.sql.SQLException {
        try {
            preparedStatement.setObject(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setObject(int p1, java.lang.Object p2) throws java.sql.SQLException {
        try {
            preparedStatement.setObject(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2);
    }

    @Override
    public void setRef(int p1, java.sql.Ref p2) throws java.sql.SQLException {
        try {
            preparedStatement.setRef(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setRowId(int p1, java.sql.RowId p2) throws java.sql.SQLException {
        try {
            preparedStatement.setRowId(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setSQLXML(int p1, java.sql.SQLXML p2) throws java.sql.SQLException {
        try {
            preparedStatement.setSQLXML(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setShort(int p1, short p2) throws java.sql.SQLException {
        try {
            preparedStatement.setShort(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundLong(p1, p2);
    }

    @Override
    public void setString(int p1, java.lang.String p2) throws java.sql.SQLException {
        try {
            preparedStatement.setString(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundObject(p1, p2);
    }

    @Override
    public void setTime(int p1, java.sql.Time p2, java.util.Calendar p3) throws java.sql.SQLException {
        try {
            preparedStatement.setTime(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setTime(int p1, java.sql.Time p2) throws java.sql.SQLException {
        try {
            preparedStatement.setTime(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setTimestamp(int p1, java.sql.Timestamp p2, java.util.Calendar p3) throws java.sql.SQLException {
        try {
            preparedStatement.setTimestamp(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setTimestamp(int p1, java.sql.Timestamp p2) throws java.sql.SQLException {
        try {
            preparedStatement.setTimestamp(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setURL(int p1, java.net.URL p2) throws java.sql.SQLException {
        try {
            preparedStatement.setURL(p1, p2);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }

    @Override
    public void setUnicodeStream(int p1, java.io.InputStream p2, int p3) throws java.sql.SQLException {
        try {
            preparedStatement.setUnicodeStream(p1, p2, p3);
        } catch (java.sql.SQLException | RuntimeException e) {
            boundUnknown(p1);
            throw e;
        }
        boundUnknown(p1);
    }
}
