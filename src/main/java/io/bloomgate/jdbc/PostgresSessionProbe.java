package io.bloomgate.jdbc;

import java.lang.reflect.Field;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's session facts in one round trip: the transaction isolation, the schema unqualified
 * names resolve to first ({@code current_schema()}, which follows {@code search_path}, {@code
 * "$user"} after {@code SET ROLE} and anything else that moves it), and whether a temporary table
 * shadows a guarded name ({@code pg_temp} is searched before the path), and that nothing can come
 * before the build's schema in {@code search_path} ({@link #searchedFirst}). Loaded only when pgjdbc is
 * the driver.
 */
final class PostgresSessionProbe extends SessionProbe {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresSessionProbe.class);

    private static final String QUERY = "SELECT pg_catalog.current_setting('transaction_isolation'),"
            + " pg_catalog.current_schema(),"
            // pg_catalog too: searched first unless the path names it later, and then a guarded table
            // named like a catalog relation (public.pg_tables) is not what its unqualified name reads.
            + " EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.relnamespace IN (pg_catalog.pg_my_temp_schema(),"
            + " 'pg_catalog'::pg_catalog.regnamespace) AND c.relname = ANY (?)),"
            + " (SELECT pg_catalog.count(*) = pg_catalog.cardinality(?::text[])"
            + " AND pg_catalog.bool_and(pg_catalog.has_schema_privilege(n.oid, 'USAGE')"
            + " AND pg_catalog.has_table_privilege(c.oid, 'SELECT'))"
            + " FROM ROWS FROM (pg_catalog.unnest(?::text[]), pg_catalog.unnest(?::text[])) AS g(s, t)"
            + " JOIN pg_catalog.pg_namespace n ON n.nspname = g.s"
            + " JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = g.t),"
            + " pg_catalog.current_setting('search_path'), CURRENT_USER";

    /**
     * Whether the role may read each table a lookup joins, as PostgreSQL's parser and executor check
     * before any row is read (42501 otherwise, whatever the key), and what those tables are: an
     * unqualified name is the first relation of that name in the session's effective search path
     * ({@code current_schemas(true)}: pg_temp and pg_catalog included, only schemas the role may
     * use), a qualified one needs {@code USAGE} on its schema. Only plain and partitioned tables
     * without row-level security count: a view reads its base tables with other rights ({@code
     * security_invoker} ones with the role's), and a policy on a joined table may raise on rows
     * PostgreSQL reads when it joins in another order. The second column is the tables' definition
     * (oid, then each column's name, type, modifier and collation): an answer's copied metadata
     * describes the tables as they were when it was copied.
     */
    private static final String JOINED_QUERY = "SELECT pg_catalog.bool_and(r.ok IS TRUE),"
            + " pg_catalog.string_agg(COALESCE(r.def, '?'), ';' ORDER BY g.i)"
            + " FROM ROWS FROM (pg_catalog.unnest(?::text[]), pg_catalog.unnest(?::text[])) WITH ORDINALITY AS g(s, t, i)"
            + " LEFT JOIN LATERAL (SELECT c.relkind IN ('r', 'p') AND NOT c.relrowsecurity"
            + " AND pg_catalog.has_table_privilege(c.oid, 'SELECT') AS ok,"
            + " c.oid::text || ':' || COALESCE((SELECT pg_catalog.string_agg(a.attname || ' ' || a.atttypid || ' '"
            + " || a.atttypmod || ' ' || a.attcollation, ',' ORDER BY a.attnum) FROM pg_catalog.pg_attribute a"
            + " WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') AS def"
            + " FROM pg_catalog.unnest(CASE WHEN g.s IS NULL THEN pg_catalog.current_schemas(true)"
            + " ELSE ARRAY[g.s::name] END) WITH ORDINALITY AS p(n, i)"
            + " JOIN pg_catalog.pg_namespace ns ON ns.nspname = p.n"
            + " JOIN pg_catalog.pg_class c ON c.relnamespace = ns.oid AND c.relname = g.t"
            + " WHERE pg_catalog.has_schema_privilege(ns.oid, 'USAGE') ORDER BY p.i LIMIT 1) r ON true";

    /** {@link #mayRead}'s answers per joined-table list (a plan's own array), until the session is read again. */
    private final java.util.Map<String[][], JoinedRights> joinedRights = new java.util.IdentityHashMap<>();

    /** @param definition the joined tables' definition if the role may read them all, else null */
    private record JoinedRights(String definition, long readAt) {
    }

    /** The guarded tables' schemas and names, pairwise (catalog case): see {@link #read}. */
    private final String[] schemas;
    private final String[] tables;

    private BaseConnection pg;
    private boolean unwrapped;

    /** A probe that knows no guarded table: its {@link #read} never finds the session as built. */
    PostgresSessionProbe() {
        this(new String[0], new String[0]);
    }

    PostgresSessionProbe(String[] schemas, String[] tables) {
        this.schemas = schemas;
        this.tables = tables;
    }

    /**
     * Besides isolation and name resolution, whether the session's role may read every guarded
     * table: the same session check every lookup passes. A role without the {@code SELECT}
     * privilege on the table (or {@code USAGE} on its schema) gets 42501 from the server for any
     * lookup, absent key or not, so an answer from the filter would hide that error: after {@code
     * SET ROLE}, or for a connection of another user ({@code getConnection(user, password)}, the
     * {@code jdbc:bloomgate:} driver's per-connection properties). Table-level privilege only: a
     * role granted some columns passes through. A privilege revoked while the session lives is
     * not seen until the session is read again: at most a second later ({@code
     * SessionState.FACTS_TTL_NANOS}).
     */
    @Override
    Facts read(Connection connection, String defaultSchema, String[] guardedTables) throws SQLException {
        joinedRights.clear(); // the role or the search path may have moved: the joined tables' rights too
        try (PreparedStatement ps = connection.prepareStatement(QUERY)) {
            ps.setArray(1, connection.createArrayOf("text", guardedTables));
            Array tableArray = connection.createArrayOf("text", tables);
            ps.setArray(2, tableArray);
            ps.setArray(3, connection.createArrayOf("text", schemas));
            ps.setArray(4, tableArray);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int isolation = isolation(rs.getString(1));
                boolean same = defaultSchema.equals(rs.getString(2)) && !rs.getBoolean(3)
                        && rs.getBoolean(4) // NULL (a table not found) reads false: pass through
                        && searchedFirst(defaultSchema, rs.getString(5), rs.getString(6));
                return new Facts(isolation, same);
            }
        }
    }

    /**
     * Whether {@code schema} is the first schema {@code searchPath} names (after {@code "$user"} is
     * read as {@code currentUser}; {@code pg_catalog} and {@code pg_temp} aside, see {@link #read}).
     * {@code current_schema()} is only the first entry that exists <em>now</em> and that the role may
     * use: an entry before it that names no such schema yet ({@code "$user"} by default) is one
     * another session can create, or grant {@code USAGE} on, at any moment, with a table named like
     * a guarded one in it, and the session then reads that table with no statement of its own to
     * say so. So unqualified names count as resolved as at build only when nothing can come before
     * the build's schema. A search path the split below does not understand counts as different.
     */
    static boolean searchedFirst(String schema, String searchPath, String currentUser) {
        List<String> entries = searchPathEntries(searchPath);
        if (entries == null) {
            return false;
        }
        for (String entry : entries) {
            if (entry.equals("pg_catalog") || entry.equals("pg_temp")) {
                // Neither takes tables from other sessions: pg_catalog only with allow_system_table_mods
                // (read checks its relations named like guarded tables), pg_temp only this session's,
                // through statements the gate sees (read checks the ones already there).
                continue;
            }
            String name = entry.equals("$user") ? currentUser : entry;
            if (!schema.equals(name) && !FIRST_ENTRY_WARNED.getAndSet(true)) {
                LOG.warn("Lookups with unqualified names pass through on sessions whose search_path ({}) names {}"
                        + " before the guarded tables' schema {}: a schema of that name, created later by anyone,"
                        + " would be searched first. Set the search path to start with {} to have them answered"
                        + " (e.g. ALTER ROLE {} SET search_path = {}); this is logged once.",
                        searchPath, entry.equals("$user") ? "\"$user\" (" + currentUser + ")" : name, schema, schema,
                        currentUser, schema);
            }
            return schema.equals(name);
        }
        return false;
    }

    /** Logs {@link #searchedFirst}'s advice once per JVM: every session of such an application would repeat it. */
    private static final java.util.concurrent.atomic.AtomicBoolean FIRST_ENTRY_WARNED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * The schema names of a {@code search_path} setting as PostgreSQL splits it ({@code
     * SplitIdentifierString}: comma-separated, blanks around names ignored, double-quoted names exact
     * with {@code ""} for a quote, unquoted ones folded to lower case); null if it is not such a list.
     */
    static List<String> searchPathEntries(String setting) {
        if (setting == null) {
            return null;
        }
        List<String> entries = new java.util.ArrayList<>();
        int n = setting.length();
        int i = 0;
        while (i < n && Character.isWhitespace(setting.charAt(i))) {
            i++;
        }
        if (i == n) {
            return entries; // an empty search path
        }
        while (true) {
            StringBuilder name = new StringBuilder();
            if (i < n && setting.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= n) {
                        return null; // unterminated quote
                    }
                    char c = setting.charAt(i++);
                    if (c == '"') {
                        if (i < n && setting.charAt(i) == '"') {
                            name.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        name.append(c);
                    }
                }
            } else {
                while (i < n && setting.charAt(i) != ',' && !Character.isWhitespace(setting.charAt(i))) {
                    char c = setting.charAt(i++);
                    name.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
                }
                if (name.length() == 0) {
                    return null; // an empty unquoted name
                }
            }
            entries.add(name.toString());
            while (i < n && Character.isWhitespace(setting.charAt(i))) {
                i++;
            }
            if (i == n) {
                return entries;
            }
            if (setting.charAt(i) != ',') {
                return null;
            }
            i++;
            while (i < n && Character.isWhitespace(setting.charAt(i))) {
                i++;
            }
        }
    }

    /**
     * See {@link #JOINED_QUERY}. Read again once a second old, as the session's other facts
     * ({@code SessionState.FACTS_TTL_NANOS}), so that a {@code REVOKE} by another session is seen
     * within a second. A read inside a transaction (Hibernate's eager loads run in one) may begin it
     * and take its snapshot, as the lookup that asks would have at the same moment; at REPEATABLE
     * READ that lookup passes through anyway (its table was not read in the snapshot yet).
     */
    @Override
    String mayRead(Connection connection, String[][] tables) {
        transactionFailed(connection); // unwraps
        JoinedRights known = joinedRights.get(tables);
        if (known != null && System.nanoTime() - known.readAt() <= SessionState.FACTS_TTL_NANOS) {
            return known.definition();
        }
        if (pg == null || pg.getTransactionState() == TransactionState.FAILED) {
            return null;
        }
        String[] schemas = new String[tables.length];
        String[] names = new String[tables.length];
        for (int i = 0; i < tables.length; i++) {
            schemas[i] = tables[i][0];
            names[i] = tables[i][1];
        }
        String definition;
        try (PreparedStatement ps = connection.prepareStatement(JOINED_QUERY)) {
            ps.setArray(1, connection.createArrayOf("text", schemas));
            ps.setArray(2, connection.createArrayOf("text", names));
            try (ResultSet rs = ps.executeQuery()) {
                definition = rs.next() && rs.getBoolean(1) ? rs.getString(2) : null;
            }
        } catch (SQLException e) {
            LOG.debug("Could not read the rights on joined tables: the lookup passes through", e);
            return null;
        }
        joinedRights.put(tables, new JoinedRights(definition, System.nanoTime()));
        return definition;
    }

    private static int isolation(String level) {
        switch (level == null ? "" : level) {
            case "read committed":
                return Connection.TRANSACTION_READ_COMMITTED;
            case "read uncommitted":
                return Connection.TRANSACTION_READ_UNCOMMITTED;
            case "repeatable read":
                return Connection.TRANSACTION_REPEATABLE_READ;
            default:
                return Connection.TRANSACTION_SERIALIZABLE; // serializable, or unknown: answer nothing
        }
    }

    @Override
    void beginIfIdle(Connection connection, io.bloomgate.sql.GuardedTable answered) throws SQLException {
        transactionFailed(connection); // unwraps
        if (pg != null && pg.getTransactionState() == TransactionState.IDLE && !connection.getAutoCommit()) {
            try (java.sql.Statement s = connection.createStatement()) {
                s.execute("SELECT 1"); // pgjdbc sends BEGIN before it, as before the lookups it answered
            }
        }
    }

    @Override
    SQLException refusalMidTransaction(Connection connection, String what) {
        transactionFailed(connection); // unwraps
        if (pg != null && pg.getTransactionState() != TransactionState.IDLE) {
            return null; // the driver sees the transaction and refuses by itself
        }
        return new org.postgresql.util.PSQLException("Cannot change transaction " + what
                + " in the middle of a transaction.", org.postgresql.util.PSQLState.ACTIVE_SQL_TRANSACTION);
    }

    /**
     * pgjdbc server-prepares a SQL text on a connection once it has run it {@code prepareThreshold}
     * times there, and PostgreSQL refuses such a statement when another search path would give it
     * other result columns: pgjdbc re-prepares it in autocommit, but in a transaction the error
     * (0A000, "cached plan must not change result type") reaches the application. The gate's answers
     * never reach pgjdbc, so on the gate's connection a lookup's text is prepared later than the
     * application's executions would have prepared it, possibly under another search path than the
     * one a direct connection would have (re-)prepared it under: after {@code set_config('search_path',
     * ...)} or {@code SET ROLE} and back, the gate's connection could raise 0A000 where a direct one
     * returns rows. pgjdbc forgets its prepared statements by itself after {@code SET search_path}
     * (it bumps the executor's deallocation epoch); it cannot see the other ways the search path
     * moves, which the gate sees: the gate bumps the same epoch then. The field is private: a pgjdbc
     * without it keeps its statements (as before).
     */
    @Override
    void forgetPreparedStatements(Connection connection) {
        transactionFailed(connection); // unwraps
        if (pg == null || DEALLOCATE_EPOCH == null) {
            return;
        }
        Object executor = pg.getQueryExecutor();
        if (!DEALLOCATE_EPOCH.getDeclaringClass().isInstance(executor)) {
            return;
        }
        try {
            DEALLOCATE_EPOCH.setShort(executor, (short) (DEALLOCATE_EPOCH.getShort(executor) + 1));
        } catch (IllegalAccessException | RuntimeException e) {
            LOG.debug("Could not make pgjdbc forget its prepared statements", e);
        }
    }

    /** pgjdbc's executor's deallocation epoch (see {@link #forgetPreparedStatements}), or null if absent. */
    private static final Field DEALLOCATE_EPOCH = deallocateEpoch();

    private static Field deallocateEpoch() {
        try {
            Field f = Class.forName("org.postgresql.core.v3.QueryExecutorImpl").getDeclaredField("deallocateEpoch");
            if (f.getType() != short.class) {
                return null;
            }
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.debug("pgjdbc has no accessible deallocateEpoch: prepared statements are kept after a session move", e);
            return null;
        }
    }

    @Override
    boolean transactionFailed(Connection connection) {
        if (!unwrapped) {
            unwrapped = true;
            try {
                pg = connection.unwrap(BaseConnection.class);
            } catch (SQLException | RuntimeException e) {
                pg = null;
            }
        }
        // Unknown (a wrapper that hides pgjdbc): assume it could be aborted, so nothing is answered.
        return pg == null || pg.getTransactionState() == TransactionState.FAILED;
    }
}
