package io.bloomgate.mysql;

import io.bloomgate.key.KeyForm;
import io.bloomgate.key.WeightKeyForm;
import io.bloomgate.sql.GuardedTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs bloomgate's MySQL/MariaDB objects ({@code sql/mysql/install.sql}, shipped in the jar: the
 * database {@code bloomgate} with the change log) and each guard's three triggers, and reads back
 * whether they are in place. Errors name the missing right and the SQL an administrator runs.
 *
 * <p>Triggers are replaced without a moment where none fires: the new one is created before the old
 * one is dropped (MySQL 5.7+ and MariaDB 10.2.3+ allow several triggers per event), each DDL statement
 * under a short {@code lock_wait_timeout} ({@code CREATE TRIGGER} needs the table's exclusive metadata
 * lock, and writers queue behind a waiting request: the default one-year timeout behind a long
 * transaction would stop every write to the table), retried a few times.
 */
final class MySqlSchema {

    private static final Logger LOG = LoggerFactory.getLogger(MySqlSchema.class);

    /** The {@code bloomgate.version} this jar's script installs. */
    static final int VERSION = 1;
    static final String SCRIPT = "sql/mysql/install.sql";
    private static final String RESOURCE = "/io/bloomgate/" + SCRIPT;
    /** Seconds a trigger's CREATE or DROP waits for the table's metadata lock before it gives up (and retries). */
    static final int LOCK_WAIT_SECONDS = 2;
    static final int LOCK_ATTEMPTS = 5;

    private static final int ER_DBACCESS_DENIED = 1044;
    private static final int ER_ACCESS_DENIED = 1045;
    private static final int ER_TABLEACCESS_DENIED = 1142;
    private static final int ER_SPECIFIC_ACCESS_DENIED = 1227;
    private static final int ER_BAD_DB = 1049;
    private static final int ER_NO_SUCH_TABLE = 1146;
    private static final int ER_LOCK_WAIT_TIMEOUT = 1205;
    private static final int ER_BINLOG_CREATE_ROUTINE_NEED_SUPER = 1419;

    /** The three events, with the suffix of their trigger's name. */
    private static final String[][] EVENTS = {{"INSERT", "ins"}, {"UPDATE", "upd"}, {"DELETE", "del"}};

    private MySqlSchema() {
    }

    /** A guard as installed: its id, and whether any of its triggers had to be (re)created just now. */
    record InstalledGuard(int id, boolean reinstalled) {
    }

    /** Runs the install script unless this jar's version is installed. */
    static void install(Connection c) throws SQLException {
        int installed = installedVersion(c);
        if (installed == VERSION) {
            return;
        }
        if (installed > VERSION) {
            throw new SQLException("database bloomgate is at version " + installed + ", newer than this jar's " + VERSION
                    + ": run a bloomgate release at least as new as the one that installed it");
        }
        try (Statement s = c.createStatement()) {
            for (String statement : statements(script())) {
                s.execute(statement);
            }
            LOG.info("Installed bloomgate's MySQL/MariaDB objects (database bloomgate, version {})", VERSION);
        } catch (SQLException e) {
            if (denied(e)) {
                throw new SQLException("bloomgate's objects (database bloomgate: the change log) are missing and user "
                        + user(c) + " may not create them. As an administrator run " + SCRIPT + " (mariadb < " + SCRIPT
                        + ", or mysql < " + SCRIPT + ") and GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO "
                        + user(c) + "; then build again. Cause: " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
            }
            throw e;
        }
    }

    /**
     * Creates {@code bloomgate.instance_stats} where an install of this version predates it (the
     * table is optional to the feed, so it is added without a version of its own, which would make
     * older jars on the same server refuse the database). False, logged, when the user may not
     * create it: the instance's counters are then not persisted, and nothing else changes.
     */
    static boolean installStats(Connection c) {
        return installOptional(c, "instance_stats", "this instance's counters are not persisted for `bloomgate report`");
    }

    /**
     * Creates {@code bloomgate.snapshots} where an install of this version predates it, as {@link
     * #installStats}. False, logged, when the user may not create it: filters are then neither saved
     * nor loaded (every build scans).
     */
    static boolean installSnapshots(Connection c) {
        return installOptional(c, "snapshots", "filters are neither saved nor loaded (every build scans its tables)");
    }

    /**
     * Creates {@code bloomgate.server_run} where an install of this version predates it (as {@link
     * #installStats}: no new version, so older jars on the same server keep working). Unlike those
     * tables it is needed: without it a change feed cannot tell a server restart from a lost
     * connection ({@link ServerRun#read}).
     *
     * @throws SQLException naming the script to run, when it is missing and the user may not create it
     */
    static void installServerRun(Connection c) throws SQLException {
        if (!installOptional(c, "server_run", "the gate cannot be built")) {
            throw new SQLException("bloomgate.server_run (which run of the server a change-log position belongs to: a"
                    + " crash can undo commits a feed has read, and the restarted server draws their log ids again) is"
                    + " missing and user " + user(c) + " may not create it. As an administrator run " + SCRIPT + " (it"
                    + " only adds what is missing) and GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO " + user(c)
                    + "; then build again", "42S02");
        }
    }

    private static boolean installOptional(Connection c, String table, String without) {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'bloomgate'"
                    + " AND TABLE_NAME = '" + table + "'")) {
                if (rs.next()) {
                    return true; // created by the script or an earlier build; no CREATE right needed
                }
            }
            for (String statement : statements(script())) {
                if (statement.startsWith("CREATE TABLE IF NOT EXISTS bloomgate." + table + " ")) {
                    s.execute(statement);
                    LOG.info("Created bloomgate.{} (the database was installed by an earlier bloomgate)", table);
                    return true;
                }
            }
            throw new SQLException(SCRIPT + " lacks bloomgate." + table + ": the build is broken");
        } catch (SQLException e) {
            LOG.warn("bloomgate.{} is missing and could not be created (user {}): {}; an administrator can run {} to"
                    + " add it. Cause: {}", table, user(c), without, SCRIPT, e.getMessage());
            return false;
        }
    }

    private static int installedVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM bloomgate.version")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            if (e.getErrorCode() == ER_NO_SUCH_TABLE || e.getErrorCode() == ER_BAD_DB) {
                return 0;
            }
            if (denied(e)) {
                // Either it does not exist (and may not be created: install() says so) or it may not be read.
                return 0;
            }
            throw e;
        }
    }

    /** The script's statements: separated by a semicolon at the end of a line, {@code --} comment lines dropped. */
    static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("--") || trimmed.isEmpty()) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                String statement = current.toString().strip();
                statements.add(statement.substring(0, statement.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            statements.add(current.toString().strip());
        }
        return statements;
    }

    private static String script() throws SQLException {
        try (InputStream in = MySqlSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new SQLException("bloomgate's jar lacks " + RESOURCE + ": the build is broken");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SQLException("cannot read " + RESOURCE, e);
        }
    }

    /**
     * Registers the guard (its row in {@code bloomgate.guards}) and creates whichever of its three
     * triggers is missing or not this jar's, before dropping the one it replaces.
     */
    static InstalledGuard installGuard(Connection c, GuardedTable table, KeyForm form) throws SQLException {
        int id = register(c, table);
        boolean reinstalled = false;
        List<String[]> existing = triggers(c, table, id);
        List<String> stale = new ArrayList<>();
        for (String[] event : EVENTS) {
            String body = body(event[0], id, table.keyColumn(), form);
            boolean inPlace = false;
            for (String[] t : existing) {
                if (t[1].equals(event[0])) {
                    if (!inPlace && t[2].equals("AFTER") && t[3].strip().equals(body)) {
                        inPlace = true;
                    } else {
                        stale.add(t[0]);
                    }
                }
            }
            if (!inPlace) {
                String name = "bloomgate_g" + id + "_" + event[1] + "_" + Long.toString(System.currentTimeMillis(), 36);
                ddl(c, table, "CREATE TRIGGER " + quote(table.schema()) + "." + quote(name) + " AFTER " + event[0] + " ON "
                        + qualified(table) + " FOR EACH ROW " + body);
                reinstalled = true;
            }
        }
        for (String name : stale) { // only now: a replaced trigger's successor is already in place
            ddl(c, table, "DROP TRIGGER IF EXISTS " + quote(table.schema()) + "." + quote(name));
        }
        if (reinstalled) {
            LOG.info("Installed the change-log triggers of {}.{}.{} (bloomgate_g{}_*)", table.schema(), table.table(),
                    table.keyColumn(), id);
        }
        return new InstalledGuard(id, reinstalled);
    }

    private static int register(Connection c, GuardedTable table) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("INSERT IGNORE INTO bloomgate.guards (database_name,"
                + " table_name, column_name) VALUES (?, ?, ?)");
                PreparedStatement select = c.prepareStatement("SELECT id FROM bloomgate.guards WHERE database_name = ?"
                        + " AND table_name = ? AND column_name = ?")) {
            for (PreparedStatement ps : List.of(insert, select)) {
                ps.setString(1, table.schema());
                ps.setString(2, table.table());
                ps.setString(3, table.keyColumn());
            }
            insert.executeUpdate();
            try (ResultSet rs = select.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            if (denied(e)) {
                throw new SQLException("user " + user(c) + " may not register guards in bloomgate.guards: as an"
                        + " administrator, GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO " + user(c)
                        + "; then build again. Cause: " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
            }
            throw e;
        }
    }

    /**
     * The trigger body for {@code event}. Keys are logged as the column's value converted to bytes by
     * the server: an integer's decimal digits, a binary string's bytes, a text's bytes in its
     * character set (utf8mb4 under a binary collation), or, for a collated text key, the server's
     * weight string of it ({@link #keyExpression}): {@code KeyFunnel.addLogged} turns them into the
     * canonical key. An UPDATE logs only when the key changed under the column's own comparison
     * ({@code <=>}), as a new key and a stale one.
     */
    static String body(String event, int id, String column, KeyForm form) {
        String col = quote(column);
        String key = keyExpression(form, "NEW." + col);
        String insert = "INSERT INTO bloomgate.change_log (guard_id, op, k) VALUES ";
        return switch (event) {
            case "INSERT" -> insert + "(" + id + ", 'I', " + key + ")";
            case "UPDATE" -> "BEGIN IF NOT (OLD." + col + " <=> NEW." + col + ") THEN " + insert + "(" + id + ", 'I', "
                    + key + "), (" + id + ", 'D', NULL); END IF; END";
            case "DELETE" -> insert + "(" + id + ", 'D', NULL)";
            default -> throw new IllegalArgumentException(event);
        };
    }

    /**
     * What the trigger logs and the scan selects for a key column ({@code ref}, e.g. {@code NEW.`k`}):
     * the value itself, or for a collated text key the server's own weight string under the form's
     * collation, so that stored keys are computed by the server exactly as it compares them (the
     * gate computes only probes, from a weight table read from the same server).
     */
    static String keyExpression(KeyForm form, String ref) {
        return form instanceof WeightKeyForm w ? "WEIGHT_STRING(" + ref + " COLLATE " + w.collation() + ")" : ref;
    }

    /** name, event, timing, body of each of the guard's triggers on the table. */
    private static List<String[]> triggers(Connection c, GuardedTable table, int id) throws SQLException {
        List<String[]> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT TRIGGER_NAME, EVENT_MANIPULATION, ACTION_TIMING,"
                + " ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?"
                + " AND EVENT_OBJECT_TABLE = ? AND TRIGGER_NAME LIKE ? ORDER BY TRIGGER_NAME")) {
            ps.setString(1, table.schema());
            ps.setString(2, table.table());
            ps.setString(3, "bloomgate\\_g" + id + "\\_%");
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(new String[] {rs.getString(1), rs.getString(2).toUpperCase(Locale.ROOT),
                        rs.getString(3).toUpperCase(Locale.ROOT), rs.getString(4)});
                }
            }
        }
        return found;
    }

    /**
     * What the guard's hook is, as the catalog shows it: each of its triggers' name, event and
     * creation time. Null unless an AFTER trigger of this jar's body is in place for each of INSERT,
     * UPDATE and DELETE, and no BEFORE INSERT/UPDATE trigger is on the table. A trigger dropped and re-created gets a new creation time (10 ms resolution),
     * a table dropped loses its triggers, a table renamed away takes them along. It ends with the
     * table's columns and InnoDB ids ({@link TableState}): changes made around the gate that no
     * trigger sees.
     */
    static String hookFingerprint(Connection c, GuardedTable table, int id, KeyForm form) throws SQLException {
        StringBuilder fingerprint = new StringBuilder();
        int events = 0;
        boolean rewriting = false;
        String prefix = "bloomgate_g" + id + "_";
        try (PreparedStatement ps = c.prepareStatement("SELECT TRIGGER_NAME, EVENT_MANIPULATION, ACTION_TIMING,"
                + " ACTION_STATEMENT, CREATED FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?"
                + " AND EVENT_OBJECT_TABLE = ? ORDER BY TRIGGER_NAME")) {
            ps.setString(1, table.schema());
            ps.setString(2, table.table());
            try (ResultSet rs = ps.executeQuery()) {
                boolean[] seen = new boolean[EVENTS.length];
                while (rs.next()) {
                    String event = rs.getString(2).toUpperCase(Locale.ROOT);
                    if (!rs.getString(1).startsWith(prefix)) {
                        // A BEFORE trigger created since build() may store other keys than the gate's
                        // writes bound (MySqlCatalog refuses such tables at build()): as if the hook were gone.
                        rewriting |= "BEFORE".equalsIgnoreCase(rs.getString(3)) && !event.equals("DELETE");
                        continue;
                    }
                    fingerprint.append(rs.getString(1)).append('/').append(event).append('/').append(rs.getString(5))
                            .append(',');
                    for (int i = 0; i < EVENTS.length; i++) {
                        if (EVENTS[i][0].equals(event) && "AFTER".equalsIgnoreCase(rs.getString(3))
                                && rs.getString(4).strip().equals(body(event, id, table.keyColumn(), form)) && !seen[i]) {
                            seen[i] = true;
                            events++;
                        }
                    }
                }
            }
        }
        return events == EVENTS.length && !rewriting ? fingerprint + TableState.of(c, table) : null;
    }

    /** Runs a trigger's CREATE or DROP with a short metadata-lock wait, retried; errors name what is missing. */
    private static void ddl(Connection c, GuardedTable table, String sql) throws SQLException {
        long before;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@SESSION.lock_wait_timeout")) {
            rs.next();
            before = rs.getLong(1);
        }
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION lock_wait_timeout = " + LOCK_WAIT_SECONDS);
            for (int attempt = 1; ; attempt++) {
                try {
                    s.execute(sql);
                    return;
                } catch (SQLException e) {
                    if (e.getErrorCode() == ER_LOCK_WAIT_TIMEOUT && attempt < LOCK_ATTEMPTS) {
                        LOG.info("Waiting for the metadata lock of {}.{} to install bloomgate's triggers (attempt {} of"
                                + " {}): a transaction that used the table is still open", table.schema(), table.table(),
                                attempt, LOCK_ATTEMPTS);
                        sleep(200L * attempt);
                        continue;
                    }
                    throw explain(c, table, e);
                }
            }
        } finally {
            try (Statement s = c.createStatement()) {
                s.execute("SET SESSION lock_wait_timeout = " + before);
            }
        }
    }

    private static SQLException explain(Connection c, GuardedTable table, SQLException e) {
        String target = qualified(table);
        String user = user(c);
        String what;
        if (e.getErrorCode() == ER_BINLOG_CREATE_ROUTINE_NEED_SUPER) {
            what = "the server has the binary log on, so creating triggers needs SUPER unless"
                    + " log_bin_trust_function_creators is set: as an administrator run SET GLOBAL"
                    + " log_bin_trust_function_creators = 1 (and set it in the server's configuration; on managed"
                    + " services, in the parameter group), or create the triggers as a user with SUPER";
        } else if (denied(e)) {
            what = "user " + user + " may not create or drop triggers on " + target + ": as an administrator, GRANT"
                    + " TRIGGER ON " + target + " TO " + user + " (the triggers insert into bloomgate.change_log as"
                    + " their definer, so it also needs GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO " + user
                    + ")";
        } else if (e.getErrorCode() == ER_LOCK_WAIT_TIMEOUT) {
            what = "a transaction that used " + target + " stayed open for " + LOCK_ATTEMPTS + " attempts of "
                    + LOCK_WAIT_SECONDS + " s, so its metadata lock kept the triggers from being installed (waiting"
                    + " longer would stop every write to the table); end it (SHOW PROCESSLIST) and build again";
        } else {
            return e;
        }
        return new SQLException("Cannot install the change-log triggers of " + target + "." + quote(table.keyColumn())
                + ": " + what + ". Cause: " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
    }

    static boolean denied(SQLException e) {
        int code = e.getErrorCode();
        return code == ER_DBACCESS_DENIED || code == ER_TABLEACCESS_DENIED || code == ER_SPECIFIC_ACCESS_DENIED
                || code == ER_ACCESS_DENIED;
    }

    static String qualified(GuardedTable table) {
        return quote(table.schema()) + "." + quote(table.table());
    }

    static String quote(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
    }

    static String user(Connection c) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CURRENT_USER()")) {
            rs.next();
            String u = rs.getString(1);
            int at = u.lastIndexOf('@');
            return at < 0 ? u : "'" + u.substring(0, at) + "'@'" + u.substring(at + 1) + "'";
        } catch (SQLException e) {
            return "(this user)";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
