// GENERATED from java.sql.Connection (Java 17) by src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java. Do not edit:
// regenerate from the repository root with `java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java`
// (GeneratedForwardersTest fails while this file differs from the generator's output).
package io.bloomgate.jdbc;

/**
 * Forwards every {@code java.sql.Connection} method to the driver's object; the gate's
 * subclass overrides only what it changes. Generated, one idea: delegation.
 */
@SuppressWarnings({"deprecation", "unchecked"})
abstract class ForwardingConnection implements java.sql.Connection {

    /** The driver's object. */
    final java.sql.Connection delegate;

    ForwardingConnection(java.sql.Connection delegate) {
        this.delegate = delegate;
    }

    @Override
    public void abort(java.util.concurrent.Executor p1) throws java.sql.SQLException {
        delegate.abort(p1);
    }

    @Override
    public void beginRequest() throws java.sql.SQLException {
        delegate.beginRequest();
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
    public void commit() throws java.sql.SQLException {
        delegate.commit();
    }

    @Override
    public java.sql.Array createArrayOf(java.lang.String p1, java.lang.Object[] p2) throws java.sql.SQLException {
        return delegate.createArrayOf(p1, p2);
    }

    @Override
    public java.sql.Blob createBlob() throws java.sql.SQLException {
        return delegate.createBlob();
    }

    @Override
    public java.sql.Clob createClob() throws java.sql.SQLException {
        return delegate.createClob();
    }

    @Override
    public java.sql.NClob createNClob() throws java.sql.SQLException {
        return delegate.createNClob();
    }

    @Override
    public java.sql.SQLXML createSQLXML() throws java.sql.SQLException {
        return delegate.createSQLXML();
    }

    @Override
    public java.sql.Statement createStatement() throws java.sql.SQLException {
        return delegate.createStatement();
    }

    @Override
    public java.sql.Statement createStatement(int p1, int p2, int p3) throws java.sql.SQLException {
        return delegate.createStatement(p1, p2, p3);
    }

    @Override
    public java.sql.Statement createStatement(int p1, int p2) throws java.sql.SQLException {
        return delegate.createStatement(p1, p2);
    }

    @Override
    public java.sql.Struct createStruct(java.lang.String p1, java.lang.Object[] p2) throws java.sql.SQLException {
        return delegate.createStruct(p1, p2);
    }

    @Override
    public void endRequest() throws java.sql.SQLException {
        delegate.endRequest();
    }

    @Override
    public boolean getAutoCommit() throws java.sql.SQLException {
        return delegate.getAutoCommit();
    }

    @Override
    public java.lang.String getCatalog() throws java.sql.SQLException {
        return delegate.getCatalog();
    }

    @Override
    public java.util.Properties getClientInfo() throws java.sql.SQLException {
        return delegate.getClientInfo();
    }

    @Override
    public java.lang.String getClientInfo(java.lang.String p1) throws java.sql.SQLException {
        return delegate.getClientInfo(p1);
    }

    @Override
    public int getHoldability() throws java.sql.SQLException {
        return delegate.getHoldability();
    }

    @Override
    public java.sql.DatabaseMetaData getMetaData() throws java.sql.SQLException {
        return delegate.getMetaData();
    }

    @Override
    public int getNetworkTimeout() throws java.sql.SQLException {
        return delegate.getNetworkTimeout();
    }

    @Override
    public java.lang.String getSchema() throws java.sql.SQLException {
        return delegate.getSchema();
    }

    @Override
    public int getTransactionIsolation() throws java.sql.SQLException {
        return delegate.getTransactionIsolation();
    }

    @Override
    public java.util.Map<java.lang.String, java.lang.Class<?>> getTypeMap() throws java.sql.SQLException {
        return delegate.getTypeMap();
    }

    @Override
    public java.sql.SQLWarning getWarnings() throws java.sql.SQLException {
        return delegate.getWarnings();
    }

    @Override
    public boolean isClosed() throws java.sql.SQLException {
        return delegate.isClosed();
    }

    @Override
    public boolean isReadOnly() throws java.sql.SQLException {
        return delegate.isReadOnly();
    }

    @Override
    public boolean isValid(int p1) throws java.sql.SQLException {
        return delegate.isValid(p1);
    }

    @Override
    public boolean isWrapperFor(java.lang.Class<?> p1) throws java.sql.SQLException {
        return delegate.isWrapperFor(p1);
    }

    @Override
    public java.lang.String nativeSQL(java.lang.String p1) throws java.sql.SQLException {
        return delegate.nativeSQL(p1);
    }

    @Override
    public java.sql.CallableStatement prepareCall(java.lang.String p1, int p2, int p3, int p4) throws java.sql.SQLException {
        return delegate.prepareCall(p1, p2, p3, p4);
    }

    @Override
    public java.sql.CallableStatement prepareCall(java.lang.String p1, int p2, int p3) throws java.sql.SQLException {
        return delegate.prepareCall(p1, p2, p3);
    }

    @Override
    public java.sql.CallableStatement prepareCall(java.lang.String p1) throws java.sql.SQLException {
        return delegate.prepareCall(p1);
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String p1, int[] p2) throws java.sql.SQLException {
        return delegate.prepareStatement(p1, p2);
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String p1, java.lang.String[] p2) throws java.sql.SQLException {
        return delegate.prepareStatement(p1, p2);
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String p1, int p2, int p3, int p4) throws java.sql.SQLException {
        return delegate.prepareStatement(p1, p2, p3, p4);
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String p1, int p2, int p3) throws java.sql.SQLException {
        return delegate.prepareStatement(p1, p2, p3);
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String p1, int p2) throws java.sql.SQLException {
        return delegate.prepareStatement(p1, p2);
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String p1) throws java.sql.SQLException {
        return delegate.prepareStatement(p1);
    }

    @Override
    public void releaseSavepoint(java.sql.Savepoint p1) throws java.sql.SQLException {
        delegate.releaseSavepoint(p1);
    }

    @Override
    public void rollback() throws java.sql.SQLException {
        delegate.rollback();
    }

    @Override
    public void rollback(java.sql.Savepoint p1) throws java.sql.SQLException {
        delegate.rollback(p1);
    }

    @Override
    public void setAutoCommit(boolean p1) throws java.sql.SQLException {
        delegate.setAutoCommit(p1);
    }

    @Override
    public void setCatalog(java.lang.String p1) throws java.sql.SQLException {
        delegate.setCatalog(p1);
    }

    @Override
    public void setClientInfo(java.lang.String p1, java.lang.String p2) throws java.sql.SQLClientInfoException {
        delegate.setClientInfo(p1, p2);
    }

    @Override
    public void setClientInfo(java.util.Properties p1) throws java.sql.SQLClientInfoException {
        delegate.setClientInfo(p1);
    }

    @Override
    public void setHoldability(int p1) throws java.sql.SQLException {
        delegate.setHoldability(p1);
    }

    @Override
    public void setNetworkTimeout(java.util.concurrent.Executor p1, int p2) throws java.sql.SQLException {
        delegate.setNetworkTimeout(p1, p2);
    }

    @Override
    public void setReadOnly(boolean p1) throws java.sql.SQLException {
        delegate.setReadOnly(p1);
    }

    @Override
    public java.sql.Savepoint setSavepoint() throws java.sql.SQLException {
        return delegate.setSavepoint();
    }

    @Override
    public java.sql.Savepoint setSavepoint(java.lang.String p1) throws java.sql.SQLException {
        return delegate.setSavepoint(p1);
    }

    @Override
    public void setSchema(java.lang.String p1) throws java.sql.SQLException {
        delegate.setSchema(p1);
    }

    @Override
    public void setShardingKey(java.sql.ShardingKey p1, java.sql.ShardingKey p2) throws java.sql.SQLException {
        delegate.setShardingKey(p1, p2);
    }

    @Override
    public void setShardingKey(java.sql.ShardingKey p1) throws java.sql.SQLException {
        delegate.setShardingKey(p1);
    }

    @Override
    public boolean setShardingKeyIfValid(java.sql.ShardingKey p1, int p2) throws java.sql.SQLException {
        return delegate.setShardingKeyIfValid(p1, p2);
    }

    @Override
    public boolean setShardingKeyIfValid(java.sql.ShardingKey p1, java.sql.ShardingKey p2, int p3) throws java.sql.SQLException {
        return delegate.setShardingKeyIfValid(p1, p2, p3);
    }

    @Override
    public void setTransactionIsolation(int p1) throws java.sql.SQLException {
        delegate.setTransactionIsolation(p1);
    }

    @Override
    public void setTypeMap(java.util.Map<java.lang.String, java.lang.Class<?>> p1) throws java.sql.SQLException {
        delegate.setTypeMap(p1);
    }

    @Override
    public <T> T unwrap(java.lang.Class<T> p1) throws java.sql.SQLException {
        return delegate.unwrap(p1);
    }
}
