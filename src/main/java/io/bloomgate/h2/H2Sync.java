package io.bloomgate.h2;

import io.bloomgate.stats.GuardState;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.DatabaseSync;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.OnlineRebuild;
import io.bloomgate.sync.RebuildFence;
import io.bloomgate.sync.Redefinitions;
import io.bloomgate.sync.Rescans;
import io.bloomgate.sync.Settler;
import io.bloomgate.sync.SyncWatch;
import io.bloomgate.sync.TableDefinition;
import io.bloomgate.sync.TableScanner;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.h2.engine.Database;
import org.h2.engine.SessionLocal;
import org.h2.mvstore.tx.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps guards on an embedded H2 database in sync through {@link BloomTrigger}, for one gate
 * (docs/architecture.md section 4). Internal to bloomgate.
 *
 * <p>A build (and every rebuild) goes: register the guard where the trigger finds it; install the
 * trigger; wait until every transaction open at that moment has ended (one of them may have
 * written before the trigger existed and not committed yet); note the transactions open now and
 * scan the key column; wait until those have ended too (one of them may hold an older snapshot
 * that still shows a row the scan no longer saw); only then answer from the new filter. Writes
 * racing the scan are caught by the trigger, which feeds the filter being built as well.
 */
public final class H2Sync implements DatabaseSync {

    private static final Logger LOG = LoggerFactory.getLogger(H2Sync.class);
    static final String TRIGGER_CLASS = BloomTrigger.class.getName();
    static final String TRIGGER_PREFIX = "BLOOMGATE_";
    /** How long a gate's build waits for earlier transactions before failing. */
    static final long BUILD_WAIT_MILLIS = TimeUnit.MINUTES.toMillis(2);
    /** How long a background rebuild waits for earlier transactions before giving up (and retrying later). */
    static final long REBUILD_WAIT_MILLIS = TimeUnit.MINUTES.toMillis(10);

    private final DataSource source;
    private final GuardedDatabase database;
    private final List<Guard> mine = new ArrayList<>();
    private List<Guard> guards = List.of(); // in configured order, set once by build
    private Settler settler;                // set once by build

    private H2Sync(DataSource source, GuardedDatabase database) {
        this.source = source;
        this.database = database;
    }

    /**
     * The sync of a gate on an embedded H2 database: acquires a guard per key column (see {@link
     * #acquire}) and returns when every one is READY. Unsettled writes are settled by a rescan.
     *
     * @param connection one of {@code source}'s connections; its auto-commit mode is restored
     */
    public static H2Sync build(DataSource source, Connection connection, List<CatalogReader.KeyColumn> keys,
            List<FilterSpec> sizes) throws SQLException {
        H2Sync sync = forGate(source, connection);
        boolean autoCommit = connection.getAutoCommit();
        try {
            connection.setAutoCommit(true); // CREATE TRIGGER commits; the scan must not hold a transaction
            List<Guard> acquired = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                acquired.add(sync.acquire(connection, keys.get(i), sizes.get(i)));
            }
            connection.setAutoCommit(autoCommit);
            sync.guards = List.copyOf(acquired);
            sync.settler = new Rescans(new TableScanner(source, false));
            return sync;
        } catch (SQLException | RuntimeException e) {
            sync.close();
            throw e;
        }
    }

    @Override
    public List<Guard> guards() {
        return guards;
    }

    @Override
    public Settler settler() {
        return settler;
    }

    /** Triggers add keys inside the writing transaction; the watch notices a dropped trigger. */
    @Override
    public SyncWatch watch() {
        return H2Watch.INSTANCE;
    }

    /**
     * DDL through the gate: the guard is unsynced before it runs (the watch would notice a dropped
     * trigger only at the next lookup, and not a retyped column the trigger still fires for), and
     * rebuilt in the background once its transaction ended: the rebuild checks the table's columns,
     * re-installs the trigger and scans (H2 commits DDL at once; the wait costs nothing).
     */
    @Override
    public Redefinitions redefinitions() {
        return new Redefinitions() {
            @Override
            public void before(Guard guard, String why) {
                guard.unsync(why);
            }

            @Override
            public void after(Guard guard) {
                database.scheduleAfterRedefinition(guard);
            }
        };
    }

    @Override
    public void saveSnapshots() {
        throw new UnsupportedOperationException("snapshots are saved on PostgreSQL and MySQL/MariaDB only"
                + " (this gate is on H2, whose triggers keep the filters in the same JVM)");
    }

    /**
     * Sync for a gate on {@code source}; {@code connection} is one of its connections.
     *
     * @throws SQLException if the connection is not to an embedded H2 database
     */
    static H2Sync forGate(DataSource source, Connection connection) throws SQLException {
        GuardedDatabase database = H2Registry.of(H2Engine.database(connection));
        database.addSource(source);
        database.pin();
        registerMayContain(connection);
        return new H2Sync(source, database);
    }

    /**
     * Creates {@code BLOOM_MAY_CONTAIN} in the connection's schema if it is missing. Not
     * DETERMINISTIC, on purpose (see {@link H2Functions}). A user who may not create it only loses
     * the SQL function, not the gate.
     */
    static void registerMayContain(Connection connection) {
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE ALIAS IF NOT EXISTS BLOOM_MAY_CONTAIN FOR '" + H2Functions.class.getName() + ".mayContain'");
        } catch (SQLException e) {
            LOG.warn("Could not create the SQL function BLOOM_MAY_CONTAIN (it needs an admin user): {}", e.getMessage());
        }
    }

    /**
     * Guards {@code key}: joins the guard another gate (or {@code BLOOM_GUARD}) already keeps on the
     * column, or builds a new one. Returns when it is READY.
     *
     * @param connection a connection of the gate's data source, in auto-commit mode ({@code CREATE
     *                   TRIGGER} commits)
     */
    public Guard acquire(Connection connection, CatalogReader.KeyColumn key, FilterSpec spec) throws SQLException {
        Guard guard = join(connection, null, database, key, spec, BUILD_WAIT_MILLIS);
        synchronized (mine) {
            mine.add(guard);
        }
        return guard;
    }

    /**
     * Rebuilds {@code guard} online from a fresh scan, sized for its current keys; re-installs the
     * trigger first if it was dropped.
     *
     * @throws IllegalStateException if the key column's type changed (the guard cannot be rebuilt)
     */
    @Override
    public void rebuild(Guard guard) throws SQLException {
        rebuild(source, guard);
    }

    static void rebuild(DataSource source, Guard guard) throws SQLException {
        try (Connection connection = source.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            if (!autoCommit) {
                connection.setAutoCommit(true); // else the rebuild's own transaction is one it waits for
            }
            try {
                rebuild(connection, null, guard, REBUILD_WAIT_MILLIS);
            } finally {
                if (!autoCommit) {
                    connection.setAutoCommit(false);
                }
            }
        }
    }

    /**
     * The users of this gate's guards drop by one; a guard nobody uses is closed, and a table left
     * without guards loses its trigger (so the database no longer needs bloomgate's classes to write
     * to it).
     */
    @Override
    public void close() {
        List<GuardedTable> left = new ArrayList<>();
        synchronized (mine) {
            for (Guard guard : mine) {
                if (database.leave(guard)) {
                    left.add(guard.table());
                }
            }
            mine.clear();
        }
        if (!left.isEmpty()) {
            try (Connection connection = source.getConnection()) {
                for (GuardedTable t : left) {
                    dropTriggerIfUnguarded(connection, database, t);
                }
            } catch (SQLException | RuntimeException e) {
                LOG.warn("Could not drop bloomgate's triggers on {} after the last guard closed; they stay harmless"
                        + " but need bloomgate's classes on the classpath (sql/h2/uninstall.sql removes them)", left, e);
            }
        }
        database.removeSource(source); // last: it may let the database close
    }

    /** Drops the table's trigger if no guard in this JVM uses it any more. */
    static void dropTriggerIfUnguarded(Connection connection, GuardedDatabase database, GuardedTable t)
            throws SQLException {
        if (database.guarded(t.schema(), t.table())) {
            return;
        }
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TRIGGER IF EXISTS " + TableScanner.quote(t.schema()) + "."
                    + TableScanner.quote(triggerName(t.table())));
        }
        LOG.info("Dropped trigger {} on {}.{}: no guard uses it", triggerName(t.table()), t.schema(), t.table());
    }

    // ------------------------------------------------------------------ shared with the SQL functions

    /**
     * Joins or builds the guard on {@code key} for a new user.
     *
     * @param own the session when called from inside a statement (an H2 function), else null
     */
    static Guard join(Connection connection, SessionLocal own, GuardedDatabase database, CatalogReader.KeyColumn key,
            FilterSpec spec, long waitMillis) throws SQLException {
        Guard fresh = new Guard(key.table(), key.keyForm(), key.keyType(), key.columnTypes(), spec);
        GuardedDatabase.Shared shared = database.join(fresh, key.keyTypeSignature());
        if (shared.guard != fresh) {
            awaitBuilt(shared, database);
            if (!shared.keyTypeSignature.equals(key.keyTypeSignature())) {
                database.leave(shared.guard);
                throw new IllegalStateException("The guard on " + key.table() + " was built for type "
                        + shared.keyTypeSignature + " but the column is now " + key.keyTypeSignature()
                        + "; close the gates that use it and build a new one");
            }
            FilterSpec existing = shared.guard.requestedSpec();
            if (existing.targetFpp() != spec.targetFpp()) {
                // Guards on one column share one filter (one trigger feeds it): a second request at
                // another rate would silently get the first one's. Refused, naming both.
                database.leave(shared.guard);
                throw new IllegalArgumentException("Cannot guard " + key.table() + " at false-positive rate "
                        + spec.targetFpp() + " (" + spec.expectedKeys() + " expected keys): this H2 database"
                        + " already has a guard on that column at rate " + existing.targetFpp() + " ("
                        + existing.expectedKeys() + " expected keys), made by another gate or BLOOM_GUARD, and"
                        + " guards on one column share one filter. Ask for rate " + existing.targetFpp()
                        + ", or close the gates that use the existing guard (CALL BLOOM_UNGUARD for one made from"
                        + " SQL) so that a new one is built at the rate you want");
            }
            Database db = H2Engine.database(connection);
            String broken = shared.guard.state() == GuardState.UNSYNCED ? shared.guard.unsyncedReason()
                    : H2Watch.hookBroken(db, shared);
            if (broken != null && !broken.isEmpty() && shared.guard.state() != GuardState.UNSYNCED) {
                shared.guard.unsync(broken);
            }
            if (shared.guard.state() == GuardState.UNSYNCED) {
                LOG.info("{} lost its hook ({}); rebuilding it for the new gate", shared.guard,
                        shared.guard.unsyncedReason());
                try {
                    rebuild(connection, own, shared.guard, waitMillis);
                } catch (SQLException | RuntimeException e) {
                    database.leave(shared.guard);
                    throw e;
                }
            }
            if (existing.expectedKeys() != spec.expectedKeys()) {
                // Only the size differs (sizes derived from the row count differ from build to
                // build): the shared filter is rebuilt larger when the table outgrows it.
                LOG.info("{} is already guarded on this database, sized for {} keys at p={}; sharing that guard"
                        + " (this request: {} keys at p={})", key.table(), existing.expectedKeys(),
                        existing.targetFpp(), spec.expectedKeys(), spec.targetFpp());
            }
            return shared.guard;
        }
        try {
            Database db = H2Engine.database(connection);
            shared.builtOn = new java.lang.ref.WeakReference<>(db); // before the trigger starts: see BloomTrigger.init
            installTrigger(connection, key.table(), database.slot(key.table().schema(), key.table().table()));
            fresh.syncedByTrigger(true);
            long rows = fill(connection, db, own, fresh, fresh.filter(), waitMillis);
            H2Watch.recordHook(db, shared);
            fresh.ready(rows);
            LOG.info("Guard on {} is READY: {} rows, {}", key.table(), rows, fresh.filter());
            shared.built.complete(null);
            return fresh;
        } catch (SQLException | RuntimeException e) {
            shared.built.completeExceptionally(e);
            database.leave(fresh);
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            shared.built.completeExceptionally(e);
            database.leave(fresh);
            throw new SQLException("Interrupted while building the guard on " + key.table(), e);
        }
    }

    private static void awaitBuilt(GuardedDatabase.Shared shared, GuardedDatabase database) throws SQLException {
        try {
            shared.built.get(BUILD_WAIT_MILLIS + TimeUnit.MINUTES.toMillis(30), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            database.leave(shared.guard);
            throw new SQLException("The build of " + shared.guard + " by another gate failed: " + e.getCause(),
                    e.getCause());
        } catch (TimeoutException | InterruptedException e) {
            database.leave(shared.guard);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new SQLException("Gave up waiting for another gate to build " + shared.guard, e);
        }
    }

    static void rebuild(Connection connection, SessionLocal own, Guard guard, long waitMillis) throws SQLException {
        GuardedTable t = guard.table();
        Database db = H2Engine.database(connection);
        GuardedDatabase database = H2Registry.of(db);
        GuardedDatabase.Shared shared = database.find(t);
        if (shared == null || shared.guard != guard) {
            throw new IllegalStateException(guard + " is closed");
        }
        // One rebuild at a time; a caller who finds one running waits, then runs its own (the
        // running scan may have started before the caller's bulk load).
        try {
            if (!shared.rebuildLock.tryLock(waitMillis, TimeUnit.MILLISECONDS)) {
                throw new SQLException("Another rebuild of " + guard + " has been running for over " + waitMillis / 1000
                        + " s; try again later");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while waiting for another rebuild of " + guard, e);
        }
        try {
            rebuildLocked(connection, own, db, database, shared, waitMillis);
        } finally {
            shared.rebuildLock.unlock();
        }
    }

    /**
     * The online rebuild ({@link OnlineRebuild}) of a guard whose rebuild lock the caller holds. H2's
     * hook: the trigger, re-installed if it was dropped. Its scan: after every transaction open when
     * it starts has ended (one may have written before the trigger existed). Its horizon: every
     * transaction open when the scan ended has ended too (one may hold an older snapshot that still
     * shows a row the scan no longer saw). That horizon waits out every older reader, whichever gate
     * it reads through, so the rebuild needs no gate's fence ({@link RebuildFence#NONE}); a shared
     * guard has no one gate to tell anyway.
     */
    private static void rebuildLocked(Connection connection, SessionLocal own, Database db, GuardedDatabase database,
            GuardedDatabase.Shared shared, long waitMillis) throws SQLException {
        Guard guard = shared.guard;
        GuardedTable t = guard.table();
        String now = CatalogReader.columnSignatures(connection, t.schema(), t.table()).get(t.keyColumn());
        if (!shared.keyTypeSignature.equals(now)) {
            String reason = now == null ? "column " + t + " no longer exists"
                    : "the type of " + t + " changed from " + shared.keyTypeSignature + " to " + now;
            guard.unsync(reason + ": build a new gate");
            throw new IllegalStateException("Cannot rebuild " + guard + ": " + reason
                    + "; close the gate and build a new one");
        }
        String changed = TableDefinition.changed(connection, guard); // what the guard's answers assume
        if (changed != null) {
            guard.unsync(changed + ": build a new gate");
            throw new IllegalStateException("Cannot rebuild " + guard + ": " + changed
                    + "; close the gate and build a new one");
        }
        TableSlot slot = database.slot(t.schema(), t.table());
        try {
            OnlineRebuild.run(guard, new OnlineRebuild.Database() {
                @Override
                public void reinstallHook() throws SQLException {
                    shared.builtOn = new java.lang.ref.WeakReference<>(db); // before the trigger (re)starts
                    installTrigger(connection, t, slot);
                }

                @Override
                public OnlineRebuild.Scanned scan(BloomFilter target) throws SQLException, InterruptedException {
                    OnlineRebuild.Scanned scanned = H2Sync.scan(connection, db, own, guard, target, waitMillis);
                    return new OnlineRebuild.Scanned(scanned.rows(), () -> {
                        boolean passed = scanned.horizon().await();
                        // Before the swap: a lookup on the READY guard verifies the hook against it.
                        H2Watch.recordHook(db, shared);
                        return passed;
                    });
                }
            }, RebuildFence.NONE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while rebuilding " + guard, e);
        }
    }

    /** A first build: {@link #scan}, then its horizon. */
    private static long fill(Connection connection, Database db, SessionLocal own, Guard guard, BloomFilter target,
            long waitMillis) throws SQLException, InterruptedException {
        OnlineRebuild.Scanned scanned = scan(connection, db, own, guard, target, waitMillis);
        scanned.horizon().await();
        return scanned.rows();
    }

    /**
     * Waits out earlier transactions and scans into {@code target}; the horizon waits out the
     * scan's contemporaries. Both throw on timeout, and when the guard closes.
     */
    private static OnlineRebuild.Scanned scan(Connection connection, Database db, SessionLocal own, Guard guard,
            BloomFilter target, long waitMillis) throws SQLException, InterruptedException {
        Set<Transaction> beforeTrigger = H2Engine.openTransactions(db, own);
        java.util.function.BooleanSupplier closed = () -> guard.state() == GuardState.CLOSED;
        if (!H2Engine.awaitEnd(db, beforeTrigger, "Building " + guard, waitMillis, closed)) {
            if (guard.state() == GuardState.CLOSED) {
                throw new SQLException(guard + " was closed while it was being built");
            }
            throw timeout(guard, "began before its trigger was installed", waitMillis);
        }
        long rows = TableScanner.scan(connection, guard, target, false);
        // Taken after the scan, so it includes every transaction whose snapshot may predate the
        // scan's (one that began just before the scan started is still open now, or has ended).
        Set<Transaction> atScan = H2Engine.openTransactions(db, own);
        return new OnlineRebuild.Scanned(rows, () -> {
            if (!H2Engine.awaitEnd(db, atScan, "Building " + guard, waitMillis, closed)) {
                if (guard.state() == GuardState.CLOSED) {
                    throw new SQLException(guard + " was closed while it was being built");
                }
                throw timeout(guard, "were open when its scan started (their snapshots may still show rows the scan"
                        + " did not see)", waitMillis);
            }
            return true;
        });
    }

    private static SQLException timeout(Guard guard, String which, long waitMillis) {
        return new SQLException("Building " + guard + " timed out after " + waitMillis / 1000
                + " s waiting for transactions that " + which + " to end. Commit or roll back open transactions"
                + " (INFORMATION_SCHEMA.SESSIONS lists them) and build again.");
    }

    // ------------------------------------------------------------------ the trigger

    /** The trigger's name: {@code BLOOMGATE_<table>} (hashed when the table's name is long). */
    static String triggerName(String table) {
        String name = TRIGGER_PREFIX + table;
        return name.length() <= 120 ? name : TRIGGER_PREFIX + Integer.toHexString(table.hashCode())
                + "_" + table.substring(0, 80);
    }

    /**
     * Makes sure {@link BloomTrigger} is installed on the table, after every row of INSERT, UPDATE
     * and DELETE, and loaded (H2 loads a trigger lazily after a database reopens: an unloaded one
     * would not tell the slot if it were dropped, so it is re-created to load it). Idempotent.
     */
    static void installTrigger(Connection connection, GuardedTable t, TableSlot slot) throws SQLException {
        String name = triggerName(t.table());
        Set<String> events = new HashSet<>();
        Set<String> ours = new HashSet<>();
        boolean wellFormed = true;
        try (PreparedStatement ps = connection.prepareStatement("SELECT TRIGGER_NAME, EVENT_MANIPULATION, ACTION_TIMING,"
                + " ACTION_ORIENTATION FROM INFORMATION_SCHEMA.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = ?"
                + " AND EVENT_OBJECT_TABLE = ? AND JAVA_CLASS = ?")) {
            ps.setString(1, t.schema());
            ps.setString(2, t.table());
            ps.setString(3, TRIGGER_CLASS);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ours.add(rs.getString(1));
                    events.add(rs.getString(2));
                    wellFormed &= name.equals(rs.getString(1)) && "AFTER".equals(rs.getString(3))
                            && "ROW".equals(rs.getString(4));
                }
            }
        }
        boolean complete = wellFormed && ours.size() == 1 && events.containsAll(Set.of("INSERT", "UPDATE", "DELETE"));
        if (complete && slot.hasTrigger()) {
            return;
        }
        String qualifiedTable = TableScanner.quote(t.schema()) + "." + TableScanner.quote(t.table());
        try (Statement s = connection.createStatement()) {
            for (String old : ours) {
                s.execute("DROP TRIGGER IF EXISTS " + TableScanner.quote(t.schema()) + "." + TableScanner.quote(old));
            }
            if (!ours.contains(name)) {
                // Trigger names are per schema: a table renamed away took its trigger, name and
                // all, and the table now under the guarded name could not get one (CREATE ... IF
                // NOT EXISTS would do nothing). That copy only feeds this table's filter with the
                // renamed table's keys: false positives, but it must go.
                s.execute("DROP TRIGGER IF EXISTS " + TableScanner.quote(t.schema()) + "." + TableScanner.quote(name));
            }
            // IF NOT EXISTS: a concurrent ALTER TABLE may just have renamed its copy of the trigger back.
            s.execute("CREATE TRIGGER IF NOT EXISTS " + TableScanner.quote(t.schema()) + "." + TableScanner.quote(name)
                    + " AFTER INSERT, UPDATE, DELETE ON " + qualifiedTable + " FOR EACH ROW CALL '" + TRIGGER_CLASS + "'");
        } catch (SQLException e) {
            throw new SQLException("Cannot install trigger " + name + " on " + qualifiedTable + ": " + e.getMessage()
                    + ". bloomgate keeps H2 filters in sync with a Java trigger, and CREATE TRIGGER needs an H2 admin"
                    + " user: connect as one, or have an admin run sql/h2/install.sql and CALL BLOOM_GUARD('"
                    + t.table() + "', '" + t.keyColumn() + "', <expected keys>, <rate>)", e.getSQLState(),
                    e.getErrorCode(), e);
        }
        if (!slot.hasTrigger()) {
            throw new SQLException("Trigger " + name + " on " + qualifiedTable + " was created but H2 did not start it;"
                    + " is " + TRIGGER_CLASS + " visible to H2's class loader?");
        }
        LOG.info("Installed trigger {} on {}", name, qualifiedTable);
    }

    /** Column signatures, for tests and diagnostics. */
    static Map<String, String> columns(Connection connection, GuardedTable t) throws SQLException {
        return CatalogReader.columnSignatures(connection, t.schema(), t.table());
    }
}
