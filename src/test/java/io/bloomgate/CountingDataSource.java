package io.bloomgate;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A test double that sits between the gate and the real database and counts every statement
 * execution that reaches the driver from the application's threads. It proves an avoided lookup
 * never touches the database. The gate's own background threads ({@code bloomgate-*}: the
 * PostgreSQL change feed, its heartbeat and checks, rescans) are not counted: they run on their
 * own schedule, not on behalf of a lookup.
 */
final class CountingDataSource implements DataSource {

    private final DataSource target;
    private final AtomicLong executions = new AtomicLong();

    CountingDataSource(DataSource target) {
        this.target = target;
    }

    /** Statement executions that reached the driver so far. */
    long executions() {
        return executions.get();
    }

    @Override
    public Connection getConnection() throws SQLException {
        return proxy(Connection.class, target.getConnection());
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return proxy(Connection.class, target.getConnection(user, password));
    }

    private <T> T proxy(Class<T> type, T real) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().startsWith("execute") && !Thread.currentThread().getName().startsWith("bloomgate-")) {
                executions.incrementAndGet();
            }
            Object result;
            try {
                result = method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause(); // the driver's own exception, not the reflection wrapper
            }
            if (result instanceof Statement s && method.getReturnType().isInterface()) {
                @SuppressWarnings("unchecked")
                Class<Statement> returned = (Class<Statement>) method.getReturnType();
                return proxy(returned, s);
            }
            return result;
        };
        return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler));
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return target.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        target.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        target.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return target.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return target.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return target.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return target.isWrapperFor(iface);
    }
}
