package io.bloomgate.driver;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The gate's view of the database behind a {@code jdbc:bloomgate:} URL: connections from the
 * driver's own {@link Driver#connect}. A connection the application asks for is opened with the
 * properties of that request ({@link #connect(Properties)}: user, password, the driver's settings);
 * the gate's own connections (build, change feed, rescans) with those of the first request.
 */
final class DriverDataSource implements DataSource {

    @FunctionalInterface
    interface SqlSupplier<T> {
        T get() throws SQLException;
    }

    private final Driver driver;
    private final String url;
    private final Properties base;
    private final ThreadLocal<Properties> request = new ThreadLocal<>();
    private volatile int loginTimeout;

    DriverDataSource(Driver driver, String url, Properties base) {
        this.driver = driver;
        this.url = url;
        this.base = copy(base);
    }

    /** Runs {@code action} with connections opened with {@code info} on this thread. */
    <T> T with(Properties info, SqlSupplier<T> action) throws SQLException {
        Properties previous = request.get();
        request.set(info == null ? new Properties() : info);
        try {
            return action.get();
        } finally {
            if (previous == null) {
                request.remove();
            } else {
                request.set(previous);
            }
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        Properties info = request.get();
        return open(info != null ? info : base);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        Properties info = copy(request.get() != null ? request.get() : base);
        if (username != null) {
            info.setProperty("user", username);
        }
        if (password != null) {
            info.setProperty("password", password);
        }
        return open(info);
    }

    private Connection open(Properties info) throws SQLException {
        Connection c = driver.connect(url, info);
        if (c == null) {
            throw new SQLException("The driver " + driver.getClass().getName() + " refused the URL "
                    + GateUrl.redact(url), "08001");
        }
        return c;
    }

    private static Properties copy(Properties p) {
        Properties c = new Properties();
        if (p != null) {
            c.putAll(p);
        }
        return c;
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // connections come from Driver.connect, which has no log writer of its own
    }

    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return driver.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String toString() {
        return GateUrl.redact(url);
    }
}
