package io.bloomgate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** A driver's result, reporting the gate's statement as its statement. */
class GateResultSet extends ForwardingResultSet {

    private final Statement statement;

    GateResultSet(Statement statement, ResultSet delegate) {
        super(delegate);
        this.statement = statement;
    }

    @Override
    public Statement getStatement() throws SQLException {
        delegate.getStatement(); // the driver's checks (e.g. closed) first
        return statement;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(delegate) || delegate.isWrapperFor(iface);
    }
}
