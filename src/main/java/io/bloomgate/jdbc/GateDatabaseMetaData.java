package io.bloomgate.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/** The driver's database metadata, reporting the gate's connection as its connection. */
final class GateDatabaseMetaData extends ForwardingDatabaseMetaData {

    private final GateConnection connection;

    GateDatabaseMetaData(GateConnection connection, DatabaseMetaData delegate) {
        super(delegate);
        this.connection = connection;
    }

    @Override
    public Connection getConnection() {
        return connection;
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
