package io.bloomgate.jdbc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MySQL's and MariaDB's session facts (docs/architecture.md, "MySQL and MariaDB"). Names resolve as
 * at build only while all of these hold:
 * <ul>
 *   <li>the current database ({@code DATABASE()}) is the one the gate was built on;</li>
 *   <li>{@code sql_mode} holds only modes that change neither how a recognised text reads nor what
 *       it returns ({@link #NEUTRAL_MODES}); {@code ANSI_QUOTES}, {@code PIPES_AS_CONCAT}, {@code
 *       NO_BACKSLASH_ESCAPES} only change constructs the lexer refuses anyway, but {@code
 *       HIGH_NOT_PRECEDENCE}, MariaDB's {@code ORACLE} and anything unknown
 *       could, so they stop answers;</li>
 *   <li>{@code sql_mode} is exactly the mode of the first session the gate read (the reference):
 *       besides lexing, a mode changes the result metadata of some expressions and whether a text
 *       parses at all ({@code IGNORE_SPACE}, which MariaDB Connector/J sets and MySQL Connector/J
 *       does not, makes built-in function names reserved), and metadata is copied per text, not per
 *       mode (a difference found by the fuzzer: a {@code CAST} column's nullability);</li>
 *   <li>the connection's character set is {@code utf8mb4}: a probe string reaches the server as
 *       the driver encoded it, and in another character set characters it cannot hold would become
 *       {@code ?} or raise "Illegal mix of collations";</li>
 *   <li>no temporary table shadows a guarded table (a temporary table hides the base table of the
 *       same name, qualified or not, for the whole session).</li>
 * </ul>
 * Read once per connection and again after statements that may move them ({@code SET}, {@code
 * USE}, DDL), never per lookup.
 */
final class MySqlSessionProbe extends SessionProbe {

    private static final Logger LOG = LoggerFactory.getLogger(MySqlSessionProbe.class);

    /** sql_mode flags that change neither parsing nor the result of a recognised lookup. */
    static final Set<String> NEUTRAL_MODES = Set.of("", "STRICT_TRANS_TABLES", "STRICT_ALL_TABLES",
            "ERROR_FOR_DIVISION_BY_ZERO", "NO_AUTO_CREATE_USER", "NO_ENGINE_SUBSTITUTION", "NO_ZERO_DATE",
            "NO_ZERO_IN_DATE", "ONLY_FULL_GROUP_BY", "NO_AUTO_VALUE_ON_ZERO", "NO_UNSIGNED_SUBTRACTION",
            "SIMULTANEOUS_ASSIGNMENT", "TIME_ROUND_FRACTIONAL", "NO_DIR_IN_CREATE", "NO_KEY_OPTIONS",
            "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS", "ALLOW_INVALID_DATES", "TRADITIONAL",
            "ANSI_QUOTES", "PIPES_AS_CONCAT", "NO_BACKSLASH_ESCAPES",
            // MariaDB Connector/J adds it to every session. It makes built-in function names
            // reserved words: sessions with and without it differ, and only the reference mode's
            // sessions are answered (see the class comment).
            "IGNORE_SPACE");

    /** The protocol's server status flags (SERVER_STATUS_IN_TRANS, SERVER_STATUS_AUTOCOMMIT), the same for both servers. */
    static final int IN_TRANSACTION = 1;
    static final int AUTOCOMMIT = 2;

    private final AtomicReference<String> referenceMode;
    /** Reads the status flags of the driver's last reply from {@link #statusOwner}; null: the driver does not tell. */
    private MethodHandle status;
    private Object statusOwner;
    private boolean statusBound;
    /**
     * MySQL Connector/J: flags of 0 are not the server's word. An error packet carries no status,
     * and the driver then sets its flags to 0 (measured with 8.x, server-side prepared statements:
     * after a failed execute the flags read 0 until the next OK, though auto-commit is on), which
     * read as "auto-commit off" had the gate count every later lookup as in a transaction.
     */
    private boolean zeroIsUnknown;

    MySqlSessionProbe(AtomicReference<String> referenceMode) {
        this.referenceMode = referenceMode;
    }

    /**
     * Every reply of the server (OK, EOF, error packets) carries its status flags, and both drivers
     * keep the last ones: MariaDB Connector/J in its connection's {@code Context} (its own {@code
     * getAutoCommit()} reads them), MySQL Connector/J in its {@code ServerSession} (whose {@code
     * getAutoCommit()} is the client's own flag instead: SQL {@code SET autocommit = 0} does not move
     * it). {@code SERVER_STATUS_IN_TRANS} is set from {@code START TRANSACTION}, {@code BEGIN}, {@code
     * XA START}, or the first use of an InnoDB table with auto-commit off, until the transaction ends:
     * the server's transaction exactly, whoever began it. Read through the drivers' public interfaces
     * by reflection (neither driver is a dependency of the module), bound once per connection; a
     * local read per call.
     */
    private int serverStatus(Connection connection) {
        if (!statusBound) {
            statusBound = true;
            bindStatus(connection);
        }
        if (status == null) {
            return -1;
        }
        try {
            int flags = (int) status.invokeExact(statusOwner);
            return flags == 0 && zeroIsUnknown ? -1 : flags;
        } catch (Throwable e) {
            return -1;
        }
    }

    private void bindStatus(Connection connection) {
        try {
            Connection raw = connection.isWrapperFor(Connection.class) ? connection.unwrap(Connection.class) : connection;
            ClassLoader loader = raw.getClass().getClassLoader();
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> mariaDb = type("org.mariadb.jdbc.Connection", loader);
            if (mariaDb != null && connection.isWrapperFor(mariaDb)) {
                MethodHandle context = lookup.unreflect(mariaDb.getMethod("getContext"));
                MethodHandle flags = lookup.unreflect(type("org.mariadb.jdbc.client.Context", loader)
                        .getMethod("getServerStatus"));
                statusOwner = connection.unwrap(mariaDb);
                status = MethodHandles.filterReturnValue(context, flags).asType(MethodType.methodType(int.class,
                        Object.class));
                return;
            }
            Class<?> connectorJ = type("com.mysql.cj.MysqlConnection", loader);
            if (connectorJ != null && connection.isWrapperFor(connectorJ)) {
                MethodHandle session = lookup.unreflect(connectorJ.getMethod("getSession"));
                MethodHandle serverSession = lookup.unreflect(type("com.mysql.cj.Session", loader)
                        .getMethod("getServerSession"));
                MethodHandle flags = lookup.unreflect(type("com.mysql.cj.protocol.ServerSession", loader)
                        .getMethod("getStatusFlags"));
                statusOwner = connection.unwrap(connectorJ);
                zeroIsUnknown = true;
                status = MethodHandles.filterReturnValue(MethodHandles.filterReturnValue(session, serverSession), flags)
                        .asType(MethodType.methodType(int.class, Object.class));
            }
        } catch (ReflectiveOperationException | SQLException | RuntimeException | LinkageError e) {
            LOG.debug("Cannot read the server status flags of {}: transactions begun by procedures are not seen",
                    connection, e);
            status = null;
        }
    }

    private static Class<?> type(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    @Override
    boolean transactionOpenOnServer(Connection connection) {
        int flags = serverStatus(connection);
        return flags >= 0 && (flags & IN_TRANSACTION) != 0;
    }

    @Override
    boolean autoCommit(Connection connection) throws SQLException {
        int flags = serverStatus(connection);
        return flags >= 0 ? (flags & AUTOCOMMIT) != 0 : connection.getAutoCommit();
    }

    /**
     * InnoDB begins the server's transaction at the first statement that opens an InnoDB table (a
     * read, even one that finds nothing; not {@code SELECT 1}) and fixes its isolation level then
     * (measured on MariaDB 10.11): the answered lookup would have been that statement, so an empty
     * read of its table now begins the transaction as it would have, before anything else reaches
     * the session ({@code SET TRANSACTION} then raises 1568, a level set afterwards applies to the
     * next transaction). Its diagnostics are an empty lookup's (see {@link #restoreDiagnostics}).
     * A table of another engine begins nothing, as the lookup would not have.
     */
    @Override
    void beginIfIdle(Connection connection, io.bloomgate.sql.GuardedTable answered) throws SQLException {
        restoreDiagnostics(connection, answered); // in auto-commit, one more empty read: harmless
    }

    /**
     * An empty read of the table (measured on MariaDB 10.11, {@code MariaDbSessionDiagnosticsTest}):
     * after it, as after an empty lookup, {@code ROW_COUNT()} is -1, {@code FOUND_ROWS()} 0, and
     * the warnings and errors of the statement before are gone ({@code SELECT ... FROM DUAL} would
     * keep them: a statement without a table does not reset the list).
     */
    @Override
    void restoreDiagnostics(Connection connection, io.bloomgate.sql.GuardedTable table) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1 FROM " + quote(table.schema()) + "." + quote(table.table())
                        + " WHERE 1 = 0")) {
            rs.next();
        }
    }

    @Override
    Facts read(Connection connection, String defaultSchema, String[] guardedTables) throws SQLException {
        int isolation = connection.getTransactionIsolation();
        boolean same;
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT DATABASE(), @@SESSION.sql_mode,"
                        + " @@SESSION.character_set_connection")) {
            rs.next();
            String mode = rs.getString(2);
            same = defaultSchema.equals(rs.getString(1)) && neutral(mode) && isReference(mode)
                    && "utf8mb4".equalsIgnoreCase(rs.getString(3));
        }
        if (same) {
            try (Statement s = connection.createStatement()) {
                for (String table : guardedTables) {
                    try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + quote(defaultSchema) + "."
                            + quote(table))) {
                        if (rs.next() && rs.getString(2).startsWith("CREATE TEMPORARY")) {
                            same = false;
                        }
                    }
                }
            }
        }
        return new Facts(isolation, same);
    }

    /** Whether {@code sqlMode} is the reference mode, which the first session read sets. */
    private boolean isReference(String sqlMode) {
        String flags = flags(sqlMode);
        referenceMode.compareAndSet(null, flags);
        return flags.equals(referenceMode.get());
    }

    /** The mode's flags, upper case, sorted: the server lists them in its own order. */
    static String flags(String sqlMode) {
        return new TreeSet<>(Arrays.asList(sqlMode.toUpperCase(Locale.ROOT).replace(" ", "").split(","))).toString();
    }

    static boolean neutral(String sqlMode) {
        if (sqlMode == null) {
            return false;
        }
        for (String mode : sqlMode.toUpperCase(Locale.ROOT).split(",")) {
            if (!NEUTRAL_MODES.contains(mode.trim())) {
                return false;
            }
        }
        return true;
    }

    static String quote(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
    }
}
