package io.bloomgate;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Objects;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source that hands out its target's own connections until a gate is {@linkplain
 * #attach(BloomGate) attached}, and the gate's connections from then on.
 *
 * <p>For frameworks that must give the application its data source before the guarded tables exist:
 * a Spring Boot pool is created before {@code schema.sql}, Flyway, Liquibase or Hibernate create the
 * tables, and a {@code jdbc:bloomgate:} URL may be opened first by the migration that creates them.
 * The framework hands out this data source at once, builds the gate on {@link #target()} once the
 * tables exist, and attaches it:
 *
 * <pre>{@code
 * DeferredGateDataSource ds = new DeferredGateDataSource(pool);   // give ds to the application now
 * ...                                                             // migrations run through ds
 * ds.attach(BloomGate.builder(ds.target()).guard("users", "email").build());
 * }</pre>
 *
 * <p>Until then every statement passes through, so answers are the database's. A connection keeps
 * what it was given: one obtained before the gate was attached stays a plain connection for its
 * life. Its lookups go to the database; its writes reach the filters through the database's sync
 * (H2 triggers at once, the PostgreSQL and MySQL/MariaDB change logs within the feed's staleness) —
 * which is why connections held across {@code attach} are safe on H2, PostgreSQL and MySQL/MariaDB
 * only; elsewhere the gate sees only writes through its own connections (see the README).
 *
 * <p>{@link #unwrap(Class)} and {@link #isWrapperFor(Class)} reach the target (a pool's own type,
 * such as {@code HikariDataSource}, for its metrics and management).
 */
public class DeferredGateDataSource implements DataSource {

    private final DataSource target;
    private volatile BloomGate gate;

    /** Passes through to {@code target} until a gate built on it is attached. */
    public DeferredGateDataSource(DataSource target) {
        this.target = Objects.requireNonNull(target, "target must not be null");
    }

    /** The data source whose connections this one hands out: build the gate on it. */
    public final DataSource target() {
        return target;
    }

    /** The attached gate, or null while connections pass through. */
    public final BloomGate gate() {
        return gate;
    }

    /**
     * From now on, connections come from {@code gate.dataSource()}. The gate must have been built on
     * {@link #target()} (a gate on another data source would answer for another database).
     *
     * @throws IllegalStateException if a gate is already attached
     */
    public final synchronized void attach(BloomGate gate) {
        Objects.requireNonNull(gate, "gate must not be null");
        if (this.gate != null) {
            throw new IllegalStateException("a gate is already attached to " + this);
        }
        this.gate = gate;
    }

    /**
     * From now on, connections pass through again (connections already handed out keep working).
     * Does not close the gate.
     *
     * @return the gate that was attached, or null
     */
    public final synchronized BloomGate detach() {
        BloomGate was = gate;
        gate = null;
        return was;
    }

    @Override
    public Connection getConnection() throws SQLException {
        BloomGate g = gate;
        return g == null ? target.getConnection() : g.dataSource().getConnection();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        BloomGate g = gate;
        return g == null ? target.getConnection(username, password) : g.dataSource().getConnection(username, password);
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
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface.isInstance(target)) {
            return iface.cast(target);
        }
        return target.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(target) || target.isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "bloomgate(" + (gate == null ? "passing through" : "gated") + "):" + target;
    }
}
