package io.bloomgate.driver;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.logging.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code jdbc:bloomgate:} JDBC driver: a gate in front of any other driver's URL, for tools
 * that take only a JDBC URL (Quarkus datasources, plain {@code DriverManager} code, DBeaver).
 *
 * <pre>
 * jdbc:bloomgate:guards=users.email,orders.id:jdbc:postgresql://db/app?user=app
 * jdbc:bloomgate:guards=users.email;fpp=0.001:jdbc:h2:mem:app;DB_CLOSE_DELAY=-1
 * jdbc:bloomgate:jdbc:h2:./data/app                      (guards from bloomgate.properties)
 * </pre>
 *
 * <p>bloomgate's options come before the driver's URL and end at its {@code jdbc:}; the driver's
 * URL is passed on untouched (see the README for every option and the properties file). It is
 * registered through {@link java.util.ServiceLoader} ({@code META-INF/services/java.sql.Driver}), so
 * {@code DriverManager} finds it; its class name is {@code io.bloomgate.driver.BloomGateDriver} where a
 * tool asks for one.
 *
 * <p>Connections to one underlying URL share one gate in the JVM, built by the first connection
 * (the gate's own connections — build, change feed — use that connection's properties). Gates close
 * at JVM shutdown (on PostgreSQL: snapshots and final counters saved) or by {@link #closeGates()}.
 */
public final class BloomGateDriver implements Driver {

    // No SLF4J logger field: this class must load and register without any of bloomgate's
    // dependencies, so that connect() can say which jar is missing (RuntimeDependencies).
    private static final ConcurrentMap<String, DriverGate> GATES = new ConcurrentHashMap<>();

    static {
        try {
            DriverManager.registerDriver(new BloomGateDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
        Thread hook = new Thread(BloomGateDriver::closeGatesQuietly, "bloomgate-driver-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Public for {@link java.util.ServiceLoader} and tools that instantiate drivers by class name. */
    public BloomGateDriver() {
    }

    @Override
    public boolean acceptsURL(String url) {
        return GateUrl.accepts(url);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!GateUrl.accepts(url)) {
            return null; // JDBC: another driver's URL
        }
        RuntimeDependencies.check(BloomGateDriver.class.getClassLoader());
        try {
            return connectGate(url, info);
        } catch (LinkageError e) {
            throw RuntimeDependencies.failed(e);
        }
    }

    private Connection connectGate(String url, Properties info) throws SQLException {
        GateUrl.GateConfig config = GateUrl.config(url, Thread.currentThread().getContextClassLoader(),
                BloomGateDriver.class.getClassLoader());
        String driverUrl = GateUrl.driverUrl(url);
        DriverGate gate = GATES.get(driverUrl);
        if (gate == null) {
            Driver driver = driverFor(driverUrl);
            gate = GATES.computeIfAbsent(driverUrl, u -> new DriverGate(driver, u, config, info));
        }
        if (!gate.config.equals(config)) {
            throw new SQLException("jdbc:bloomgate: a gate on " + GateUrl.redact(driverUrl) + " already exists in this"
                    + " JVM with other settings (" + gate.config + "); this URL asks for " + config
                    + ". Connections to one database share one gate: give every URL to it the same options.", "08001");
        }
        try {
            return gate.connect(info);
        } catch (SQLException | RuntimeException e) {
            if (gate.gate() == null && !config.awaitTables()) {
                // Its build failed and it never handed out a connection: forget it, so that a corrected
                // URL (or the same one, once the table exists) starts afresh.
                GATES.remove(driverUrl, gate);
            }
            throw e;
        }
    }

    /** The driver that accepts {@code url}: from {@link DriverManager}, else any on the class path. */
    private static Driver driverFor(String url) throws SQLException {
        try {
            Driver d = DriverManager.getDriver(url);
            if (!(d instanceof BloomGateDriver)) {
                return d;
            }
        } catch (SQLException e) {
            // not registered with DriverManager from here (another class loader): look it up ourselves
        }
        for (ClassLoader loader : new ClassLoader[] {Thread.currentThread().getContextClassLoader(),
            BloomGateDriver.class.getClassLoader()}) {
            if (loader == null) {
                continue;
            }
            for (Driver d : ServiceLoader.load(Driver.class, loader)) {
                if (!(d instanceof BloomGateDriver) && d.acceptsURL(url)) {
                    return d;
                }
            }
        }
        throw new SQLException("jdbc:bloomgate: no JDBC driver accepts " + GateUrl.redact(url)
                + " (is the database's driver on the class path?)", "08001");
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        if (!GateUrl.accepts(url)) {
            return new DriverPropertyInfo[0];
        }
        String driverUrl = GateUrl.driverUrl(url);
        return driverFor(driverUrl).getPropertyInfo(driverUrl, info);
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    /** Not fully JDBC compliant in itself: it forwards to the underlying driver. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("bloomgate logs through SLF4J");
    }

    /**
     * The gate of a database reached through this driver, for its stats, report and
     * {@code rebuild()}: {@code url} is a {@code jdbc:bloomgate:} URL or the driver's own URL inside
     * it. Empty until a connection built it (or while {@code await-tables} waits).
     *
     * @throws SQLException if a {@code jdbc:bloomgate:} URL is malformed
     */
    public static Optional<BloomGate> gate(String url) throws SQLException {
        String driverUrl = GateUrl.accepts(url) ? GateUrl.driverUrl(url) : url;
        DriverGate gate = GATES.get(driverUrl);
        return Optional.ofNullable(gate == null ? null : gate.gate());
    }

    /**
     * Closes every gate this driver built (on PostgreSQL: saves snapshots and final counters).
     * Connections already open keep working and pass through; a new connection builds a new gate.
     */
    public static void closeGates() {
        List<DriverGate> gates = new ArrayList<>(GATES.values());
        RuntimeException failed = null;
        for (DriverGate gate : gates) {
            GATES.remove(gate.driverUrl, gate);
            try {
                gate.close();
            } catch (RuntimeException e) {
                if (failed == null) {
                    failed = e;
                } else {
                    failed.addSuppressed(e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    private static void closeGatesQuietly() {
        try {
            closeGates();
        } catch (RuntimeException | LinkageError e) {
            try {
                LoggerFactory.getLogger(BloomGateDriver.class).debug("Closing bloomgate's driver gates at shutdown failed", e);
            } catch (LinkageError noLogging) {
                // SLF4J is missing (the driver never started a gate then): nothing to report it to.
            }
        }
    }
}
