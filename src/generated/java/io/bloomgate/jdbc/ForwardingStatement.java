// GENERATED from java.sql.Statement (Java 17) by src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java. Do not edit:
// regenerate from the repository root with `java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java`
// (GeneratedForwardersTest fails while this file differs from the generator's output).
package io.bloomgate.jdbc;

/**
 * Forwards every {@code java.sql.Statement} method to the driver's object; the gate's
 * subclass overrides only what it changes. Generated, one idea: delegation.
 */
@SuppressWarnings({"deprecation", "unchecked"})
abstract class ForwardingStatement implements java.sql.Statement {

    /** The driver's object. */
    final java.sql.Statement delegate;

    ForwardingStatement(java.sql.Statement delegate) {
        this.delegate = delegate;
    }

    @Override
    public void addBatch(java.lang.String p1) throws java.sql.SQLException {
        delegate.addBatch(p1);
    }

    @Override
    public void cancel() throws java.sql.SQLException {
        delegate.cancel();
    }

    @Override
    public void clearBatch() throws java.sql.SQLException {
        delegate.clearBatch();
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
    public void closeOnCompletion() throws java.sql.SQLException {
        delegate.closeOnCompletion();
    }

    @Override
    public java.lang.String enquoteIdentifier(java.lang.String p1, boolean p2) throws java.sql.SQLException {
        return delegate.enquoteIdentifier(p1, p2);
    }

    @Override
    public java.lang.String enquoteLiteral(java.lang.String p1) throws java.sql.SQLException {
        return delegate.enquoteLiteral(p1);
    }

    @Override
    public java.lang.String enquoteNCharLiteral(java.lang.String p1) throws java.sql.SQLException {
        return delegate.enquoteNCharLiteral(p1);
    }

    @Override
    public boolean execute(java.lang.String p1, int[] p2) throws java.sql.SQLException {
        return delegate.execute(p1, p2);
    }

    @Override
    public boolean execute(java.lang.String p1, java.lang.String[] p2) throws java.sql.SQLException {
        return delegate.execute(p1, p2);
    }

    @Override
    public boolean execute(java.lang.String p1, int p2) throws java.sql.SQLException {
        return delegate.execute(p1, p2);
    }

    @Override
    public boolean execute(java.lang.String p1) throws java.sql.SQLException {
        return delegate.execute(p1);
    }

    @Override
    public int[] executeBatch() throws java.sql.SQLException {
        return delegate.executeBatch();
    }

    @Override
    public long[] executeLargeBatch() throws java.sql.SQLException {
        return delegate.executeLargeBatch();
    }

    @Override
    public long executeLargeUpdate(java.lang.String p1, int[] p2) throws java.sql.SQLException {
        return delegate.executeLargeUpdate(p1, p2);
    }

    @Override
    public long executeLargeUpdate(java.lang.String p1, java.lang.String[] p2) throws java.sql.SQLException {
        return delegate.executeLargeUpdate(p1, p2);
    }

    @Override
    public long executeLargeUpdate(java.lang.String p1, int p2) throws java.sql.SQLException {
        return delegate.executeLargeUpdate(p1, p2);
    }

    @Override
    public long executeLargeUpdate(java.lang.String p1) throws java.sql.SQLException {
        return delegate.executeLargeUpdate(p1);
    }

    @Override
    public java.sql.ResultSet executeQuery(java.lang.String p1) throws java.sql.SQLException {
        return delegate.executeQuery(p1);
    }

    @Override
    public int executeUpdate(java.lang.String p1, int[] p2) throws java.sql.SQLException {
        return delegate.executeUpdate(p1, p2);
    }

    @Override
    public int executeUpdate(java.lang.String p1, java.lang.String[] p2) throws java.sql.SQLException {
        return delegate.executeUpdate(p1, p2);
    }

    @Override
    public int executeUpdate(java.lang.String p1, int p2) throws java.sql.SQLException {
        return delegate.executeUpdate(p1, p2);
    }

    @Override
    public int executeUpdate(java.lang.String p1) throws java.sql.SQLException {
        return delegate.executeUpdate(p1);
    }

    @Override
    public java.sql.Connection getConnection() throws java.sql.SQLException {
        return delegate.getConnection();
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
    public java.sql.ResultSet getGeneratedKeys() throws java.sql.SQLException {
        return delegate.getGeneratedKeys();
    }

    @Override
    public long getLargeMaxRows() throws java.sql.SQLException {
        return delegate.getLargeMaxRows();
    }

    @Override
    public long getLargeUpdateCount() throws java.sql.SQLException {
        return delegate.getLargeUpdateCount();
    }

    @Override
    public int getMaxFieldSize() throws java.sql.SQLException {
        return delegate.getMaxFieldSize();
    }

    @Override
    public int getMaxRows() throws java.sql.SQLException {
        return delegate.getMaxRows();
    }

    @Override
    public boolean getMoreResults() throws java.sql.SQLException {
        return delegate.getMoreResults();
    }

    @Override
    public boolean getMoreResults(int p1) throws java.sql.SQLException {
        return delegate.getMoreResults(p1);
    }

    @Override
    public int getQueryTimeout() throws java.sql.SQLException {
        return delegate.getQueryTimeout();
    }

    @Override
    public java.sql.ResultSet getResultSet() throws java.sql.SQLException {
        return delegate.getResultSet();
    }

    @Override
    public int getResultSetConcurrency() throws java.sql.SQLException {
        return delegate.getResultSetConcurrency();
    }

    @Override
    public int getResultSetHoldability() throws java.sql.SQLException {
        return delegate.getResultSetHoldability();
    }

    @Override
    public int getResultSetType() throws java.sql.SQLException {
        return delegate.getResultSetType();
    }

    @Override
    public int getUpdateCount() throws java.sql.SQLException {
        return delegate.getUpdateCount();
    }

    @Override
    public java.sql.SQLWarning getWarnings() throws java.sql.SQLException {
        return delegate.getWarnings();
    }

    @Override
    public boolean isCloseOnCompletion() throws java.sql.SQLException {
        return delegate.isCloseOnCompletion();
    }

    @Override
    public boolean isClosed() throws java.sql.SQLException {
        return delegate.isClosed();
    }

    @Override
    public boolean isPoolable() throws java.sql.SQLException {
        return delegate.isPoolable();
    }

    @Override
    public boolean isSimpleIdentifier(java.lang.String p1) throws java.sql.SQLException {
        return delegate.isSimpleIdentifier(p1);
    }

    @Override
    public boolean isWrapperFor(java.lang.Class<?> p1) throws java.sql.SQLException {
        return delegate.isWrapperFor(p1);
    }

    @Override
    public void setCursorName(java.lang.String p1) throws java.sql.SQLException {
        delegate.setCursorName(p1);
    }

    @Override
    public void setEscapeProcessing(boolean p1) throws java.sql.SQLException {
        delegate.setEscapeProcessing(p1);
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
    public void setLargeMaxRows(long p1) throws java.sql.SQLException {
        delegate.setLargeMaxRows(p1);
    }

    @Override
    public void setMaxFieldSize(int p1) throws java.sql.SQLException {
        delegate.setMaxFieldSize(p1);
    }

    @Override
    public void setMaxRows(int p1) throws java.sql.SQLException {
        delegate.setMaxRows(p1);
    }

    @Override
    public void setPoolable(boolean p1) throws java.sql.SQLException {
        delegate.setPoolable(p1);
    }

    @Override
    public void setQueryTimeout(int p1) throws java.sql.SQLException {
        delegate.setQueryTimeout(p1);
    }

    @Override
    public <T> T unwrap(java.lang.Class<T> p1) throws java.sql.SQLException {
        return delegate.unwrap(p1);
    }
}
