package io.bloomgate.driver;

import io.bloomgate.BloomGate;
import io.bloomgate.DeferredGateDataSource;
import io.bloomgate.mysql.MySqlCatalog;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.GuardRequest;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one gate of a database reached through {@code jdbc:bloomgate:} URLs in this JVM.
 *
 * <p>By default it is built by the first connection, which waits for it: a guarded table or column
 * that does not exist fails that connection (and the next one tries again). With {@code
 * await-tables=true}, connections pass through until every guarded table exists (checked at most
 * once a second, as connections are opened); the gate is then built in the background and answers
 * on connections opened after it is READY.
 */
final class DriverGate implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DriverGate.class);
    private static final long CHECK_EVERY_NANOS = 1_000_000_000L;
    private static final long RETRY_FAILED_BUILD_NANOS = 10_000_000_000L;

    final String driverUrl;
    final GateUrl.GateConfig config;
    private final DriverDataSource target;
    private final DeferredGateDataSource deferred;
    private final Object buildLock = new Object();
    private final AtomicBoolean checking = new AtomicBoolean();
    private volatile long nextCheck = System.nanoTime();
    private volatile boolean closed;
    private String lastMissing;

    DriverGate(Driver driver, String driverUrl, GateUrl.GateConfig config, Properties firstInfo) {
        this.driverUrl = driverUrl;
        this.config = config;
        this.target = new DriverDataSource(driver, driverUrl, firstInfo);
        this.deferred = new DeferredGateDataSource(target);
    }

    /** The gate, or null while connections pass through. */
    BloomGate gate() {
        return deferred.gate();
    }

    /** A connection for the application, opened with {@code info}. */
    Connection connect(Properties info) throws SQLException {
        if (closed) {
            throw new SQLException("The bloomgate gate on " + GateUrl.redact(driverUrl) + " was closed", "08003");
        }
        if (deferred.gate() == null) {
            if (config.awaitTables()) {
                awaitTables();
            } else {
                buildNow();
            }
        }
        return target.with(info, deferred::getConnection);
    }

    private void buildNow() throws SQLException {
        synchronized (buildLock) {
            if (deferred.gate() != null || closed) {
                return;
            }
            try {
                deferred.attach(build());
            } catch (IllegalArgumentException | IllegalStateException e) {
                String message = String.valueOf(e.getMessage());
                throw new SQLException("jdbc:bloomgate: cannot guard " + GateUrl.redact(driverUrl) + ": " + message
                        + (message.contains("there is no table")
                                // the catalog's message ends with a period already
                                ? (message.endsWith(".") ? "" : ".") + " If a migration (Flyway, Liquibase) creates it through this URL, add the option"
                                        + " await-tables=true (jdbc:bloomgate:guards=...;await-tables=true:jdbc:...)"
                                : ""), "08001", e);
            }
        }
    }

    private void awaitTables() {
        long now = System.nanoTime();
        if (now - nextCheck < 0 || !checking.compareAndSet(false, true)) {
            return;
        }
        nextCheck = now + CHECK_EVERY_NANOS;
        boolean start = false;
        try {
            start = tablesExist();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("bloomgate on {}: cannot check for the guarded tables yet: {}", GateUrl.redact(driverUrl),
                    e.toString());
        } finally {
            if (!start) {
                checking.set(false);
            }
        }
        if (start) {
            Thread builder = new Thread(this::buildInBackground, "bloomgate-driver-build");
            builder.setDaemon(true);
            builder.start();
        }
    }

    /**
     * Whether every guarded table exists (H2, PostgreSQL and MySQL/MariaDB only, whose hooks see the
     * writes of connections opened before the gate: see {@link DeferredGateDataSource}).
     */
    private boolean tablesExist() throws SQLException {
        try (Connection c = target.getConnection()) {
            Dialect dialect = CatalogReader.dialectOf(c.getMetaData().getDatabaseProductName());
            if (dialect == Dialect.OTHER) {
                throw new IllegalStateException("await-tables needs H2, PostgreSQL or MySQL/MariaDB, whose triggers see"
                        + " the writes of connections opened before the gate; this is "
                        + c.getMetaData().getDatabaseProductName());
            }
            List<String> missing = new ArrayList<>();
            if (dialect == Dialect.MYSQL) {
                // Databases are JDBC catalogs there, and names resolve by MySQL's rules, not CatalogReader's.
                MySqlCatalog catalog = MySqlCatalog.of(c);
                for (GuardRequest g : config.guards()) {
                    if (!catalog.tableExists(g.table())) {
                        missing.add(g.table().contains(".") ? g.table() : catalog.defaultSchema() + "." + g.table());
                    }
                }
                return noneMissing(missing);
            }
            String defaultSchema = new CatalogReader(c, dialect).defaultSchema();
            for (GuardRequest g : config.guards()) {
                String[] name = CatalogReader.qualifiedName(g.table(), defaultSchema, dialect);
                if (CatalogReader.columnSignatures(c, name[0], name[1]).isEmpty()) {
                    missing.add(name[0] + "." + name[1]);
                }
            }
            return noneMissing(missing);
        }
    }

    private boolean noneMissing(List<String> missing) {
        if (!missing.isEmpty()) {
            String text = missing.toString();
            if (!text.equals(lastMissing)) {
                lastMissing = text;
                LOG.info("bloomgate on {}: connections pass through until {} exist", GateUrl.redact(driverUrl), text);
            }
            return false;
        }
        return true;
    }

    private void buildInBackground() {
        try {
            synchronized (buildLock) {
                if (deferred.gate() == null && !closed) {
                    BloomGate gate = build();
                    if (closed) {
                        gate.close();
                    } else {
                        deferred.attach(gate);
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.error("bloomgate on {}: cannot build the gate; connections pass through (retried in 10 s)",
                    GateUrl.redact(driverUrl), e);
            nextCheck = System.nanoTime() + RETRY_FAILED_BUILD_NANOS;
        } finally {
            checking.set(false);
        }
    }

    private BloomGate build() throws SQLException {
        BloomGate.Builder builder = BloomGate.builder(target);
        for (GuardRequest g : config.guards()) {
            if (g.expectedKeys() != null) {
                builder.guard(g.table(), g.column(), g.expectedKeys(), g.rate());
            } else {
                builder.guard(g.table(), g.column(), g.rate());
            }
        }
        if (config.staleAfter() != null) {
            builder.staleAfter(config.staleAfter());
        }
        if (config.snapshotEvery() != null) {
            builder.snapshotEvery(config.snapshotEvery());
        }
        if (config.instanceTimeout() != null) {
            builder.instanceTimeout(config.instanceTimeout());
        }
        if (config.jmx()) {
            builder.jmx(config.jmxGateName());
        }
        BloomGate gate = builder.build();
        LOG.info("bloomgate on {}: guards {} are READY", GateUrl.redact(driverUrl), config.guards().stream()
                .map(GuardRequest::toString).toList());
        return gate;
    }

    /** Closes the gate (PostgreSQL: saves snapshots and final counters); later connections fail. */
    @Override
    public void close() {
        closed = true;
        synchronized (buildLock) {
            BloomGate gate = deferred.detach();
            if (gate != null) {
                gate.close();
            }
        }
    }
}
