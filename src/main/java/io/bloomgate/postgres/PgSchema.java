package io.bloomgate.postgres;

import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.TableScanner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs bloomgate's PostgreSQL objects ({@code sql/postgres/install.sql}, shipped in the jar)
 * and each guard's triggers, and checks that they are still in place.
 */
final class PgSchema {

    private static final Logger LOG = LoggerFactory.getLogger(PgSchema.class);

    /** The {@code bloomgate.version} this jar's script installs. */
    static final int VERSION = 10;
    static final String SCRIPT = "sql/postgres/install.sql";
    private static final String RESOURCE = "/io/bloomgate/" + SCRIPT;
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private PgSchema() {
    }

    /**
     * A guard as installed: its id, its key column's type as {@code format_type} names it, and
     * whether its triggers had to be (re)installed just now (then writes may have gone unlogged
     * before: nothing saved earlier, a snapshot say, covers them).
     */
    record InstalledGuard(int id, String keyType, boolean reinstalled) {
    }

    /** Runs the install script unless the installed version is this jar's (then nothing is needed). */
    static void install(Connection c) throws SQLException {
        int installed;
        try {
            installed = installedVersion(c);
        } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                throw new SQLException("user " + user(c) + " may not read bloomgate's schema: grant it USAGE on schema"
                        + " bloomgate and SELECT, INSERT, UPDATE, DELETE on its tables (as the owner of " + SCRIPT
                        + "'s objects). Cause: " + e.getMessage(), e.getSQLState(), e);
            }
            throw e;
        }
        if (installed == VERSION) {
            return;
        }
        if (installed > VERSION) {
            throw new SQLException("schema bloomgate is at version " + installed + ", newer than this jar's " + VERSION
                    + ": run a bloomgate release at least as new as the one that installed it (an older one would"
                    + " replace the newer triggers and functions)");
        }
        String script = script();
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true); // the script has its own BEGIN and COMMIT
        try (Statement s = c.createStatement()) {
            s.execute(script);
            LOG.info("Installed bloomgate's PostgreSQL objects (schema bloomgate, version {})", VERSION);
        } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                throw new SQLException("bloomgate's PostgreSQL objects (schema bloomgate) are missing or older than this"
                        + " jar, and user " + user(c) + " may not create them: run " + SCRIPT
                        + " as the database owner (psql -v ON_ERROR_STOP=1 -f " + SCRIPT + "), then grant this user"
                        + " USAGE on schema bloomgate and SELECT, INSERT, UPDATE, DELETE on its tables. Cause: "
                        + e.getMessage(), e.getSQLState(), e);
            }
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static int installedVersion(Connection c) throws SQLException {
        // Two statements: a query naming bloomgate.version fails to parse while it does not exist,
        // whatever CASE around it would have chosen.
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT to_regclass('bloomgate.version') IS NOT NULL")) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return 0;
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT coalesce(max(version), 0) FROM bloomgate.version")) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static String script() throws SQLException {
        try (InputStream in = PgSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new SQLException("bloomgate's jar lacks " + RESOURCE + ": the build is broken");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SQLException("cannot read " + RESOURCE, e);
        }
    }

    /**
     * Installs the guard's triggers unless all four are in place and enabled and the key column's
     * type is the one they were made for; returns the guard's id and key type.
     */
    static InstalledGuard installGuard(Connection c, GuardedTable table) throws SQLException {
        try {
            return installOrCheckGuard(c, table);
        } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                String target = qualified(table);
                throw new SQLException("user " + user(c) + " may not install the change-log triggers of " + target
                        + "." + table.keyColumn() + ": run SELECT bloomgate.install_guard('" + target.replace("'", "''")
                        + "', '" + table.keyColumn().replace("'", "''") + "') as the owner of " + target
                        + ", and grant this user USAGE on schema bloomgate and SELECT, INSERT, UPDATE, DELETE on its"
                        + " tables; then build again. Cause: " + e.getMessage(), e.getSQLState(), e);
            }
            throw e;
        }
    }

    private static InstalledGuard installOrCheckGuard(Connection c, GuardedTable table) throws SQLException {
        String target = qualified(table);
        try (PreparedStatement ps = c.prepareStatement("SELECT g.id, g.key_type,"
                + " format_type(a.atttypid, a.atttypmod), bloomgate.guard_triggers_ok(CAST(? AS regclass), g.id)"
                + " FROM bloomgate.guards g JOIN pg_attribute a ON a.attrelid = CAST(? AS regclass) AND a.attname = g.column_name"
                + " WHERE g.schema_name = ? AND g.table_name = ? AND g.column_name = ?")) {
            ps.setString(1, target);
            ps.setString(2, target);
            ps.setString(3, table.schema());
            ps.setString(4, table.table());
            ps.setString(5, table.keyColumn());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next() && rs.getString(2).equals(rs.getString(3)) && rs.getInt(4) == 4) {
                    return new InstalledGuard(rs.getInt(1), rs.getString(2), false);
                }
            }
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true);
        try (PreparedStatement ps = c.prepareStatement("SELECT bloomgate.install_guard(CAST(? AS regclass), ?)")) {
            ps.setString(1, target);
            ps.setString(2, table.keyColumn());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int id = rs.getInt(1);
                String keyType = keyType(c, id);
                LOG.info("Installed the change-log triggers of {}.{}.{} (bloomgate_g{}_*)", table.schema(), table.table(),
                        table.keyColumn(), id);
                return new InstalledGuard(id, keyType, true);
            }
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static String keyType(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT key_type FROM bloomgate.guards WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    /**
     * What the guard's hook is made of, as the catalog holds it: the table's oid, the key column's
     * type and the version ({@code xmin}) of its catalog row, and each of the four triggers' oid,
     * row version and enabled state. Null unless the table exists and all four triggers are in
     * place and enabled.
     *
     * <p>Why equal fingerprints at two moments mean the triggers fired for every write to the table
     * in between: catalog rows are versioned like any other, so dropping and re-creating a trigger
     * gives it a new oid, disabling or re-enabling it (or retyping the key column) writes a new row
     * version with a new {@code xmin}, and a table dropped, renamed away or replaced gives the name
     * another oid (or none). A change undone by a rollback leaves the row as it was, and its writes
     * rolled back with it. The triggers are enabled ALWAYS (install.sql, version 10), so they fire in
     * sessions with {@code session_replication_role = replica} too. The table's partitions and their
     * clones of the row triggers are the fingerprint's last part (a write to a partition fires only the
     * partition's clones; an attached partition brings rows no trigger logged): see {@link #partitionsOnly}.
     *
     * <p>It also holds the table's columns (number, name, type, dropped), which the answers' copied
     * metadata and the type checks of bound values describe: a column added, dropped, renamed or
     * retyped by a connection that bypasses the gate changes the fingerprint, so the watchdog sends
     * the guard to a rebuild, whose definition check ({@code TableDefinition}) then keeps it
     * UNSYNCED. Without it, {@code SELECT *} lookups went on being answered with the old columns for
     * as long as the gate lived.
     */
    static String hookFingerprint(Connection c, GuardedTable table, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT r.oid::text || ':' || a.atttypid::text || '/'"
                + " || a.atttypmod::text || '/' || a.xmin::text || ':' || coalesce((SELECT string_agg(t.oid::text"
                + " || '/' || t.xmin::text || '/' || t.tgenabled::text, ',' ORDER BY t.tgname) FROM pg_trigger t"
                + " WHERE t.tgrelid = r.oid AND NOT t.tgisinternal AND t.tgname LIKE ?), '')"
                + " || ':' || (SELECT pg_catalog.md5(pg_catalog.string_agg(c.attnum::text || '/' || c.attname::text"
                + " || '/' || c.atttypid::text || '/' || c.atttypmod::text || '/' || c.attisdropped::text, ','"
                + " ORDER BY c.attnum)) FROM pg_catalog.pg_attribute c WHERE c.attrelid = r.oid AND c.attnum > 0)"
                // Last, after PARTITIONS: each partition and its clones of the row triggers (a write to
                // a partition fires only the partition's), see partitionsOnly.
                + " || '" + PARTITIONS + "' || coalesce((SELECT string_agg(p.relid::oid::text || '=' || coalesce((SELECT"
                + " string_agg(t.oid::text || '/' || t.xmin::text || '/' || t.tgenabled::text, ',' ORDER BY t.oid)"
                + " FROM pg_catalog.pg_trigger t WHERE t.tgrelid = p.relid AND t.tgname LIKE ?), ''), ';'"
                + " ORDER BY p.relid::oid) FROM pg_catalog.pg_partition_tree(r.oid) p WHERE p.relid <> r.oid), ''),"
                + " bloomgate.guard_triggers_ok(r.oid, ?)"
                + " FROM pg_class r JOIN pg_attribute a ON a.attrelid = r.oid AND a.attname = ? AND NOT a.attisdropped"
                + " WHERE r.oid = to_regclass(?)")) {
            ps.setString(1, "bloomgate\\_g" + id + "\\_%");
            ps.setString(2, "bloomgate\\_g" + id + "\\_%");
            ps.setInt(3, id);
            ps.setString(4, table.keyColumn());
            ps.setString(5, qualified(table));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(2) == 4 ? rs.getString(1) : null;
            }
        }
    }

    /** Separates the partitions' part of a {@link #hookFingerprint} from the rest. */
    private static final String PARTITIONS = "#partitions:";

    /**
     * Whether two fingerprints of one guard differ only in the table's partitions: a partition
     * created, attached or detached, or a partition's clone of a trigger replaced. bloomgate's own
     * triggers on the table are as recorded, so a rebuild by scan (which re-installs them, and with
     * them every partition's clones) is all it takes, without anyone's hand: an attached partition's
     * rows were never logged, and a scan reads them.
     */
    static boolean partitionsOnly(String recorded, String now) {
        if (recorded == null || now == null) {
            return false;
        }
        int a = recorded.lastIndexOf(PARTITIONS);
        int b = now.lastIndexOf(PARTITIONS);
        return a >= 0 && a == b && recorded.regionMatches(0, now, 0, a) && !recorded.equals(now);
    }

    /**
     * Whether the table has a row trigger that may store another key than a statement wrote: BEFORE
     * or INSTEAD OF, on INSERT or UPDATE ({@code pg_trigger.tgtype} bits: row 1, before 2, insert 4,
     * update 16, instead 64), or a rule. Read at build, at each rebuild and by the watchdog's checks
     * (every 2 s: a trigger created later). See {@link io.bloomgate.sync.Guard#keysRewritable()}.
     */
    static boolean hasRewritingTriggers(Connection c, GuardedTable table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger t"
                + " WHERE t.tgrelid = pg_catalog.to_regclass(?) AND NOT t.tgisinternal AND (t.tgtype & 1) = 1"
                + " AND (t.tgtype & 66) <> 0 AND (t.tgtype & 20) <> 0)"
                // A rule (ON INSERT/UPDATE ... DO INSTEAD/ALSO) may rewrite the write as well.
                + " OR EXISTS (SELECT 1 FROM pg_catalog.pg_rewrite w WHERE w.ev_class = pg_catalog.to_regclass(?)"
                + " AND w.rulename <> '_RETURN')")) {
            ps.setString(1, qualified(table));
            ps.setString(2, qualified(table));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    /**
     * Whether both triggers that record rows deleted from the change log by hand are in place and
     * fire always (see install.sql, version 7).
     */
    static boolean logTriggersInPlace(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_trigger"
                + " WHERE tgrelid = 'bloomgate.change_log'::regclass AND tgenabled = 'A'"
                + " AND tgname IN ('change_log_truncated', 'change_log_deleted')")) {
            rs.next();
            return rs.getInt(1) == 2;
        }
    }

    static String qualified(GuardedTable table) {
        return TableScanner.quote(table.schema()) + "." + TableScanner.quote(table.table());
    }

    private static String user(Connection c) {
        try {
            return c.getMetaData().getUserName();
        } catch (SQLException e) {
            return "(unknown)";
        }
    }
}
