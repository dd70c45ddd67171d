package io.bloomgate.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The data source a gate hands to the application: connections from the application's own data
 * source, seen through the gate. Obtain it from {@code BloomGate.dataSource()}.
 */
public final class GateDataSource implements DataSource {

    private final GateContext context;

    /** Internal: created by {@code BloomGate}. */
    public GateDataSource(GateContext context) {
        this.context = context;
    }

    /** What this data source's connections share (for tests of the plan caches). */
    GateContext context() {
        return context;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return new GateConnection(context, context.target.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return new GateConnection(context, context.target.getConnection(username, password));
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return context.target.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        context.target.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        context.target.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return context.target.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return context.target.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : context.target.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(context.target) || context.target.isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "bloomgate:" + context.target;
    }
}
