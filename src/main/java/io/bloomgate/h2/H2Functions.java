package io.bloomgate.h2;

import io.bloomgate.stats.GuardStats;
import io.bloomgate.filter.FilterLayout;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.GuardRequest;
import io.bloomgate.sync.KeyFunnel;
import io.bloomgate.sync.TableScanner;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.tools.SimpleResultSet;
import org.h2.value.Value;
import org.h2.value.ValueNull;
import org.h2.value.ValueToObjectConverter;

/**
 * bloomgate's SQL functions on H2 ({@code sql/h2/install.sql} creates them; a gate built on H2
 * creates {@code BLOOM_MAY_CONTAIN}). Guards created here are the same guards the Java API sees:
 * both live in one registry per database.
 *
 * <ul>
 *   <li>{@code BLOOM_MAY_CONTAIN(table, column, value)}: FALSE when {@code value} is definitely
 *       absent from the guarded column, TRUE when it may be present (also when the guard cannot
 *       answer yet, or the value does not convert exactly). NULL gives FALSE: it equals nothing.
 *   <li>{@code BLOOM_GUARD(table, column [, expected_keys, fpp])}: guards a column (installs its
 *       trigger, scans it) with a scalable filter, which grows when the table outgrows {@code
 *       expected_keys}; returns a one-line summary. Commits the current transaction ({@code
 *       CREATE TRIGGER} does) and needs an admin user. Deleted keys stay in the filter (false
 *       positives only) until {@code BLOOM_REBUILD}, or until a Java gate on the same database
 *       rebuilds it in the background.
 *   <li>{@code BLOOM_UNGUARD(table, column)}: drops a guard created by {@code BLOOM_GUARD}.
 *   <li>{@code BLOOM_REBUILD(table, column)}: rebuilds a guard from a fresh scan.
 *   <li>{@code BLOOM_STATS()}: one row per guard on this database, with {@link GuardStats}' counters
 *       and filter facts.
 *   <li>{@code BLOOM_UNGUARD_ALL()}: drops every SQL guard and every bloomgate trigger (for
 *       {@code sql/h2/uninstall.sql}).
 * </ul>
 *
 * <p>Table names may be schema-qualified; unquoted names fold to upper case as H2 folds them.
 * Functions are not DETERMINISTIC: H2 would otherwise fold a call with constant arguments into a
 * constant when the query is prepared, freezing the answer.
 */
public final class H2Functions {

    private static final ThreadLocal<KeyBuffer> BUFFERS = ThreadLocal.withInitial(KeyBuffer::new);

    private H2Functions() {
    }

    /** {@code BLOOM_MAY_CONTAIN(table, column, value)}. */
    public static Boolean mayContain(Connection connection, String table, String column, Value value)
            throws SQLException {
        Guard guard = existingGuard(connection, "BLOOM_MAY_CONTAIN", table, column);
        if (value == null || value == ValueNull.INSTANCE) {
            return Boolean.FALSE; // NULL equals nothing
        }
        if (!guard.ready() || guard.unsettled()) {
            return Boolean.TRUE;
        }
        Object database = H2Engine.database(connection);
        long stamp = H2Watch.INSTANCE.stamp(database);
        if (!H2Watch.INSTANCE.verify(database, stamp, guard)) {
            return Boolean.TRUE; // the trigger is gone: the filter may miss keys
        }
        Object object = ValueToObjectConverter.valueToDefaultObject(value, connection.unwrap(JdbcConnection.class),
                true);
        KeyBuffer buffer = BUFFERS.get();
        Canonical canonical = KeyFunnel.canonical(guard, object, buffer);
        if (canonical == Canonical.NULL) {
            return Boolean.FALSE;
        }
        if (canonical != Canonical.EXACT) {
            return Boolean.TRUE; // the database would convert it by its own rules: maybe
        }
        if (KeyFunnel.mightContain(guard, buffer)) {
            guard.counters().countPassedThrough();
            return Boolean.TRUE;
        }
        if (H2Watch.INSTANCE.stamp(database) != stamp) {
            return Boolean.TRUE; // DDL raced the call
        }
        guard.counters().countAvoided();
        return Boolean.FALSE;
    }

    /** {@code BLOOM_GUARD(table, column)}: sized from the table's rows, p = 1%. */
    public static String guard(Connection connection, String table, String column) throws SQLException {
        return guard(connection, table, column, null, null);
    }

    /** {@code BLOOM_GUARD(table, column, expected_keys, fpp)}; NULLs take the defaults. */
    public static String guard(Connection connection, String table, String column, Long expectedKeys, Double fpp)
            throws SQLException {
        requireName("BLOOM_GUARD", "table", table);
        requireName("BLOOM_GUARD", "column", column);
        GuardRequest request;
        try {
            request = GuardRequest.of(table, column, expectedKeys, fpp, GuardRequest.Spelling.SQL);
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage(), "22023", e);
        }
        SessionLocal session = H2Engine.session(connection);
        requireFreshTransaction(connection, session, "BLOOM_GUARD");
        GuardedDatabase database = H2Registry.of(session.getDatabase());
        CatalogReader catalog = new CatalogReader(connection, Dialect.H2);
        CatalogReader.KeyColumn key = resolve(catalog, "BLOOM_GUARD", table, column);
        lock(database, "BLOOM_GUARD");
        try { // one SQL guard per column, however many sessions ask at once
            GuardedDatabase.Shared shared = database.find(key.table());
            if (shared != null && shared.sqlUser) {
                return summary(shared.guard, "already guarded");
            }
            // Scalable: with no Java gate to lend a connection for background rebuilds, a SQL guard
            // must grow by itself when the table outgrows its estimate.
            FilterSpec spec = request.spec(() -> catalog.estimateRows(key.table())).withLayout(FilterLayout.SCALABLE);
            Guard guard = H2Sync.join(connection, session, database, key, spec, H2Sync.BUILD_WAIT_MILLIS);
            database.find(key.table()).sqlUser = true;
            return summary(guard, "guarded");
        } finally {
            database.sqlLock.unlock();
        }
    }

    /** {@code BLOOM_UNGUARD(table, column)}: drops a guard created by {@code BLOOM_GUARD}. */
    public static String unguard(Connection connection, String table, String column) throws SQLException {
        requireName("BLOOM_UNGUARD", "table", table);
        requireName("BLOOM_UNGUARD", "column", column);
        GuardedDatabase database = H2Registry.of(H2Engine.database(connection));
        Guard guard = existingGuard(connection, "BLOOM_UNGUARD", table, column);
        lock(database, "BLOOM_UNGUARD");
        try {
            GuardedDatabase.Shared shared = database.find(guard.table());
            if (shared == null || !shared.sqlUser) {
                throw new SQLException("BLOOM_UNGUARD(" + table + ", " + column + "): " + guard.table()
                        + " is guarded by a Java gate, not by BLOOM_GUARD; close that gate instead", "42000");
            }
            shared.sqlUser = false;
            database.leave(guard);
            H2Sync.dropTriggerIfUnguarded(connection, database, guard.table());
        } finally {
            database.sqlLock.unlock();
        }
        return "unguarded " + guard.table();
    }

    /** {@code BLOOM_REBUILD(table, column)}: rebuilds a guard from a fresh scan, online. */
    public static String rebuild(Connection connection, String table, String column) throws SQLException {
        Guard guard = existingGuard(connection, "BLOOM_REBUILD", table, column);
        requireFreshTransaction(connection, H2Engine.session(connection), "BLOOM_REBUILD");
        try {
            H2Sync.rebuild(connection, H2Engine.session(connection), guard, H2Sync.BUILD_WAIT_MILLIS);
        } catch (IllegalStateException e) {
            throw new SQLException("BLOOM_REBUILD(" + table + ", " + column + "): " + e.getMessage(), "42000", e);
        }
        return summary(guard, "rebuilt");
    }

    /** {@code BLOOM_UNGUARD_ALL()}: drops every SQL guard and every bloomgate trigger on this database. */
    public static int unguardAll(Connection connection) throws SQLException {
        GuardedDatabase database = H2Registry.of(H2Engine.database(connection));
        int dropped = 0;
        lock(database, "BLOOM_UNGUARD_ALL");
        try {
            for (Guard guard : database.guards()) {
                GuardedDatabase.Shared shared = database.find(guard.table());
                if (shared != null && shared.sqlUser) {
                    shared.sqlUser = false;
                    database.leave(guard);
                }
            }
            List<String[]> triggers = new ArrayList<>();
            try (Statement s = connection.createStatement();
                    ResultSet rs = s.executeQuery("SELECT DISTINCT TRIGGER_SCHEMA, TRIGGER_NAME FROM"
                            + " INFORMATION_SCHEMA.TRIGGERS WHERE JAVA_CLASS = '" + H2Sync.TRIGGER_CLASS + "'")) {
                while (rs.next()) {
                    triggers.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
            try (Statement s = connection.createStatement()) {
                for (String[] t : triggers) {
                    s.execute("DROP TRIGGER IF EXISTS " + TableScanner.quote(t[0]) + "." + TableScanner.quote(t[1]));
                    dropped++;
                }
            }
        } finally {
            database.sqlLock.unlock();
        }
        return dropped;
    }

    /** {@code BLOOM_STATS()}: one row per guard on this database. */
    public static ResultSet stats(Connection connection) throws SQLException {
        SimpleResultSet rs = new SimpleResultSet();
        rs.addColumn("TABLE_NAME", Types.VARCHAR, 1024, 0);
        rs.addColumn("COLUMN_NAME", Types.VARCHAR, 1024, 0);
        rs.addColumn("STATE", Types.VARCHAR, 16, 0);
        rs.addColumn("LOOKUPS", Types.BIGINT, 19, 0);
        rs.addColumn("AVOIDED", Types.BIGINT, 19, 0);
        rs.addColumn("PASSED_THROUGH", Types.BIGINT, 19, 0);
        rs.addColumn("TRUE_POSITIVES", Types.BIGINT, 19, 0);
        rs.addColumn("FALSE_POSITIVES", Types.BIGINT, 19, 0);
        rs.addColumn("BYPASSED", Types.BIGINT, 19, 0);
        rs.addColumn("KEYS_ADDED", Types.BIGINT, 19, 0);
        rs.addColumn("STALE_KEYS", Types.BIGINT, 19, 0);
        rs.addColumn("REBUILDS", Types.INTEGER, 10, 0);
        rs.addColumn("LAYOUT", Types.VARCHAR, 16, 0);
        rs.addColumn("EXPECTED_KEYS", Types.BIGINT, 19, 0);
        rs.addColumn("BITS", Types.BIGINT, 19, 0);
        rs.addColumn("HASH_FUNCTIONS", Types.INTEGER, 10, 0);
        rs.addColumn("TARGET_FPP", Types.DOUBLE, 17, 0);
        rs.addColumn("ESTIMATED_KEYS", Types.BIGINT, 19, 0);
        rs.addColumn("ESTIMATED_FPP", Types.DOUBLE, 17, 0);
        rs.addColumn("OBSERVED_FPP", Types.DOUBLE, 17, 0);
        rs.addColumn("MEMORY_BYTES", Types.BIGINT, 19, 0);
        rs.addColumn("SQL_GUARD", Types.BOOLEAN, 1, 0);
        rs.addColumn("BYPASSED_BY_REASON", Types.VARCHAR, 1024, 0);
        rs.addColumn("STAGES", Types.INTEGER, 10, 0);
        rs.addColumn("ADDED_KEYS", Types.BIGINT, 19, 0);
        rs.addColumn("FILL_RATIO", Types.DOUBLE, 17, 0);
        if (connection.getMetaData().getURL().startsWith("jdbc:columnlist:")) {
            return rs; // H2 asks for the columns first
        }
        GuardedDatabase database = H2Registry.find(H2Engine.database(connection));
        if (database == null) {
            return rs;
        }
        for (Guard guard : database.guards()) {
            GuardStats s = guard.stats();
            GuardedDatabase.Shared shared = database.find(guard.table());
            rs.addRow(s.table(), s.column(), s.state().name(), s.lookups(), s.avoided(), s.passedThrough(),
                    s.truePositives(), s.falsePositives(), s.bypassed(), s.keysAdded(), s.staleKeys(), s.rebuilds(),
                    s.filter().layout().name(), s.filter().expectedKeys(), s.filter().bits(), s.filter().hashes(),
                    s.filter().targetFpp(), s.filter().estimatedKeys(), s.filter().estimatedFpp(),
                    s.observedFalsePositiveRate(), s.filter().memoryBytes(), shared != null && shared.sqlUser,
                    s.bypassedByReason().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                            .map(e -> e.getKey().name() + "=" + e.getValue())
                            .collect(java.util.stream.Collectors.joining(",")),
                    s.filter().stages(), s.filter().addedKeys(), s.filter().fillRatio());
        }
        return rs;
    }

    // ------------------------------------------------------------------ helpers

    private static Guard existingGuard(Connection connection, String function, String table, String column)
            throws SQLException {
        requireName(function, "table", table);
        requireName(function, "column", column);
        GuardedDatabase database = H2Registry.find(H2Engine.database(connection));
        String schema = connection.getSchema();
        String written = schema + '\u0000' + table + '\u0000' + column;
        Guard guard = database == null ? null : database.byWrittenName(written);
        if (guard != null) {
            return guard;
        }
        GuardedTable wanted = null;
        if (database != null) {
            String[] name = CatalogReader.qualifiedName(table, schema, Dialect.H2);
            String col = CatalogReader.fold(column.trim(), Dialect.H2);
            for (Guard g : database.guards()) {
                GuardedTable t = g.table();
                if (t.schema().equals(name[0]) && t.table().equals(name[1]) && t.keyColumn().equals(col)) {
                    database.rememberWrittenName(written, g);
                    return g;
                }
            }
        }
        List<String> guarded = new ArrayList<>();
        if (database != null) {
            for (Guard g : database.guards()) {
                guarded.add(g.table().toString());
            }
        }
        throw new SQLException(function + "(" + table + ", " + column + "): no guard on that column (guarded columns: "
                + (guarded.isEmpty() ? "none" : String.join(", ", guarded))
                + "). Create one with BLOOM_GUARD(table, column) or a BloomGate.", "42S02");
    }

    private static CatalogReader.KeyColumn resolve(CatalogReader catalog, String function, String table, String column)
            throws SQLException {
        try {
            return catalog.resolve(table, column);
        } catch (IllegalArgumentException e) { // including UnsupportedKeyTypeException
            throw new SQLException(function + ": " + e.getMessage(), "42S02", e);
        }
    }

    /**
     * The scan runs in the caller's session, so its snapshot must be the statement's own (READ
     * COMMITTED) and the caller must have no uncommitted changes (the waits skip its transaction,
     * so an uncommitted DELETE it later rolls back would be missed).
     */
    private static void requireFreshTransaction(Connection connection, SessionLocal session, String function)
            throws SQLException {
        int isolation = connection.getTransactionIsolation();
        if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
            throw new SQLException(function + " scans the table in your session, which needs READ COMMITTED isolation"
                    + " (it is " + isolationName(isolation) + "): SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION"
                    + " LEVEL READ COMMITTED, or call it from another session", "25000");
        }
        if (session.hasPendingTransaction()) {
            throw new SQLException(function + " needs a session without uncommitted changes: COMMIT (or ROLLBACK)"
                    + " first", "25000");
        }
    }

    private static String isolationName(int isolation) {
        return switch (isolation) {
            case Connection.TRANSACTION_READ_UNCOMMITTED -> "READ UNCOMMITTED";
            case Connection.TRANSACTION_REPEATABLE_READ -> "REPEATABLE READ";
            case Connection.TRANSACTION_SERIALIZABLE -> "SERIALIZABLE";
            default -> "isolation level " + isolation;
        };
    }

    /** Takes the database's lock for SQL guard changes, failing fast rather than deadlocking. */
    private static void lock(GuardedDatabase database, String function) throws SQLException {
        try {
            if (!database.sqlLock.tryLock(1, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new SQLException(function + ": another BLOOM_GUARD, BLOOM_UNGUARD or BLOOM_UNGUARD_ALL is running on"
                        + " this database; try again when it has finished", "55006");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException(function + " was interrupted", e);
        }
    }

    private static void requireName(String function, String what, String value) throws SQLException {
        if (value == null || value.isBlank()) {
            throw new SQLException(function + ": " + what + " must be a non-empty name, was "
                    + (value == null ? "NULL" : "'" + value + "'"), "22004");
        }
    }

    private static String summary(Guard guard, String what) {
        GuardStats s = guard.stats();
        return what + " " + guard.table() + ": " + s.state() + ", " + guard.filter();
    }
}
