package io.bloomgate;

import io.bloomgate.filter.FilterSpec;
import io.bloomgate.h2.H2Sync;
import io.bloomgate.jdbc.GateContext;
import io.bloomgate.jdbc.GateDataSource;
import io.bloomgate.postgres.FeedSettings;
import io.bloomgate.postgres.PgSync;
import io.bloomgate.mysql.MySqlCatalog;
import io.bloomgate.mysql.MySqlSync;
import io.bloomgate.report.BloomGateJmx;
import io.bloomgate.sql.Dialect;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.stats.GuardStatsSource;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.DatabaseSync;
import io.bloomgate.sync.GateFence;
import io.bloomgate.sync.GuardRequest;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.ScanSync;
import io.bloomgate.sync.Settler;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A Bloom filter in front of database tables.
 *
 * <pre>{@code
 * try (BloomGate gate = BloomGate.builder(dataSource)
 *         .guard("users", "email")                       // sized from the table, p = 1%
 *         .guard("orders", "id", 10_000_000, 0.001)      // explicit expected keys and rate
 *         .build()) {                                    // scans; returns when every filter is READY
 *     DataSource ds = gate.dataSource();                 // hand this to the application
 *     ...
 *     GuardStats s = gate.stats("users", "email");
 * }
 * }</pre>
 *
 * <p>Through {@link #dataSource()}, a point lookup on a guarded key column whose key the filter
 * says is <em>definitely absent</em> is answered with an empty result without touching the
 * database; every other statement runs as usual. The filter is always a superset of the keys a
 * reader can see: keys written through the gate are added before the write executes, and whenever
 * the gate is unsure it passes the statement through. See the README for what is eligible.
 *
 * <p>On embedded H2, the gate installs a Java trigger on each guarded table ({@code
 * BLOOMGATE_<table>}, class {@code io.bloomgate.h2.BloomTrigger}; {@code CREATE TRIGGER} needs an
 * admin user and commits) that adds every key written by any connection inside the writing
 * transaction. Guards are shared per database: two gates on the same column use one filter.
 * Elsewhere, writes from outside the gate are covered by the database-specific sync (the
 * PostgreSQL and the MySQL/MariaDB change feeds).
 *
 * <p>A gate is a {@link GuardStatsSource}: the reports, the Micrometer binder and the JMX beans of
 * {@code io.bloomgate.report} read it ({@code new BloomGateMetrics(gate)}).
 */
public final class BloomGate implements AutoCloseable, GuardStatsSource {

    /** Default false-positive rate. */
    public static final double DEFAULT_FPP = FilterSpec.DEFAULT_FPP;

    /** A default-sized filter holds this many keys at least (an empty table still grows). */
    public static final long MIN_DEFAULT_KEYS = FilterSpec.MIN_DEFAULT_KEYS;

    private final List<Guard> guards;
    private final GateDataSource dataSource;
    private final GateContext context;
    private final Settler settler;
    private final DatabaseSync sync;   // H2 triggers, the PostgreSQL change feed, or scans only
    private volatile BloomGateJmx jmx; // MBeans registered by Builder.jmx(..), else null

    private BloomGate(DatabaseSync sync, GateDataSource dataSource, GateContext context) {
        this.guards = sync.guards();
        this.dataSource = dataSource;
        this.context = context;
        this.settler = sync.settler();
        this.sync = sync;
    }

    /** Starts configuring a gate in front of {@code dataSource} (any JDBC data source). */
    public static Builder builder(DataSource dataSource) {
        return new Builder(Objects.requireNonNull(dataSource, "dataSource must not be null"));
    }

    /** The data source to hand to the application, a connection pool or jOOQ. */
    public DataSource dataSource() {
        return dataSource;
    }

    /**
     * A snapshot of one guard's counters and filter facts. Names resolve as in the builder,
     * case-insensitively, with or without the schema.
     *
     * @throws IllegalArgumentException if no guard matches, listing the guarded columns
     */
    public GuardStats stats(String table, String column) {
        return guard(table, column).stats();
    }

    /** Snapshots of every guard, in the order they were configured. */
    @Override
    public List<GuardStats> stats() {
        List<GuardStats> all = new ArrayList<>();
        for (Guard guard : guards) {
            all.add(guard.stats());
        }
        return Collections.unmodifiableList(all);
    }

    /** A report on every guard: text, JSON or HTML. */
    public GateReport report() {
        return new GateReport(stats());
    }

    private Guard guard(String table, String column) {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(column, "column must not be null");
        String t = unquote(table).toLowerCase(Locale.ROOT);
        String c = unquote(column).toLowerCase(Locale.ROOT);
        for (Guard guard : guards) {
            String name = guard.table().table().toLowerCase(Locale.ROOT);
            String qualified = guard.table().schema().toLowerCase(Locale.ROOT) + "." + name;
            if ((t.equals(name) || t.equals(qualified)) && c.equalsIgnoreCase(guard.table().keyColumn())) {
                return guard;
            }
        }
        List<String> guarded = new ArrayList<>();
        for (Guard guard : guards) {
            guarded.add(guard.table().schema() + "." + guard.table().table() + "." + guard.table().keyColumn());
        }
        throw new IllegalArgumentException("No guard on " + table + "." + column + "; guarded columns: "
                + (guarded.isEmpty() ? "none" : String.join(", ", guarded)));
    }

    private static String unquote(String name) {
        return name.replace("\"", "").trim();
    }

    /**
     * Stops answering from the filters: afterwards every statement passes through (connections
     * already handed out keep working). Releases the background threads.
     */
    @Override
    public void close() {
        BloomGateJmx registered = jmx;
        if (registered != null) {
            registered.close();
        }
        context.close();
        // H2: the guards are shared per database, the last gate using one closes it; PostgreSQL and
        // MySQL/MariaDB: saves snapshots and unregisters the instance; elsewhere: closes the guards.
        sync.close();
        settler.close();
    }

    /**
     * Rebuilds every guard from a fresh scan, for after writes the sync could not see (a bulk load
     * with triggers disabled, a dropped trigger). Lookups keep being answered from the current filters
     * while it runs.
     *
     * <p>On H2, PostgreSQL and MySQL/MariaDB the rebuild is online (one protocol for all three): the
     * hook (trigger) is re-installed if it was dropped, and the new filter (sized for the keys the
     * table holds now) replaces the old one once no transaction that could still see a deleted key is
     * open, or, with a change feed, once the feed has read past the scan. On other databases the scan
     * adds every key the table holds to the current filter (a union: nothing is removed, since the
     * gate cannot tell when that is safe).
     *
     * @throws IllegalStateException if a key column's type changed since the gate was built
     * @throws SQLException          if the database fails
     */
    public void rebuild() throws SQLException {
        for (Guard guard : guards) {
            sync.rebuild(guard);
        }
    }

    /**
     * PostgreSQL and MySQL/MariaDB: saves every filter, with the change-log position it covers, to
     * {@code bloomgate.snapshots} now (it is also saved periodically, see {@link
     * Builder#snapshotEvery}, and on {@link #close()}), so that the next instance loads it and replays
     * the log instead of scanning the table.
     *
     * @throws UnsupportedOperationException on other databases
     * @throws SQLException                  if the database fails
     */
    public void saveSnapshots() throws SQLException {
        sync.saveSnapshots();
    }

    /**
     * Waits until this gate's filters hold every key committed before this call, by any connection
     * or process: on PostgreSQL and MySQL/MariaDB, until the change feed has completed a read that
     * started after the call. On H2 (triggers add keys before commit) it returns at once. Useful for read-your-writes
     * across instances and in tests; lookups never need it to be correct (a guard that is behind
     * passes them through).
     *
     * @param timeout how long to wait at most
     * @return true when caught up; false if the timeout passed first (the feed is disconnected or
     *         far behind; its guards pass lookups through meanwhile)
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitChangeFeed(Duration timeout) throws InterruptedException {
        return awaitChangeFeed(timeout.toMillis());
    }

    /**
     * PostgreSQL and MySQL/MariaDB: how long ago the change feed last completed a read of the change
     * log. Once it exceeds {@link Builder#staleAfter} lookups pass through until the feed catches up
     * (health checks report it). Empty on other databases, whose filters need no feed.
     */
    public Optional<Duration> changeFeedLag() {
        return sync.changeFeedLag();
    }

    boolean awaitChangeFeed(long timeoutMillis) throws InterruptedException {
        return sync.awaitCatchUp(timeoutMillis);
    }

    /** Configures a {@link BloomGate}. */
    public static final class Builder {

        private final DataSource dataSource;
        private final List<GuardRequest> requests = new ArrayList<>();
        private FeedSettings feedSettings = FeedSettings.DEFAULTS;
        private DataSource feedDataSource;
        private Duration holeGrace = MySqlSync.Settings.DEFAULT_HOLE_GRACE;
        private boolean jmx;
        private String jmxName;

        private Builder(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        /**
         * Guards {@code table.column}, sized from the table's row count (half as much again, at least
         * {@value #MIN_DEFAULT_KEYS} keys) at a 1% false-positive rate.
         *
         * @param table  {@code table} or {@code schema.table}, resolved as the database resolves
         *               unquoted identifiers ({@code "users"} and {@code "USERS"} both work)
         * @param column the key column
         */
        public Builder guard(String table, String column) {
            return add(new GuardRequest(table, column, null, null));
        }

        /**
         * Guards {@code table.column} at false-positive rate {@code fpp}, sized from the table's row
         * count as {@link #guard(String, String)} sizes it.
         *
         * @throws IllegalArgumentException if {@code fpp} is not in (0, 1)
         */
        public Builder guard(String table, String column, double fpp) {
            return add(new GuardRequest(table, column, null, fpp));
        }

        /**
         * Guards {@code table.column} with a filter for {@code expectedKeys} keys at false-positive
         * rate {@code fpp}.
         *
         * @throws IllegalArgumentException if {@code expectedKeys < 1}, {@code fpp} is not in (0, 1), or
         *     no filter of that size can be built (too large for a Java array, a rate too small to reach)
         */
        public Builder guard(String table, String column, long expectedKeys, double fpp) {
            return add(new GuardRequest(table, column, expectedKeys, fpp));
        }

        /** Checked when the guard is asked for (by {@link GuardRequest}), before any database work. */
        private Builder add(GuardRequest request) {
            requests.add(request);
            return this;
        }

        /**
         * Registers an MBean per guard ({@link io.bloomgate.report.GuardMXBean}) with the platform
         * MBean server at {@link #build()}; {@link BloomGate#close()} unregisters them.
         */
        public Builder jmx() {
            return jmx(null);
        }

        /**
         * As {@link #jmx()}, with {@code gate=<gateName>} in the object names (needed when two gates in
         * one JVM guard columns of the same name); null for none.
         */
        public Builder jmx(String gateName) {
            this.jmx = true;
            this.jmxName = gateName;
            return this;
        }

        /**
         * PostgreSQL and MySQL/MariaDB: the staleness bound. A guard answers from its filter only while its change
         * feed's last successful read of the change log was sent less than this long ago, so a key
         * committed longer ago than this is never answered absent; otherwise (its connection died,
         * the server or a read stalled) lookups pass through until a newer read completes. Measured
         * from before the read's snapshot, not from when it returned. Default 5 s.
         */
        public Builder staleAfter(Duration limit) {
            feedSettings = new FeedSettings(positive(limit, "staleAfter"), feedSettings.pollInterval(),
                    feedSettings.snapshotEvery(), feedSettings.instanceTimeout(), feedSettings.snapshotRetention());
            return this;
        }

        /**
         * PostgreSQL and MySQL/MariaDB: the change feed's idle poll interval. The feed polls the change log (writers
         * send no notification: one would serialize their commits); after a read that found rows
         * it reads again after 2 ms, after empty ones it backs off to this interval. It
         * bounds how long a write from elsewhere waits while the log is quiet (about half of it on
         * average), and sets the polling's cost: one short read per guard and poll (at 5 ms, about
         * 3% of a server core per instance on the benchmark machine). Capped at a third of
         * {@link #staleAfter}. Default 5 ms.
         */
        public Builder pollInterval(Duration interval) {
            feedSettings = new FeedSettings(feedSettings.staleAfter(), positive(interval, "pollInterval"),
                    feedSettings.snapshotEvery(), feedSettings.instanceTimeout(), feedSettings.snapshotRetention());
            return this;
        }

        /**
         * PostgreSQL and MySQL/MariaDB: how often each filter is saved to {@code bloomgate.snapshots} (it is also saved
         * on {@link BloomGate#close()}), so that the next instance loads it and replays the change
         * log instead of scanning the table. {@link Duration#ZERO}: on close only. Default 10 min.
         */
        public Builder snapshotEvery(Duration interval) {
            Objects.requireNonNull(interval, "snapshotEvery must not be null");
            if (interval.isNegative()) {
                throw new IllegalArgumentException("snapshotEvery must not be negative, was " + interval
                        + "; Duration.ZERO saves snapshots on close only");
            }
            feedSettings = new FeedSettings(feedSettings.staleAfter(), feedSettings.pollInterval(), interval,
                    feedSettings.instanceTimeout(), feedSettings.snapshotRetention());
            return this;
        }

        /**
         * PostgreSQL and MySQL/MariaDB: a gate instance (of any process) silent for this long no longer keeps change-log
         * rows it has not read; if it comes back it rebuilds by scan. Default 10 min.
         */
        public Builder instanceTimeout(Duration timeout) {
            feedSettings = new FeedSettings(feedSettings.staleAfter(), feedSettings.pollInterval(),
                    feedSettings.snapshotEvery(), positive(timeout, "instanceTimeout"), feedSettings.snapshotRetention());
            return this;
        }

        /**
         * PostgreSQL: where the change feed takes its connection. The feed holds one connection open
         * for the gate's whole life (it polls the change log on it), so by default it takes one slot
         * of the pool given to {@link BloomGate#builder} for as long as the gate is open: size the
         * pool one larger, or give the feed a data source of its own here (an unpooled one such as
         * pgjdbc's {@code PGSimpleDataSource}, or a pool of one), so that the application's pool has
         * no connection held by bloomgate. It must reach the same database, on the primary server:
         * checked on every connection it gives (database name and cluster identifier; a standby is
         * refused), and the feed passes lookups through while it cannot connect. The feed resets the
         * session settings it changes before closing its connection. Ignored on other databases,
         * which have no change feed. Default: the gate's own data source.
         */
        public Builder feedDataSource(DataSource dataSource) {
            this.feedDataSource = Objects.requireNonNull(dataSource, "feedDataSource must not be null");
            return this;
        }

        /**
         * MySQL/MariaDB, when the gate's user lacks the {@code PROCESS} privilege: how long the change
         * feed keeps reading an id of the change log that was drawn but not (yet) committed before it
         * may retire it. Log ids are drawn before commit, so a lower id can commit after a higher one
         * was read; with {@code PROCESS} the feed proves from {@code information_schema.innodb_trx}
         * that no transaction that could still commit the id remains, without it it waits this long
         * and checks that no uncommitted row holds the id (a locking read). What that cannot see: a
         * transaction stalled for longer than this between drawing the id and inserting its row (see
         * the README). Retiring only bounds the feed's work and memory; longer is safer. Default 60 s.
         */
        public Builder holeGracePeriod(Duration grace) {
            this.holeGrace = positive(grace, "holeGracePeriod");
            return this;
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name + " must not be null");
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, was " + d + "; pass e.g."
                        + " Duration.ofSeconds(5)");
            }
            return d;
        }

        /**
         * Resolves every guard against the database catalog, builds every filter by scanning its
         * column, and returns when all are {@link GuardState#READY}.
         *
         * @throws IllegalArgumentException if a table or column does not exist, a table is guarded
         *     twice, or a key type's equality cannot be reproduced exactly (naming it)
         * @throws SQLException             if the database fails
         */
        public BloomGate build() throws SQLException {
            if (requests.isEmpty()) {
                throw new IllegalStateException("no guards configured: call guard(table, column) before build()");
            }
            List<CatalogReader.KeyColumn> keys = new ArrayList<>();
            List<FilterSpec> sizes = new ArrayList<>();
            String product;
            String driverName;
            ClassLoader driverLoader;
            Dialect dialect;
            String defaultSchema;
            DatabaseSync sync = null;
            GateFence fence = new GateFence(); // shared by the sync's rebuilds and the gate's connections
            try (Connection connection = dataSource.getConnection()) {
                product = connection.getMetaData().getDatabaseProductName();
                driverName = connection.getMetaData().getDriverName();
                driverLoader = connection.getMetaData().getClass().getClassLoader(); // the driver's own object
                dialect = CatalogReader.dialectOf(product);
                CatalogReader catalog = dialect == Dialect.MYSQL ? MySqlCatalog.of(connection)
                        : new CatalogReader(connection, dialect);
                defaultSchema = catalog.defaultSchema();
                for (GuardRequest request : requests) {
                    CatalogReader.KeyColumn key = catalog.resolve(request.table(), request.column());
                    for (CatalogReader.KeyColumn existing : keys) {
                        if (existing.table().equals(key.table())) {
                            throw new IllegalArgumentException("Cannot guard " + request + ": column " + key.table()
                                    + " is already guarded (guard each column once)");
                        }
                    }
                    keys.add(key);
                    sizes.add(request.spec(() -> catalog.estimateRows(key.table())));
                }
                if (dialect == Dialect.H2) {
                    // H2's guards are shared per database and fed by triggers (see H2Sync); it builds
                    // on this connection, in auto-commit mode.
                    sync = H2Sync.build(dataSource, connection, keys, sizes);
                }
            }
            if (sync == null) {
                // The others build on connections of their own, once the catalog's is closed.
                sync = switch (dialect) {
                    case POSTGRES -> PgSync.build(dataSource, feedDataSource, keys, sizes, feedSettings, fence);
                    case MYSQL -> MySqlSync.build(dataSource, feedDataSource, keys, sizes,
                            new MySqlSync.Settings(feedSettings.staleAfter(), feedSettings.pollInterval(),
                                    feedSettings.instanceTimeout(), holeGrace, feedSettings.snapshotEvery()), fence);
                    default -> ScanSync.build(dataSource, keys, sizes);
                };
            }
            GateContext context = new GateContext(dataSource, product, driverName, driverLoader, dialect, defaultSchema, sync.guards(),
                    sync.settler(), sync.watch(), fence);
            context.redefinitions(sync.redefinitions());
            BloomGate gate = new BloomGate(sync, new GateDataSource(context), context);
            if (jmx) {
                try {
                    gate.jmx = BloomGateJmx.register(gate, jmxName);
                } catch (RuntimeException e) {
                    gate.close();
                    throw e;
                }
            }
            return gate;
        }
    }
}
